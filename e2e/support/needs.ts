/**
 * What a journey needs beyond a running instance, and whether a run against BASE_URL (a deployed
 * instance, README "QA against a deployed instance") has it. Pure, so that jest checks the rule
 * (needs.test.ts); e2e/support/deployed.ts turns it into Playwright tags and skips.
 */

export const NEEDS = {
  /** The stand-in upstream of playwright.config.ts, which some journeys switch to failing. */
  standin: 'needs the stand-in upstream that only the suite\'s own servers provide (E2E_STANDIN_URL): run it without BASE_URL',
  /** ACCESS_CODE_MAX_FAILURES_PER_ASSESSMENT=12 of the config's LIMITS, and a row it locks for 15 minutes. */
  limits: 'needs the suite\'s lowered guessing limit (ACCESS_CODE_MAX_FAILURES_PER_ASSESSMENT=12, LIMITS in playwright.config.ts): run it without BASE_URL',
  /** Servers it starts itself on this machine (e2e/support/edgeServer.ts). */
  'own-server': 'starts servers of its own on this machine with settings of their own: run it without BASE_URL',
  /** The app sends mail to the SMTP server the journey runs (SMTP_URL of playwright.config.ts, e2e/support/smtp.ts). */
  smtp: 'needs the app to send its mail to the SMTP server the journey runs on this machine (SMTP_URL in playwright.config.ts): run it without BASE_URL',
  /** The server's log file or data folder, read from this machine. */
  'server-files': 'reads the server\'s log or data folder on this machine: run it without BASE_URL',
  /**
   * The app's own stand-in of PayPal (/api/paypal-demo: checkout script and Orders API), which an
   * instance serves only in demo mode. Met when the run says the instance is in it (E2E_DEMO_PAYMENT=1).
   */
  'demo-payment':
    'pays with the app\'s demo PayPal provider (/api/paypal-demo), which an instance serves only with PAYPAL_MODE=demo (the default without PayPal credentials) ' +
    'and the embedded API: if this one does, set E2E_DEMO_PAYMENT=1',
  /**
   * A demo row that one run uses up: it finishes it, sets its key, registers it, saves pages of it
   * or spends its guessing allowance. Met by rows created through the admin command line
   * (rows.ts in this folder), or by a demo reset just before the run.
   */
  'single-use-row': '',
} as const;

export type Need = keyof typeof NEEDS;

/** What every need's tag starts with. */
export const NEEDS_TAG = '@needs-';
export const tagOf = (need: Need) => `${NEEDS_TAG}${need}`;

/**
 * The journeys the deployed check (deployed-check.ts) runs against its production server: one or
 * more per flow and per way a journey gets its rows (demo rows, fresh rows through lib/admin, the
 * demo payment). Every other journey runs once, in the main pass; running all of them again on
 * the deployed server proved nothing new and doubled CI's time (docs/testing.md).
 */
export const DEPLOYED_TAG = '@deployed';

/** The settings of a run that decide what it has; read from the environment by deployed.ts. */
export type RunSettings = {
  /** Where the journeys go; unset: the servers playwright.config.ts starts itself. */
  baseUrl?: string;
  /** E2E_ADMIN=1: journeys create their single-use rows through lib/admin on the instance's database. */
  admin?: string;
  /** DATABASE_URL: the deployed instance's PostgreSQL, for E2E_ADMIN. */
  databaseUrl?: string;
  /** E2E_DEMO_RESET=1: the demo rows were reset just before this run, so they may be used up once. */
  demoReset?: string;
  /** E2E_DEMO_PAYMENT=1: the instance pays with the demo provider (PAYPAL_MODE=demo), so journeys may pay there. */
  demoPayment?: string;
};

export function runSettings(env: Record<string, string | undefined>): RunSettings {
  return {
    baseUrl: env.BASE_URL || undefined,
    admin: env.E2E_ADMIN,
    databaseUrl: env.DATABASE_URL || undefined,
    demoReset: env.E2E_DEMO_RESET,
    demoPayment: env.E2E_DEMO_PAYMENT,
  };
}

/** How a journey gets its single-use rows: the demo rows as seeded, or fresh ones through lib/admin. */
export function rowSource(settings: RunSettings): 'demo' | 'admin' | 'unavailable' {
  // The suite's own servers start on fresh data folders: their demo rows are unused.
  if (!settings.baseUrl) return 'demo';
  if (settings.admin === '1' && settings.databaseUrl) return 'admin';
  return settings.demoReset === '1' ? 'demo' : 'unavailable';
}

const singleUseReason = (settings: RunSettings) =>
  settings.admin === '1'
    ? 'needs a single-use row, and E2E_ADMIN=1 needs DATABASE_URL set to the deployed instance\'s PostgreSQL (a PGlite DATA_DIR is held by the running app)'
    : 'needs a single-use demo row, which a run uses up: run `npm run admin -- demo reset` on the deployed instance and set E2E_DEMO_RESET=1 for one run, ' +
      'or set E2E_ADMIN=1 and DATABASE_URL to the deployed instance\'s PostgreSQL to create fresh rows';

/** Why a journey with these needs cannot run with these settings; undefined when it can. */
export function unmetReason(needs: readonly Need[], settings: RunSettings): string | undefined {
  if (!settings.baseUrl) return undefined;
  const reasons = needs.flatMap((need) => {
    if (need === 'single-use-row') return rowSource(settings) === 'unavailable' ? [singleUseReason(settings)] : [];
    if (need === 'demo-payment') return settings.demoPayment === '1' ? [] : [NEEDS[need]];
    return [NEEDS[need]];
  });
  return reasons.length > 0 ? `against ${settings.baseUrl}: ${reasons.join('; ')}` : undefined;
}

/**
 * Playwright test details for a journey or a group with these needs: tags @needs-<need>, and where
 * a need is unmet the 'skip' annotation with the reason, as test.skip(true, reason) in a describe
 * block records it. Playwright then starts none of the journeys and runs none of their hooks.
 */
export function detailsFor(needs: readonly Need[], settings: RunSettings): { tag: string[]; annotation: Array<{ type: 'skip'; description: string }> } {
  const reason = unmetReason(needs, settings);
  return { tag: needs.map(tagOf), annotation: reason ? [{ type: 'skip', description: reason }] : [] };
}
