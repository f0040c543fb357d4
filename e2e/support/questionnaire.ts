import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { enterAccessCode, hydrated } from './api';
import type { Participant } from './deployed';

export const pageIndicator = (page: Page) => page.getByText(/^Seite \d+ von \d+$/);

/** The questions on screen, in order. */
export const questions = (page: Page) => page.locator('main section[id^="question-"]');

/** Ranks every question of the page: a = 1, b = 2, … — or a rotation, so pages differ. */
export async function rankPage(page: Page, rotation = 0): Promise<void> {
  await hydrated(page);
  const count = await questions(page).count();
  for (let q = 0; q < count; q++) {
    const rows = questions(page).nth(q).locator('fieldset');
    for (let r = 0; r < 4; r++) await rows.nth(r).getByRole('radio', { name: new RegExp(`^${((r + rotation) % 4) + 1}\\b`) }).check();
  }
}

/** Rates every item of a grid page with the given caption. */
export async function ratePage(page: Page, caption: string): Promise<void> {
  await hydrated(page);
  const rows = questions(page).first().locator('fieldset');
  const count = await rows.count();
  for (let r = 0; r < count; r++) await rows.nth(r).getByRole('radio', { name: caption, exact: true }).check();
}

/** Presses next and waits for the page indicator to change. */
export async function next(page: Page, expected: string): Promise<void> {
  await page.getByRole('button', { name: /^(Weiter|Speichern und abschließen)$/ }).click();
  await expect(pageIndicator(page)).toHaveText(expected);
}

/** Counts the proxy calls a piece of work makes. */
export async function countApiCalls(page: Page, work: () => Promise<void>): Promise<string[]> {
  const calls: string[] = [];
  const listener = (request: { url: () => string }) => {
    if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
  };
  page.on('request', listener);
  await work();
  page.off('request', listener);
  return calls;
}

/**
 * In a native radio group that Tab has just entered (nothing checked, focus on the first radio),
 * Space checks the first option and each arrow press moves on and checks the next.
 */
export async function pickByKeyboard(page: Page, index: number): Promise<void> {
  if (index === 0) await page.keyboard.press('Space');
  for (let step = 0; step < index; step++) await page.keyboard.press('ArrowRight');
}

/** Presses Tab until the target has focus (at most 5 times). */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('could not reach the target by Tab');
}

/** Signs in with a row that has not started (its manual comes first) and continues: the participant is on page 1 of 6. */
export async function startAtPageOne(page: Page, row: Pick<Participant, 'identCode' | 'accessCode'>): Promise<void> {
  await page.goto(`/home/${row.identCode}`);
  await enterAccessCode(page, row.accessCode!);
  await expect(page).toHaveURL(/\/questionnairemanual$/);
  await hydrated(page);
  await page.getByRole('link', { name: 'Weiter' }).click();
  await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
}

/** Signs in with a row that has not started, continues and saves page 1: the participant is on page 2 of 6. */
export async function startAndSavePageOne(page: Page, row: Participant): Promise<void> {
  await startAtPageOne(page, row);
  await rankPage(page, 0);
  await next(page, 'Seite 2 von 6');
}

/** The ranks checked on the page, one entry per answer row as "question:row:rank" ('-' where none is). */
export async function chosenRanks(page: Page): Promise<string[]> {
  return questions(page).evaluateAll((sections) =>
    sections.flatMap((section, q) =>
      [...section.querySelectorAll('fieldset')].map((fieldset, r) => `${q}:${r}:${(fieldset.querySelector('input:checked') as HTMLInputElement | null)?.value ?? '-'}`),
    ),
  );
}

type QuestionnaireBody = { answers?: unknown; draft?: boolean; questionStartIndex?: number };

/** The body of a pageinfo/questionnaire call, or null for any other request. */
export function questionnaireBody(request: Request): QuestionnaireBody | null {
  if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/api/pageinfo/questionnaire')) return null;
  return (request.postDataJSON() as QuestionnaireBody | null) ?? null;
}

/**
 * Resolves once the server has answered the next draft of the page (what was chosen, kept without a
 * page turn) with the page, not a conflict. The page sends its draft a second after the last choice:
 * called right after a run of choices, this is the draft of all of them; started before a single
 * choice, the draft of that one.
 */
export async function draftSaved(page: Page): Promise<void> {
  const response = await page.waitForResponse((answer) => questionnaireBody(answer.request())?.draft === true, { timeout: 20_000 });
  const json = (await response.json()) as { statusCode?: number; conflict?: boolean };
  expect({ statusCode: json.statusCode, conflict: json.conflict ?? false }).toEqual({ statusCode: 1, conflict: false });
  // The page takes the answer in a moment after it arrived, more on a busy machine: until then,
  // leaving would still ask (a journey that went back at once waited for ever on a dismissed prompt).
  await expect.poll(() => page.evaluate(leavingAsks), { message: 'the page still asks before it is left' }).toBe(false);
}

/** Whether leaving the page now would ask first: its before-unload guard, asked as the browser would. */
function leavingAsks(): boolean {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

/**
 * Keeps what is chosen on the page from being saved as a draft: each draft the page sends is
 * answered with the spec's Exception outcome, as an upstream failing just then would answer (not
 * aborted: a dropped request is a console error, which the journeys count as a problem). For
 * journeys about an answer not saved yet (the leave prompt), and for rows that are only looked at,
 * whose pages must stay as they are for the next journey.
 */
export async function keepDraftsUnsaved(page: Page): Promise<void> {
  await page.route('**/api/pageinfo/questionnaire', (route) =>
    questionnaireBody(route.request())?.draft === true
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ statusCode: 13, detailCode: 24 }) })
      : route.fallback(),
  );
}
