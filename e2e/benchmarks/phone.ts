/**
 * npm run bench:phone — the participant pages on a cheap phone (issue 11): a production build with
 * the embedded API (`npm start`'s command on a free port and a fresh data folder, whose demo rows
 * seed themselves), Chromium throttled through the DevTools protocol as Lighthouse's mobile preset
 * (phone/conditions.ts). For the ranking, grid and slider questionnaires and the portal:
 *   - time from navigation to the page usable (hydrated), cold (empty cache) and warm (reload);
 *   - page turns p50/p95/max: from the click on the button to the next page shown (the portal's
 *     turn: invoice form sent → summary), the requests and bytes of each turn;
 *   - first-load JavaScript and CSS, as the browser fetched them (encoded bodies as they travelled;
 *     also gzip -9 of the bodies, as `npm run bench` counts them);
 *   - the size budget of issue 11: first-load JS ≤ 150 KB gzip on participant pages, ≤ 130 KB on
 *     the login pages (/home, /accesscode), PASS or OVER;
 *   - Lighthouse 12 mobile: performance, accessibility, best practices, CLS.
 * Prints a table and writes every figure to test-results/bench-phone.json.
 *
 *   npm run bench:phone -- [--turns 20] [--pages ranking,grid,slider,portal,login] [--no-lighthouse]
 *                          [--check] [--json <file>] [--port <port>]
 * Exits 0 whatever the figures (a measurement); with --check, 1 when a page is over its budget.
 * Needs `npx next build` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright';
import { freePort, startServer, START_COMMAND, type RunningServer } from '../fuzz/server';
import { CONDITIONS, CONDITIONS_TEXT, phoneContext, throttle } from './phone/conditions';
import { runLighthouse, type LighthouseFigures, type LighthouseTarget } from './phone/lighthouse';
import {
  KINDS,
  LOGIN_ROW,
  measureLoad,
  portalTurns,
  PORTAL_PATH,
  questionnaireTurns,
  ROWS,
  signIn,
  summarise,
  type Kind,
  type LoadFigures,
  type QuestionKind,
  type Turn,
  type TurnSummary,
} from './phone/pages';

const KB = 1024;
/** Issue 11, point 3: first-load JavaScript, gzip, as it travels. */
const BUDGET_KB = { participant: 150, login: 130 } as const;

const { values: args } = parseArgs({
  options: {
    turns: { type: 'string', default: process.env.BENCH_TURNS ?? '20' },
    pages: { type: 'string', default: KINDS.join(',') },
    'no-lighthouse': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    json: { type: 'string', default: path.join('test-results', 'bench-phone.json') },
    port: { type: 'string' },
  },
});
const TURNS = Number(args.turns);
if (!Number.isInteger(TURNS) || TURNS < 1) throw new Error(`--turns must be a positive integer, not ${args.turns}`);
const PAGES = args.pages.split(',').map((name) => name.trim()).filter(Boolean) as Kind[];
for (const name of PAGES) if (!KINDS.includes(name)) throw new Error(`--pages: unknown page kind ${name} (${KINDS.join(', ')})`);

type PageResult = {
  kind: Kind;
  path: string;
  row?: string;
  cold: LoadFigures;
  warm?: LoadFigures;
  turns?: TurnSummary;
  turnList?: Turn[];
  backTurns?: TurnSummary;
  budget: { limitKB: number; jsKB: number; verdict: 'PASS' | 'OVER' };
  lighthouse?: LighthouseFigures;
};

const log = (line: string) => console.error(line);
const kb = (bytes: number) => +(bytes / KB).toFixed(1);

function budgetOf(kind: Kind, cold: LoadFigures): PageResult['budget'] {
  const limitKB = kind === 'login' ? BUDGET_KB.login : BUDGET_KB.participant;
  const jsKB = kb(cold.js.bodyWireBytes);
  return { limitKB, jsKB, verdict: jsKB <= limitKB ? 'PASS' : 'OVER' };
}

async function measureQuestionnaire(browser: Browser, base: string, kind: QuestionKind): Promise<PageResult> {
  const row = ROWS[kind];
  log(`${kind}: sign in as ${row.identCode}`);
  const setup = await browser.newContext();
  await signIn(setup, base, row.identCode, row.accessCode);
  const cookies = await setup.cookies();
  await setup.close();
  const context = await phoneContext(browser);
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    const { network } = await throttle(page);
    const url = `${base}/questionnaire`;
    const cold = await measureLoad(page, network, url);
    log(`${kind}: usable after ${cold.usableMs} ms (cold); ${TURNS} turns`);
    const turnList = await questionnaireTurns(page, network, kind, TURNS);
    const warm = await measureLoad(page, network, url, 'reload');
    return { kind, path: '/questionnaire', row: row.row, cold, warm, turns: summarise(turnList), turnList, budget: budgetOf(kind, cold) };
  } finally {
    await context.close();
  }
}

async function measurePortal(browser: Browser, base: string): Promise<PageResult> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const { network } = await throttle(page);
    const url = `${base}${PORTAL_PATH}`;
    const cold = await measureLoad(page, network, url);
    log(`portal: usable after ${cold.usableMs} ms (cold); ${TURNS} turns invoice → summary`);
    const { forward, back } = await portalTurns(page, network, TURNS);
    const warm = await measureLoad(page, network, url, 'reload');
    return { kind: 'portal', path: PORTAL_PATH, row: 'PORTAL (PTDEMO01, portal 1)', cold, warm, turns: summarise(forward), turnList: [...forward, ...back], backTurns: summarise(back), budget: budgetOf('portal', cold) };
  } finally {
    await context.close();
  }
}

/** /home and /accesscode (the first pages a participant loads), each in an empty cache. */
async function measureLogin(browser: Browser, base: string): Promise<PageResult[]> {
  const results: PageResult[] = [];
  const home = await phoneContext(browser);
  try {
    const page = await home.newPage();
    const { network } = await throttle(page);
    const cold = await measureLoad(page, network, `${base}/home`);
    results.push({ kind: 'login', path: '/home', cold, budget: budgetOf('login', cold) });
  } finally {
    await home.close();
  }
  // /accesscode needs a session whose ident code was accepted: a deep link does that, unthrottled.
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  await setupPage.goto(`${base}/home/${LOGIN_ROW}`);
  await setupPage.waitForURL(/\/accesscode$/);
  const cookies = await setup.cookies();
  await setup.close();
  const access = await phoneContext(browser);
  try {
    await access.addCookies(cookies);
    const page = await access.newPage();
    const { network } = await throttle(page);
    const cold = await measureLoad(page, network, `${base}/accesscode`);
    if (!page.url().endsWith('/accesscode')) throw new Error(`/accesscode led to ${page.url()}`);
    results.push({ kind: 'login', path: '/accesscode', row: `${LOGIN_ROW} (P1-VIEW)`, cold, budget: budgetOf('login', cold) });
  } finally {
    await access.close();
  }
  for (const result of results) log(`login ${result.path}: usable after ${result.cold.usableMs} ms (cold)`);
  return results;
}

const pad = (text: string | number | undefined, width: number) => String(text ?? '–').padStart(width);

function printTable(results: readonly PageResult[]): void {
  const header = ['page', 'usable cold', 'warm', 'FCP', 'turn p50', 'p95', 'max', 'n', 'KB/turn', 'req/turn', 'JS KB', 'JS files', 'JS raw KB', 'CSS KB', 'budget', 'LH perf', 'a11y', 'BP', 'CLS'];
  const widths = [26, 11, 6, 6, 8, 6, 6, 3, 7, 8, 6, 8, 9, 6, 16, 7, 4, 4, 6];
  const line = (cells: Array<string | number | undefined>) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[0]!) : pad(cell, widths[i]!))).join(' ');
  console.log(line(header));
  for (const result of results) {
    const name = `${result.kind === 'login' ? 'login' : result.kind} ${result.path}`;
    const turns = result.turns;
    const lh = result.lighthouse;
    console.log(
      line([
        name.length > widths[0]! ? name.slice(0, widths[0]!) : name,
        `${result.cold.usableMs} ms`,
        result.warm?.usableMs,
        result.cold.firstContentfulPaintMs,
        turns ? `${turns.p50} ms` : undefined,
        turns?.p95,
        turns?.max,
        turns?.count,
        turns ? kb(turns.bytesP50) : undefined,
        turns ? (turns.requestsMin === turns.requestsMax ? turns.requestsMin : `${turns.requestsMin}–${turns.requestsMax}`) : undefined,
        kb(result.cold.js.bodyWireBytes),
        result.cold.js.files,
        kb(result.cold.js.decodedBytes),
        kb(result.cold.css.bodyWireBytes),
        `${result.budget.verdict} ≤ ${result.budget.limitKB}`,
        lh?.error ? 'error' : lh?.performance,
        lh?.accessibility,
        lh?.bestPractices,
        lh?.cumulativeLayoutShift,
      ]),
    );
  }
  console.log('');
  console.log('usable: navigation start → <html data-hydrated> (ms); warm: the same page reloaded with a warm cache; FCP: first contentful paint of the cold load.');
  console.log('turn: click → next page shown (ms), forward and back; the portal: invoice form sent → summary. KB/turn: median of every byte received per turn (headers and bodies).');
  console.log('JS KB / CSS KB: first-load scripts / style sheets as they travelled (encoded bodies, gzip from the server); JS raw KB: decoded. Budget: JS KB against issue 11 point 3.');
  for (const result of results) {
    if (result.lighthouse?.error) console.log(`Lighthouse ${result.kind}: ${result.lighthouse.error}`);
    else if (result.lighthouse?.finalUrl && new URL(result.lighthouse.finalUrl).pathname !== result.path) console.log(`Lighthouse ${result.kind}: ended on ${result.lighthouse.finalUrl}`);
  }
}

async function main(): Promise<number> {
  const started = Date.now();
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const results: PageResult[] = [];
    for (const kind of PAGES) {
      if (kind === 'ranking' || kind === 'grid' || kind === 'slider') results.push(await measureQuestionnaire(browser, base, kind));
      else if (kind === 'portal') results.push(await measurePortal(browser, base));
      else results.push(...(await measureLogin(browser, base)));
    }
    await browser.close();
    browser = undefined;

    if (!args['no-lighthouse']) {
      const targets: LighthouseTarget[] = [];
      for (const kind of PAGES) {
        if (kind === 'ranking' || kind === 'grid' || kind === 'slider') targets.push({ name: kind, path: '/questionnaire', signIn: ROWS[kind] });
        else if (kind === 'portal') targets.push({ name: kind, path: PORTAL_PATH });
      }
      log(`Lighthouse 12 (mobile, simulated throttling) on ${targets.map((target) => target.name).join(', ')}`);
      const lighthouse = await runLighthouse(base, targets, log);
      for (const result of results) if (result.kind !== 'login') result.lighthouse = lighthouse[result.kind];
    }

    const over = results.filter((result) => result.budget.verdict === 'OVER');
    const report = {
      date: new Date().toISOString(),
      command: `npm run bench:phone -- ${process.argv.slice(2).join(' ')}`.trim(),
      conditions: { ...CONDITIONS, text: CONDITIONS_TEXT, server: START_COMMAND, chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => +value.toFixed(2)) },
      turnsPerPage: TURNS,
      budgetKB: BUDGET_KB,
      overBudget: over.map((result) => `${result.kind} ${result.path}`),
      pages: results,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    fs.mkdirSync(path.dirname(args.json), { recursive: true });
    fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);

    console.log('');
    console.log(`Conditions: ${CONDITIONS_TEXT}. ${TURNS} turns per page. Load average ${report.machine.loadAverage.join(' ')}.`);
    printTable(results);
    console.log(`Every figure: ${args.json} (${report.seconds} s).`);
    if (over.length) console.log(`Over the budget: ${over.map((result) => `${result.kind} ${result.path} ${result.budget.jsKB} KB > ${result.budget.limitKB} KB`).join('; ')}`);
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
