import fs from 'node:fs';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Debian's Chromium; nothing here downloads a browser. Its old headless shell when installed (as
 * .ci/install-test-deps does): the same engine without the full browser's windowing, a third less
 * CPU over the journeys (docs/testing.md). CHROMIUM_PATH=/usr/bin/chromium runs the full browser,
 * which `--headed` needs.
 */
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** E2E_PORT_BASE moves all three servers, so that two checkouts can run their suites side by side. */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const PORT = BASE;
const FAILING_PORT = BASE + 1;
const STANDIN_PORT = BASE + 99;
process.env.E2E_FRONT_URL = `http://localhost:${FAILING_PORT}`;
process.env.E2E_STANDIN_URL = `http://127.0.0.1:${STANDIN_PORT}`;
/**
 * The guessing limits, lowered for the lock journey and raised per client so suites never lock
 * each other out: every journey comes from 127.0.0.1 (the group journeys alone start a participant
 * with KWDEMO01 dozens of times and type dozens of wrong group codes; the portal journeys start
 * many invoices). The demo assessments' key checks are not paced: journeys of both workers log in
 * to the same ones. Journeys set the demo participants' keys again and again, and mail the same
 * buyer and participant addresses run after run.
 */
const LIMITS =
  'ACCESS_CODE_MAX_FAILURES_PER_ASSESSMENT=12 ACCESS_CODE_MAX_FAILURES_PER_CLIENT=1000 ACCESS_CODE_CHECK_BURST=100000 IDENT_CODE_MAX_FAILURES_PER_CLIENT=1000 ' +
  'GROUP_CODE_MAX_FAILURES_PER_CLIENT=100000 GROUP_CODE_MAX_LOGINS_PER_CLIENT=100000 PORTAL_MAX_INVOICES_PER_CLIENT_PER_HOUR=100000 ' +
  'PERSONAL_KEY_MAX_CHANGES_PER_PARTICIPANT_PER_HOUR=100000';
/**
 * Mail: the app sends to the SMTP server a journey runs on this port (e2e/support/smtp.ts, the
 * journeys of e2e/group/email.spec.ts); while none runs, nothing listens there and a mail is not
 * sent, as with a server that is down. Every journey comes from 127.0.0.1, so the per-client mail
 * limit is raised; links in mails point at this server.
 */
const SMTP_PORT = BASE + 98;
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
const MAIL = `SMTP_URL=smtp://127.0.0.1:${SMTP_PORT} SMTP_TIMEOUT_MS=3000 MAIL_MAX_PER_CLIENT_PER_HOUR=100000 MAIL_MAX_PER_RECIPIENT_PER_HOUR=100000 PUBLIC_URL=http://localhost:${PORT}`;

/**
 * Every server the journeys start on a new PGlite folder begins from a dump of an empty cluster
 * instead of initdb (lib/sql/emptyCluster.ts): 8 s of CPU less per start (`npm run test:fuzz` too).
 * The newcomer's journey still starts from initdb, as an operator does.
 */
process.env.TEST_PGLITE_FROM_DUMP ??= 'on';

/**
 * QA against a deployed instance: BASE_URL is its address, no server is started here, and the
 * journeys that need what only these servers give skip themselves (e2e/support/deployed.ts).
 */
const DEPLOYED = process.env.BASE_URL;

/**
 * The PostgreSQL pass: with E2E_DATABASE_URL (a database the suite may empty) the app runs on it
 * instead of PGlite, starting from an emptied schema, and the journeys that need it join in.
 */
const DATABASE_URL = process.env.E2E_DATABASE_URL;
const ON_DATABASE = DATABASE_URL ? 'node e2e/support/empty-database.mjs && DATABASE_URL="$E2E_DATABASE_URL" ' : '';
const POSTGRES_SPECS = ['**/two-instances.spec.ts', '**/console-two-instances.spec.ts', '**/workers.spec.ts', '**/metrics-workers.spec.ts', '**/rolling-restart.spec.ts'];

const DESKTOP = { ...devices['Desktop Chrome'], channel: undefined };
/**
 * The journeys that run the SMTP server on SMTP_PORT or rely on nothing listening there: one at a
 * time (project 'mail'), since two cannot listen on one port and a server one of them runs would
 * take the mail that "SMTP down" expects to fail.
 */
// The portal's payments send a confirmation mail (e2e/portal/payment.spec.ts): they must not land in another journey's SMTP server.
const MAIL_SPECS = ['**/email.spec.ts', '**/kodew-end-to-end.spec.ts', '**/kgc.spec.ts', '**/portal/payment.spec.ts'];
/**
 * The journeys that wait for a session to near its end or to end: minutes of waiting on the clock
 * with little for the CPU to do, so they run beside two workers that do (project 'timers').
 */
const TIMER_SPECS = ['**/session-timeout.spec.ts', '**/session-ended.spec.ts', '**/session-timeout-offline.spec.ts'];
/**
 * The journeys of Firefox and WebKit (e2e/engines): Debian's firefox-esr over WebDriver BiDi and
 * WebKitGTK through WebKitWebDriver under an Xvfb of their own, one browser at a time per engine.
 */
const ENGINE_SPECS = ['**/engines/*.spec.ts', '**/engines/firefox/*.spec.ts', '**/engines/webkit/*.spec.ts'];
/** Both engines' journeys, and those of one engine alone (what only its protocol can do, or only it needs). */
const engineSpecs = (engine: 'firefox' | 'webkit') => ['**/engines/*.spec.ts', `**/engines/${engine}/*.spec.ts`];
type EngineOption = { engineName: 'firefox' | 'webkit' };

/** The journeys that talk to the stand-in upstream (E2E_FRONT_URL, E2E_STANDIN_URL). */
const STANDIN_SPECS = ['**/failures.spec.ts', '**/branding.spec.ts', '**/rated-count.spec.ts', '**/token-renewal.spec.ts', '**/upstream-failure.spec.ts', '**/start-form-texts.spec.ts'];

/**
 * E2E_ONLY_APP_SERVER=1: the app alone, without the stand-in upstream and the app in front of it,
 * for runs of journeys that use neither (the PostgreSQL pass).
 */
const ONLY_APP = process.env.E2E_ONLY_APP_SERVER === '1';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two journeys that work the browser at a time keep two cores busy (Chromium most of all); more
  // took as long, and journeys that wait on timers failed for want of CPU. The third worker is for
  // the session-timeout journeys ('timers'), which mostly wait (docs/testing.md).
  workers: 3,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]), ...(DEPLOYED ? [['./e2e/support/skipReasons.ts'] as const] : [])],
  use: {
    baseURL: DEPLOYED ?? `http://localhost:${PORT}`,
    // No trace while journeys pass: recording one took a fifth of the suite's CPU. A failure still
    // leaves its screenshot and error context; `npx playwright test --trace on` records them all.
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'de-DE',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // First, so that they take the third worker from the start; one file at a time, each with a server of its own.
    { name: 'timers', use: DESKTOP, testMatch: TIMER_SPECS, workers: DEPLOYED ? undefined : 1 },
    { name: 'chromium', use: DESKTOP, testIgnore: [...TIMER_SPECS, ...STANDIN_SPECS, ...MAIL_SPECS, ...ENGINE_SPECS, ...(DATABASE_URL ? [] : POSTGRES_SPECS)], workers: DEPLOYED ? undefined : 2 },
    // Against BASE_URL no journey runs an SMTP server (they need 'smtp'), so the rest need not wait for each other.
    { name: 'mail', use: DESKTOP, testMatch: MAIL_SPECS, workers: DEPLOYED ? undefined : 1 },
    // These share the one stand-in upstream, which some of them switch to failing or to dropping
    // texts: one at a time, so that a switch never reaches another's journey.
    { name: 'standin', use: DESKTOP, testMatch: STANDIN_SPECS, workers: 1 },
    // Only against the suite's own servers: their demo rows and the engines are this machine's.
    ...(DEPLOYED
      ? []
      : (['firefox', 'webkit'] as const).map((engineName) => ({ name: engineName, use: { ...DESKTOP, engineName } as typeof DESKTOP & EngineOption, testMatch: engineSpecs(engineName), workers: 1 }))),
  ],
  webServer: DEPLOYED ? [] : ONLY_APP ? servers().slice(0, 1) : servers(),
});

/** The app with the embedded API first; then the stand-in upstream and the app in front of it. */
function servers(): WebServer[] {
  return [
    {
      // The app with the embedded API on a fresh data folder (or emptied database), as a fresh machine would start it.
      command: `rm -rf .data-e2e && ${ON_DATABASE}DEMO_MODE=on DATA_DIR=.data-e2e ${LIMITS} ${MAIL} node server.mjs -p ${PORT}`,
      url: `http://localhost:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // A stand-in upstream on its own port that the failure journeys can switch to failing; its
      // tokens live 30 s, so that the renewal journey sees one renewed.
      command: `rm -rf .data-e2e-standin && DEMO_MODE=on DATA_DIR=.data-e2e-standin TOKEN_TTL_SECONDS=30 ${LIMITS} node_modules/.bin/tsx e2e/support/upstream-standin.ts ${STANDIN_PORT}`,
      url: `http://127.0.0.1:${STANDIN_PORT}/__control`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
    {
      // The same app in front of that stand-in, as an operator runs it with UPSTREAM_API_URL.
      // The stand-in's tokens live 30 s: the session-timeout warning (120 s by default) would cover every page from the start.
      // One process (WEB_CONCURRENCY=1, where a real upstream would get a worker per core): the journeys
      // read its log, whose once-only warnings are once per process.
      command: `mkdir -p test-results && ${LIMITS} UPSTREAM_API_URL=http://127.0.0.1:${STANDIN_PORT} UPSTREAM_TIMEOUT_MS=1500 SESSION_WARNING_SECONDS=5 WEB_CONCURRENCY=1 DATA_DIR=.data-e2e-front node server.mjs -p ${FAILING_PORT} > test-results/front-server.log 2>&1`,
      url: `http://localhost:${FAILING_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ];
}
