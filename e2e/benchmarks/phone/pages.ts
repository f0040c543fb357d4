import zlib from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright';
import { DE, DEMO_PORTAL, fillInvoice } from '../../support/portal';
import { percentile } from '../support/stats';
import { armTurnTimer, shownText, turnTiming, type Shown } from '../support/turnTimer';
import { bodyWireBytes, type NetworkLog } from './conditions';
import { layoutShiftSoFar } from './pictures';

/** The page kinds the benchmark measures; 'login' is /home and /accesscode. */
export const KINDS = ['ranking', 'grid', 'slider', 'portal', 'login'] as const;
export type Kind = (typeof KINDS)[number];
export type QuestionKind = 'ranking' | 'grid' | 'slider';

/** The demo rows (README, Demo data) each questionnaire kind signs in with; a fresh data folder has them unused. */
export const ROWS: Record<QuestionKind, { identCode: string; accessCode: string; row: string }> = {
  ranking: { identCode: 'P1DEMO01', accessCode: 'RANK4711', row: 'P1-READY (competency-24, 6 pages of 4 ranking questions)' },
  grid: { identCode: 'P2DEMO01', accessCode: 'GRID4711', row: 'P2-READY (grid-10, 10 pages of 3 items)' },
  slider: { identCode: 'P4SLIDE01', accessCode: 'SLIDE4711', row: 'P4-SLIDER (kodew-strengths, product 4, 8 pages with pictures)' },
};
/** A row only looked at: its ident code leads to /accesscode. */
export const LOGIN_ROW = 'P1VIEW001';
export const PORTAL_PATH = DEMO_PORTAL;

export const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 120_000 });

/** Signs in with ident code and access code through the pages, as a participant does (unthrottled: not measured). */
export async function signIn(context: BrowserContext, base: string, identCode: string, accessCode: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/home/${identCode}`);
  await page.waitForURL(/\/accesscode$/);
  await hydrated(page);
  await page.getByLabel('Persönlicher Zugangscode').fill(accessCode);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/accesscode'));
  await page.close();
}

/** Enters an ident code through its deep link (unthrottled: not measured); the session then shows /accesscode. */
export async function identCodeEntered(context: BrowserContext, base: string, identCode: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/home/${identCode}`);
  await page.waitForURL(/\/accesscode$/);
  await page.close();
}

/**
 * One response of a load. gzip9Bytes: gzip -9 of the decoded body (as `npm run bench` counts);
 * gzipBytes / gzipEncoding: the body as the server sends it to a gzip-only client (phone/sizes.ts).
 */
export type Resource = {
  url: string;
  type: string;
  wireBytes: number;
  bodyWireBytes: number;
  decodedBytes: number;
  gzip9Bytes?: number;
  gzipBytes?: number;
  gzipEncoding?: string;
  contentEncoding?: string;
  fromCache: boolean;
};

export type LoadFigures = {
  url: string;
  /** From the navigation's start to <html data-hydrated> (React ran: the page is usable). */
  usableMs: number;
  firstContentfulPaintMs?: number;
  domContentLoadedMs?: number;
  requests: number;
  /** Every byte received for the load (headers and encoded bodies), until the network was quiet. */
  transferredBytes: number;
  js: { files: number; bodyWireBytes: number; wireBytes: number; decodedBytes: number; gzip9Bytes: number };
  css: { files: number; bodyWireBytes: number; wireBytes: number; decodedBytes: number; gzip9Bytes: number };
  resources: Resource[];
};

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

/**
 * Navigates to url and measures: time to usable (hydrated) from the navigation's start, and what
 * the browser fetched for it (each response's bytes as they travelled, and gzip -9 of the bodies of
 * scripts and style sheets, which `npm run bench` reports).
 */
export async function measureLoad(page: Page, network: NetworkLog, url: string, mode: 'goto' | 'reload' = 'goto'): Promise<LoadFigures> {
  const bodies = new Map<string, Promise<number | undefined>>();
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.set(
      response.url(),
      response.body().then(
        (body) => zlib.gzipSync(body, { level: 9 }).length,
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  const mark = network.mark();
  if (mode === 'reload') await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await hydrated(page);
  await network.settle(mark, 500, 30_000);
  page.off('response', onResponse);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      hydrated: (window as unknown as { __benchHydratedAt?: number }).__benchHydratedAt,
      fcp: paint?.startTime,
      dcl: navigation?.domContentLoadedEventEnd,
    };
  });
  if (timing.hydrated === undefined) throw new Error(`${url}: the hydration probe did not note the time`);
  const entries = network.since(mark).filter((entry) => !entry.url.startsWith('data:'));
  const resources: Resource[] = [];
  for (const entry of entries) {
    const type = entry.type ?? 'Other';
    resources.push({
      url: entry.url,
      type,
      wireBytes: entry.wireBytes,
      bodyWireBytes: bodyWireBytes(entry),
      decodedBytes: entry.decodedBytes,
      gzip9Bytes: await bodies.get(entry.url),
      contentEncoding: entry.contentEncoding,
      fromCache: entry.fromCache,
    });
  }
  const group = (type: string) => {
    const files = resources.filter((resource) => resource.type === type);
    return {
      files: files.length,
      bodyWireBytes: sum(files, (file) => file.bodyWireBytes),
      wireBytes: sum(files, (file) => file.wireBytes),
      decodedBytes: sum(files, (file) => file.decodedBytes),
      gzip9Bytes: sum(files, (file) => file.gzip9Bytes ?? 0),
    };
  };
  return {
    url,
    usableMs: Math.round(timing.hydrated),
    firstContentfulPaintMs: timing.fcp === undefined ? undefined : Math.round(timing.fcp),
    domContentLoadedMs: timing.dcl === undefined ? undefined : Math.round(timing.dcl),
    requests: resources.length,
    transferredBytes: sum(resources, (resource) => resource.wireBytes),
    js: group('Script'),
    css: group('Stylesheet'),
    resources,
  };
}

/** One page turn: bytes received (headers and encoded bodies), the bodies decoded; urls and encodings (each response's Content-Encoding, 'none' without) in the order of the requests. */
export type Turn = {
  direction: 'forward' | 'back';
  from: string;
  /** Click → the first frame painted with the next page: what the participant waits for. */
  ms: number;
  /** Click → the DOM change that shows the next page (before style, layout and paint; the only figure until 2026-11-25). */
  domMs: number;
  requests: number;
  bytes: number;
  decodedBytes: number;
  urls: string[];
  encodings: string[];
  /** Layout shift without recent input from before the click until the next page settled (questionnaires; phone/pictures.ts). */
  layoutShift?: number;
};

export type TurnSummary = {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** The same turns to the DOM change alone (Turn.domMs). */
  domP50: number;
  domP95: number;
  bytesP50: number;
  bytesMax: number;
  requestsMin: number;
  requestsMax: number;
  /** Layout shift summed over the turns (questionnaires). */
  layoutShift?: number;
};

export function summarise(turns: readonly Turn[]): TurnSummary {
  const ms = turns.map((turn) => turn.ms);
  const bytes = turns.map((turn) => turn.bytes);
  const requests = turns.map((turn) => turn.requests);
  return {
    count: turns.length,
    p50: Math.round(percentile(ms, 50)),
    p95: Math.round(percentile(ms, 95)),
    max: Math.round(Math.max(...ms)),
    domP50: Math.round(percentile(turns.map((turn) => turn.domMs), 50)),
    domP95: Math.round(percentile(turns.map((turn) => turn.domMs), 95)),
    bytesP50: Math.round(percentile(bytes, 50)),
    bytesMax: Math.max(...bytes),
    requestsMin: Math.min(...requests),
    requestsMax: Math.max(...requests),
    layoutShift: turns.some((turn) => turn.layoutShift !== undefined) ? +sum(turns, (turn) => turn.layoutShift ?? 0).toFixed(4) : undefined,
  };
}

/**
 * One timed turn (support/turnTimer.ts: to the DOM change and to the paint), with the requests the
 * turn sent and every byte they received, once the network is quiet again.
 */
async function timedTurn(page: Page, network: NetworkLog, label: string, shown: Shown, direction: Turn['direction']): Promise<Turn> {
  const before = await armTurnTimer(page, label, shown);
  const mark = network.mark();
  await page.getByRole('button', { name: label, exact: true }).click();
  const timed = await turnTiming(page);
  await network.settle(mark, 300, 15_000);
  const entries = network.since(mark);
  return {
    direction,
    from: before,
    ms: Math.round(timed.painted),
    domMs: Math.round(timed.dom),
    requests: entries.length,
    bytes: sum(entries, (entry) => entry.wireBytes),
    decodedBytes: sum(entries, (entry) => entry.decodedBytes),
    urls: entries.map((entry) => new URL(entry.url).pathname),
    encodings: entries.map((entry) => entry.contentEncoding ?? 'none'),
  };
}

/** Answers the page on screen so that Next is accepted: a rotation of ranks, a caption for every item, every slider at an end. */
async function answer(page: Page, kind: QuestionKind, turn: number): Promise<void> {
  const sections = page.locator('main section[id^="question-"]');
  if (kind === 'ranking') {
    const count = await sections.count();
    for (let q = 0; q < count; q++) {
      const rows = sections.nth(q).locator('fieldset');
      for (let r = 0; r < 4; r++) await rows.nth(r).locator('input[type=radio]').nth((r + turn) % 4).check();
    }
  } else if (kind === 'grid') {
    const rows = sections.first().locator('fieldset');
    const count = await rows.count();
    const caption = turn % 2 ? 'trifft voll zu' : 'trifft nicht zu';
    for (let r = 0; r < count; r++) await rows.nth(r).getByRole('radio', { name: caption, exact: true }).check();
  } else {
    const sliders = page.locator('main input[type="range"]');
    const count = await sliders.count();
    for (let s = 0; s < count; s++) {
      await sliders.nth(s).focus();
      await page.keyboard.press(turn % 2 ? 'End' : 'Home');
    }
  }
}

/**
 * Turns the questionnaire's pages forward to the last page and back to the first, again and again
 * (never pressing "Speichern und abschließen"), answering each page before it is left.
 */
export async function questionnaireTurns(
  page: Page,
  network: NetworkLog,
  kind: QuestionKind,
  count: number,
  /** Called once the turn's network is quiet, with the mark from before the click (the slider's pictures). */
  afterTurn?: (turn: Turn, index: number, mark: number) => Promise<void>,
): Promise<Turn[]> {
  const turns: Turn[] = [];
  let forward = true;
  for (let i = 0; i < count; i++) {
    const indicator = await shownText(page, 'indicator');
    const match = /^Seite (\d+) von (\d+)$/.exec(indicator);
    if (!match) throw new Error(`no page indicator on ${page.url()}`);
    const [current, total] = [Number(match[1]), Number(match[2])];
    if (current >= total) forward = false;
    if (current <= 1) forward = true;
    await answer(page, kind, i);
    const shiftBefore = await layoutShiftSoFar(page);
    const mark = network.mark();
    const turn = await timedTurn(page, network, forward ? 'Weiter' : 'Zurück', 'indicator', forward ? 'forward' : 'back');
    await afterTurn?.(turn, i, mark);
    turn.layoutShift = +((await layoutShiftSoFar(page)) - shiftBefore).toFixed(4);
    turns.push(turn);
  }
  return turns;
}

/** The portal's turn: the invoice form sent, to the summary shown; back to the form (untimed figures kept apart). */
export async function portalTurns(page: Page, network: NetworkLog, count: number): Promise<{ forward: Turn[]; back: Turn[] }> {
  const forward: Turn[] = [];
  const back: Turn[] = [];
  for (let i = 0; i < count; i++) {
    // Back keeps what was typed (components/portal/PortalFlow): the form is filled once.
    if ((await page.getByLabel(DE.PortalNamePrivateLabel, { exact: true }).inputValue()) === '') {
      await fillInvoice(page);
    }
    const there = await timedTurn(page, network, DE.PortalPayButton, 'heading', 'forward');
    if (there.from !== DE.PortalTitle) throw new Error(`the portal turn started on "${there.from}"`);
    forward.push(there);
    back.push(await timedTurn(page, network, DE.PortalBackButton, 'heading', 'back'));
  }
  return { forward, back };
}
