import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/deployed';
import { hydrated, signIn } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { keepDraftsUnsaved, pageIndicator, questions } from '../support/questionnaire';

/**
 * The ranking view: a question's message stays while it is still invalid, duplicate
 * ranks are highlighted like missing ones, and the message says that each rank is used once.
 * Row: P1-VIEW (nothing is ever saved: every 'Weiter' here is refused on the page, and what is
 * chosen is kept from becoming a draft, so that each journey finds the page as the demo made it).
 */
const MESSAGE = 'Bitte vergeben Sie jeden Rang von 1 bis 4 genau einmal: Jede Aussage braucht ihren eigenen Rang.';
/** --color-error-soft: what a highlighted answer row looks like. */
const HIGHLIGHT = 'rgb(253, 236, 234)';

const rows = (question: Locator) => question.locator('fieldset');
const rank = (question: Locator, row: number, value: number) => rows(question).nth(row).getByRole('radio', { name: new RegExp(`^${value}\\b`) }).check();

async function highlighted(question: Locator): Promise<boolean[]> {
  const result: boolean[] = [];
  for (const row of await rows(question).all()) result.push((await row.evaluate((element) => getComputedStyle(element).backgroundColor)) === HIGHLIGHT);
  return result;
}

async function open(page: Page) {
  await signIn(page, 'P1VIEW001', 'VIEW4711');
  await keepDraftsUnsaved(page);
  await page.goto('/questionnaire');
  await hydrated(page);
  await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
}

test.describe('@assessment ranking messages', () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    test(`the message stays until every rank is used once; duplicates are marked like gaps (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page);
      const first = questions(page).first();
      const alertOf = (number: number) => page.getByRole('alert', { name: `Fehler Frage ${number}: ${MESSAGE}` });

      // a = 1, b = 1, c = 3, d left out.
      await rank(first, 0, 1);
      await rank(first, 1, 1);
      await rank(first, 2, 3);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(alertOf(1)).toBeVisible();
      await expect(alertOf(1)).toHaveText(MESSAGE);
      await expect.poll(() => highlighted(first)).toEqual([true, true, false, true]);
      // The untouched questions: every answer is missing its rank.
      await expect.poll(() => highlighted(questions(page).nth(1))).toEqual([true, true, true, true]);
      await expectNoAxeViolations(page);

      // d gets 4: rank 1 is still used twice, so the message stays and a and b stay marked.
      await rank(first, 3, 4);
      await expect(alertOf(1)).toBeVisible();
      await expect.poll(() => highlighted(first)).toEqual([true, true, false, false]);

      // b gets 3: now c and b share 3.
      await rank(first, 1, 3);
      await expect(alertOf(1)).toBeVisible();
      await expect.poll(() => highlighted(first)).toEqual([false, true, true, false]);

      // b gets 2: every rank once, the message goes; the other questions keep theirs.
      await rank(first, 1, 2);
      await expect(alertOf(1)).toHaveCount(0);
      await expect.poll(() => highlighted(first)).toEqual([false, false, false, false]);
      await expect(alertOf(2)).toBeVisible();
      await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    });
  }
});
