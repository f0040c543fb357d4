import type { Page } from '@playwright/test';
import { enterAccessCode, hydrated } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';
import { chosenRanks, draftSaved, next, pageIndicator, questions, rankPage, startAndSavePageOne } from '../support/questionnaire';

/**
 * The same participant in two tabs of one browser (they share the session). Rows P1-TABS and
 * P1-CONFLICT. A tab whose page was saved in the other since it was loaded is told so before it
 * saves over it: nothing is overwritten unseen.
 */

const conflict = (page: Page) => page.getByRole('alertdialog', { name: 'Neuere Antworten auf dieser Seite' });

/** Chooses rank `rank` for the first answer row of the first question. */
const chooseFirst = (page: Page, rank: number) =>
  questions(page).first().locator('fieldset').first().getByRole('radio', { name: new RegExp(`^${rank}\\b`) }).check();
test.describe('@assessment two tabs', needs('single-use-row'), () => {
  test('going back in a tab that shows a page older than what the other tab saved keeps the saved answers (P1-TABS)', async ({ page, singleUse }) => {
    const problems = watchPageProblems(page);
    const row = await singleUse('P1-TABS');
    await startAndSavePageOne(page, row);

    // A second tab opens on page 2 while it is still unanswered.
    const other = await page.context().newPage();
    await other.goto('/questionnaire');
    await expect(pageIndicator(other)).toHaveText('Seite 2 von 6');
    await expect(other.locator('main input[type=radio]:checked')).toHaveCount(0);

    // The first tab answers page 2 and moves on.
    await rankPage(page, 1);
    await next(page, 'Seite 3 von 6');

    // The second tab, untouched, goes back and forward again: page 2 comes with the first tab's answers.
    await hydrated(other);
    await other.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(other)).toHaveText('Seite 1 von 6');
    await expect(other.locator('main input[type=radio]:checked')).toHaveCount(16);
    await next(other, 'Seite 2 von 6');
    await expect(other.locator('main input[type=radio]:checked')).toHaveCount(16);

    // And the first tab finds them there too.
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(page.locator('main input[type=radio]:checked')).toHaveCount(16);
    await other.close();
    expect(problems).toEqual([]);
  });

  test('a page changed in both tabs: the second to save is asked; "load the newer answers" shows the other tab\'s, "keep mine" saves its own (P1-CONFLICT)', needs('single-use-row'), async ({ page: a, singleUse }) => {
    const problems = watchPageProblems(a);
    const row = await singleUse('P1-CONFLICT');
    await a.goto(`/home/${row.identCode}`);
    await enterAccessCode(a, row.accessCode!);
    await expect(a).toHaveURL(/\/questionnairemanual$/);
    await hydrated(a);
    await a.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(a)).toHaveText('Seite 1 von 6');
    await hydrated(a);
    const b = await a.context().newPage();
    await b.goto('/questionnaire');
    await expect(pageIndicator(b)).toHaveText('Seite 1 von 6');
    await hydrated(b);

    // Round 1: B chooses answers and they are kept (a draft); A, still showing the page as loaded, changes one.
    await rankPage(b, 1);
    await draftSaved(b);
    const fromB = await chosenRanks(b);
    await chooseFirst(a, 3);
    await expect(conflict(a)).toBeVisible();
    await expect(conflict(a).getByRole('button', { name: 'Neuere Antworten laden' })).toBeVisible();
    await conflict(a).getByRole('button', { name: 'Neuere Antworten laden' }).click();
    await expect(conflict(a)).toBeHidden();
    expect(await chosenRanks(a)).toEqual(fromB);

    // Round 2: B saves other answers with its page turn; A changes the page again and keeps its own.
    await rankPage(b, 2);
    await next(b, 'Seite 2 von 6');
    await chooseFirst(a, 4);
    await expect(conflict(a)).toBeVisible();
    const mine = await chosenRanks(a);
    expect(mine).not.toEqual(fromB);
    const saved = draftSaved(a);
    await conflict(a).getByRole('button', { name: 'Meine Antworten behalten' }).click();
    await expect(conflict(a)).toBeHidden();
    await saved;
    expect(await chosenRanks(a)).toEqual(mine);

    // A's answers are what the page holds now: in A after a reload, and in B going back to it.
    await a.reload();
    await expect(pageIndicator(a)).toHaveText('Seite 1 von 6');
    expect(await chosenRanks(a)).toEqual(mine);
    await b.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(b)).toHaveText('Seite 1 von 6');
    expect(await chosenRanks(b)).toEqual(mine);
    await b.close();
    expect(problems).toEqual([]);
  });
});
