/**
 * npm run bench:phone — the participant pages on a cheap phone: a production build with
 * the embedded API (`npm start`'s command on a free port and a fresh data folder, whose demo rows
 * seed themselves), Chromium throttled through the DevTools protocol as Lighthouse's mobile preset
 * (phone/conditions.ts). For the ranking, grid and slider questionnaires, the portal and the login
 * pages (/home, /accesscode):
 *   - time from navigation to the page usable (hydrated), cold (empty cache) and warm (reload);
 *   - page turns p50/p95/max: from the click on the button to the next page painted (the portal's
 *     turn: invoice form sent → summary), the requests and bytes of each turn, the layout shift;
 *   - first-load JavaScript and CSS as they travelled to Chromium (whatever encoding the server
 *     chose), and as gzip: the same URLs as the server sends them to a client that accepts only gzip
 *     (phone/sizes.ts); the JS gzip split into the Next/React runtime (.next/build-manifest.json
 *     rootMainFiles) and the app's own, and the runtime on its own (the floor of every page);
 *   - the size budget on the gzip figure: first-load JS ≤ 150 KB on participant pages,
 *     ≤ 135 KB on the login pages, PASS or OVER;
 *   - the slider's pictures (phone/pictures.ts): address, Cache-Control, bytes, natural size against
 *     the rendered width × devicePixelRatio, whether later visits came from the cache, the layout
 *     shift during the turns, and whether the first paint waits for a picture (a cold load as is, and
 *     one with the pictures held back);
 *   - Lighthouse 12 mobile on every page: performance, accessibility, best practices, CLS;
 *   - the framework's floor under the budgets (phone/floor.ts): a scratch App Router app built with
 *     the same next, an empty page and the smallest code form, counted the same way.
 * Prints two tables (time, size) and writes every figure to test-results/bench-phone.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { freePort, startServer, START_COMMAND, type RunningServer } from '../fuzz/server';
import { ensureBuild } from './phone/build';
import { CONDITIONS, CONDITIONS_TEXT } from './phone/conditions';
import { measureFrameworkFloor, type FrameworkFloor } from './phone/floor';
import { runLighthouse } from './phone/lighthouse';
import { lighthouseTargets, measurePages } from './phone/measurePages';
import { phoneOptions } from './phone/options';
import { printTables } from './phone/report';
import { BUDGET_KB, budgetOf, pageName } from './phone/results';
import { measureRuntimeFloor } from './phone/runtimeFloor';
import { measureSizes, rootMainFiles } from './phone/sizes';

const args = phoneOptions();
const TURNS = args.turns;
/**
 * CHROMIUM_PATH, else Debian's Chromium; the size budget alone (--turns 0, npm test) runs in its old
 * headless shell when installed (.ci/install-test-deps): the same engine and the same bytes, with
 * a third less CPU (51 → 36 s a run): what it checks is bytes, not times.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (TURNS === 0 && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const PAGES = args.pages;

const log = (line: string) => console.error(line);

async function main(): Promise<number> {
  const started = Date.now();
  if (!ensureBuild(log)) {
    log('npm run build failed: nothing to measure');
    return 2;
  }
  const port = args.port ? Number(args.port) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-phone-'));
  const logDir = path.join('test-results', 'bench-phone');
  fs.mkdirSync(logDir, { recursive: true });
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  // The server runs in its own process group; on any way out, end it by its own process id.
  const stopNow = () => {
    if (server && !server.exit()) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', stopNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopNow();
      process.exit(130);
    });
  }
  try {
    log(`starting ${START_COMMAND} (PORT=${port}, DATA_DIR=${dataDir}, NODE_ENV=production); log in ${logDir}/server.log`);
    server = await startServer({ port, dataDir, logFile: path.join(logDir, 'server.log') });
    const base = server.baseUrl;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const results = await measurePages(browser, base, PAGES, TURNS, log);
    await browser.close();
    browser = undefined;

    // The size budget in gzip bytes, whatever encoding the browser got; the framework's share of it.
    const runtimeFiles = rootMainFiles();
    const runtime = new Set(runtimeFiles);
    for (const result of results) {
      result.sizes = await measureSizes(result.cold, runtime);
      result.budget = budgetOf(result.kind, result.sizes);
    }
    const floor = await measureRuntimeFloor(base, runtimeFiles, results);

    if (!args.noLighthouse) {
      const targets = lighthouseTargets(PAGES);
      log(`Lighthouse 12 (mobile, simulated throttling) on ${targets.map((target) => target.name).join(', ')}`);
      const lighthouse = await runLighthouse(base, targets, log);
      for (const result of results) result.lighthouse = lighthouse[result.name];
    }

    // Last, with the browser closed and the server idle: a build of its own, timed by nothing else.
    let framework: FrameworkFloor | undefined;
    if (!args.noFloor) {
      log('the framework floor: next build of a scratch App Router app (phone/floor.ts)');
      framework = measureFrameworkFloor();
    }

    const over = results.filter((result) => result.budget?.verdict === 'OVER');
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:phone -- ${process.argv.slice(2).join(' ')}`.trim(),
      conditions: { ...CONDITIONS, text: CONDITIONS_TEXT, server: START_COMMAND, chromium: CHROMIUM },
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => +value.toFixed(2)) },
      turnsPerPage: TURNS,
      budgetKB: BUDGET_KB,
      overBudget: over.map((result) => pageName(result)),
      runtime: floor,
      framework,
      pages: results,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    fs.mkdirSync(path.dirname(args.json), { recursive: true });
    fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);

    console.log('');
    console.log(`Conditions: ${CONDITIONS_TEXT}. ${TURNS} turns per page. Load average ${report.machine.loadAverage.join(' ')}.`);
    printTables(results, floor, framework);
    console.log(`Every figure: ${args.json} (${report.seconds} s).`);
    if (over.length) console.log(`Over the budget: ${over.map((result) => `${pageName(result)} ${result.budget?.jsGzipKB} KB gzip > ${result.budget?.limitKB} KB`).join('; ')}`);
    return args.check && over.length ? 1 : 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
