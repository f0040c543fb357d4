import type { Page } from 'playwright';
import { DE, fillInvoice } from '../../support/portal';
import { percentile } from '../support/stats';
import { armTurnTimer, shownText, turnTiming, type Shown } from '../support/turnTimer';
import type { NetworkLog } from './conditions';
import { sum, type QuestionKind } from './pages';
import { layoutShiftSoFar } from './pictures';

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
