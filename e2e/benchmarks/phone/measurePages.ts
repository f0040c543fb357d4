import type { Browser, BrowserContext } from 'playwright';
import { phoneContext, throttle } from './conditions';
import type { LighthouseTarget } from './lighthouse';
import { identCodeEntered, LOGIN_ROW, measureLoad, PORTAL_PATH, ROWS, signIn, type Kind, type QuestionKind } from './pages';
import { coldPicture, coldPictureHeldBack, PictureWatch } from './pictures';
import type { PageResult } from './results';
import { portalTurns, questionnaireTurns, summarise, type Turn } from './turns';

type Log = (line: string) => void;

/** How long the slider's pictures are held back in the load that checks they do not delay the first paint. */
const PICTURE_HOLD_MS = 2000;

/** The cookies of a session set up unthrottled in a context of its own: getting there is not measured. */
async function sessionCookies(browser: Browser, setUp: (context: BrowserContext) => Promise<void>) {
  const setup = await browser.newContext();
  await setUp(setup);
  const cookies = await setup.cookies();
  await setup.close();
  return cookies;
}

async function measureQuestionnaire(browser: Browser, base: string, kind: QuestionKind, count: number, log: Log): Promise<PageResult> {
  const row = ROWS[kind];
  log(`${kind}: sign in as ${row.identCode}`);
  const cookies = await sessionCookies(browser, (setup) => signIn(setup, base, row.identCode, row.accessCode));
  const context = await phoneContext(browser);
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    const { network } = await throttle(page);
    const url = `${base}/questionnaire`;
    const loadMark = network.mark();
    const cold = await measureLoad(page, network, url);
    log(`${kind}: usable after ${cold.usableMs} ms (cold); ${count} turns`);
    if (count === 0) return { kind, name: kind, path: '/questionnaire', row: row.row, cold };
    let pictures: PageResult['pictures'];
    let turnList: Turn[];
    if (kind === 'slider') {
      const first = await coldPicture(page);
      const watch = new PictureWatch(page, network, loadMark);
      await watch.shown(-1, loadMark);
      turnList = await questionnaireTurns(page, network, kind, count, (turn, index, mark) => watch.shown(index, mark, turn.direction));
      pictures = { cold: first, pictures: watch.figures(), visits: watch.visits };
    } else {
      turnList = await questionnaireTurns(page, network, kind, count);
    }
    const warm = await measureLoad(page, network, url, 'reload');
    const turns = summarise(turnList);
    if (pictures) {
      pictures.turnsLayoutShift = turns.layoutShift;
      pictures.heldBack = await coldPictureHeldBack(page, url, PICTURE_HOLD_MS);
    }
    return { kind, name: kind, path: '/questionnaire', row: row.row, cold, warm, turns, turnList, pictures };
  } finally {
    await context.close();
  }
}

async function measurePortal(browser: Browser, base: string, count: number, log: Log): Promise<PageResult> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const { network } = await throttle(page);
    const url = `${base}${PORTAL_PATH}`;
    const cold = await measureLoad(page, network, url);
    log(`portal: usable after ${cold.usableMs} ms (cold); ${count} turns invoice → summary`);
    if (count === 0) return { kind: 'portal', name: 'portal', path: PORTAL_PATH, cold };
    const { forward, back } = await portalTurns(page, network, count);
    const warm = await measureLoad(page, network, url, 'reload');
    return { kind: 'portal', name: 'portal', path: PORTAL_PATH, row: 'PORTAL (PTDEMO01, portal 1)', cold, warm, turns: summarise(forward), turnList: [...forward, ...back], backTurns: summarise(back) };
  } finally {
    await context.close();
  }
}

/** /home and /accesscode (the first pages a participant loads), each in an empty cache. */
async function measureLogin(browser: Browser, base: string, log: Log): Promise<PageResult[]> {
  const results: PageResult[] = [];
  const home = await phoneContext(browser);
  try {
    const page = await home.newPage();
    const { network } = await throttle(page);
    const cold = await measureLoad(page, network, `${base}/home`);
    results.push({ kind: 'login', name: 'home', path: '/home', cold });
  } finally {
    await home.close();
  }
  // /accesscode needs a session whose ident code was accepted: a deep link does that, unthrottled.
  const cookies = await sessionCookies(browser, (setup) => identCodeEntered(setup, base, LOGIN_ROW));
  const access = await phoneContext(browser);
  try {
    await access.addCookies(cookies);
    const page = await access.newPage();
    const { network } = await throttle(page);
    const cold = await measureLoad(page, network, `${base}/accesscode`);
    if (!page.url().endsWith('/accesscode')) throw new Error(`/accesscode led to ${page.url()}`);
    results.push({ kind: 'login', name: 'accesscode', path: '/accesscode', row: `${LOGIN_ROW} (P1-VIEW)`, cold });
  } finally {
    await access.close();
  }
  for (const result of results) log(`login ${result.path}: usable after ${result.cold.usableMs} ms (cold)`);
  return results;
}

/** Each page kind in the order given, count turns each; 'login' gives two results (/home, /accesscode). */
export async function measurePages(browser: Browser, base: string, kinds: readonly Kind[], count: number, log: Log): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const kind of kinds) {
    if (kind === 'ranking' || kind === 'grid' || kind === 'slider') results.push(await measureQuestionnaire(browser, base, kind, count, log));
    else if (kind === 'portal') results.push(await measurePortal(browser, base, count, log));
    else results.push(...(await measureLogin(browser, base, log)));
  }
  return results;
}

/** The same pages for Lighthouse, which signs in on its own (phone/lighthouse.ts). */
export function lighthouseTargets(kinds: readonly Kind[]): LighthouseTarget[] {
  const targets: LighthouseTarget[] = [];
  for (const kind of kinds) {
    if (kind === 'ranking' || kind === 'grid' || kind === 'slider') targets.push({ name: kind, path: '/questionnaire', signIn: ROWS[kind] });
    else if (kind === 'portal') targets.push({ name: kind, path: PORTAL_PATH });
    else targets.push({ name: 'home', path: '/home', signedOut: true }, { name: 'accesscode', path: '/accesscode', identCode: LOGIN_ROW });
  }
  return targets;
}
