import type { Page } from '@playwright/test';
import { hydrated, signIn } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';
import { draftSaved, keepDraftsUnsaved, pageIndicator, questions, startAndSavePageOne, startAtPageOne } from '../support/questionnaire';

/**
 * Leaving a questionnaire page while an answer on it is not saved yet: every way out asks first with
 * the browser's before-unload prompt (spec §2: the header area handles it), not only a reload or
 * closing the tab. A choice is saved as a draft about a second after it is made; the journeys about
 * the prompt keep their drafts from arriving (a dropped connection), so that the answer stays
 * unsaved for as long as they look. Once the draft is saved, nothing is lost by leaving and nothing
 * asks. Rows: P1-LEAVE (page 1 saved), P1-VIEW (nothing saved), P1-LEAVE-DRAFT (a draft saved).
 */

/** Answers the next browser prompt and records its type. */
function answerNextPrompt(page: Page, leave: boolean): string[] {
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.type());
    void (leave ? dialog.accept() : dialog.dismiss());
  });
  return prompts;
}

test.describe('@assessment leaving with an answer not saved', () => {
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems = watchPageProblems(page);
  });
  test.afterEach(() => expect(problems).toEqual([]));

  test('browser Back asks first and staying keeps the answer; after leaving, Forward shows the page the participant is on (P1-LEAVE)', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-LEAVE');
    await startAndSavePageOne(page, row);
    await keepDraftsUnsaved(page);
    const answer = questions(page).first().locator('fieldset').first().getByRole('radio', { name: /^3\b/ });
    await answer.check();

    // Back, as with the browser's button: the prompt comes first; staying keeps page and answer.
    const stay = answerNextPrompt(page, false);
    // The navigation is called off at the prompt: nothing to wait for.
    void page.goBack().catch(() => undefined);
    await expect.poll(() => stay).toEqual(['beforeunload']);
    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(answer).toBeChecked();

    // Leaving after all, and Forward again: page 2, where the participant is, not page 1 as first shown.
    const leave = answerNextPrompt(page, true);
    await page.goBack();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    expect(leave).toEqual(['beforeunload']);
    await page.goForward();
    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
  });

  test('signing out asks first; staying keeps the answer, leaving signs out (P1-OUT-LEAVE: nothing saved)', async ({ page }) => {
    await signIn(page, 'P1OUTLV01', 'OUTLV4711');
    // Nothing of P1-OUT-LEAVE is saved: its answer never becomes a draft either.
    await keepDraftsUnsaved(page);
    await page.goto('/questionnaire');
    await hydrated(page);
    const answer = questions(page).first().locator('fieldset').first().getByRole('radio', { name: /^2\b/ });
    await answer.check();

    const stay = answerNextPrompt(page, false);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect.poll(() => stay).toEqual(['beforeunload']);
    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(answer).toBeChecked();
    await expect(page.getByText('Willkommen, Otto Abschied')).toBeVisible();

    const leave = answerNextPrompt(page, true);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/info\?statusCode=1&detailCode=20/);
    expect(leave).toEqual(['beforeunload']);
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Sie haben sich erfolgreich abgemeldet. Ihre Antworten sind gespeichert.');
    await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
    await page.goto('/questionnaire');
    await expect(page).toHaveURL(/\/error\?statusCode=3/);
  });

  test('once the answer is saved as a draft, leaving does not ask, and coming back shows it (P1-LEAVE-DRAFT)', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-LEAVE-DRAFT');
    await startAtPageOne(page, row);
    await hydrated(page);
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    const answer = questions(page).first().locator('fieldset').first().getByRole('radio', { name: /^3\b/ });
    const saved = draftSaved(page);
    await answer.check();
    await saved;

    // Back, as with the browser's button: nothing to lose, so no prompt; Forward shows the answer again.
    await page.goBack();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await expect(answer).toBeChecked();
    await expect(page.locator('main input[type=radio]:checked')).toHaveCount(1);

    // Signing out does not ask either; signed in again, the answer is there.
    await hydrated(page);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/info\?statusCode=1&detailCode=20/);
    await startAtPageOne(page, row);
    await expect(answer).toBeChecked();
    expect(prompts).toEqual([]);
  });
});
