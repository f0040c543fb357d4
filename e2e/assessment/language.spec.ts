import type { Page } from '@playwright/test';
import { hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { chosenRanks, draftSaved, questions, startAtPageOne } from '../support/questionnaire';

const TITLE = 'Competency profile: leadership and collaboration';
const englishIndicator = (page: Page) => page.getByText(/^Page \d+ of \d+$/);

/** Signs in on /accesscode in English and goes through the manual to the questionnaire. */
async function throughTheFlowInEnglish(page: Page, accessCode: string) {
  await expect(page).toHaveURL(/\/accesscode$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in – Assessment Online');
  await hydrated(page);
  await page.getByLabel('Personal access code').fill(accessCode);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/questionnairemanual$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'How to fill in the questionnaire' })).toBeVisible();
  await expect(page).toHaveTitle('How to fill in the questionnaire – Assessment Online');
  // After login the header offers the language.
  await expect(page.getByLabel('Language')).toHaveValue('en-US');
  await hydrated(page);
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/questionnaire$/);
  await expect(englishIndicator(page)).toHaveText('Page 1 of 6');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TITLE);
  await expect(page).toHaveTitle(`Page 1 of 6 – ${TITLE} – Assessment Online`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
}

test.describe('@assessment language', () => {
  test('a language picked on /home (?lg=en) carries to /accesscode, the manual and the questionnaire; the header changes it there and keeps an unsaved answer (P1-LANG)', async ({ page }) => {
    await page.goto('/home?lg=en');
    // The language of the address is the session's from this page on: header and <html lang> too.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByLabel('Language')).toHaveValue('en-US');
    await hydrated(page);
    await page.getByLabel('Questionnaire access code').fill('P1LANG001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await throughTheFlowInEnglish(page, 'LANG4711');

    // An answer given, not saved.
    await hydrated(page);
    const first = questions(page).first().locator('fieldset').first();
    await first.getByRole('radio', { name: /^3\b/ }).check();

    // Arrowing through the options does not reload anything (WCAG 3.2.2) …
    const select = page.getByLabel('Language');
    await select.focus();
    await page.keyboard.press('ArrowUp');
    await expect(select).toHaveValue('de-DE');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(englishIndicator(page)).toHaveText('Page 1 of 6');
    // … the button confirms: the content reloads in German, the answer on screen stays.
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByText(/^Seite \d+ von \d+$/)).toHaveText('Seite 1 von 6');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kompetenzprofil Führung und Zusammenarbeit');
    await expect(page).toHaveTitle('Seite 1 von 6 – Kompetenzprofil Führung und Zusammenarbeit – Assessment Online');
    await expect(questions(page).first().locator('fieldset').first().getByRole('radio', { name: /^3\b/ })).toBeChecked();
    await expect(page.locator('main input[type=radio]:checked')).toHaveCount(1);
    await expect(page.getByLabel('Sprache')).toHaveValue('de-DE');
    await expectNoAxeViolations(page);
  });

  test('a language in the deep link (/home/{code}/en) carries through the whole flow (P1-LINK-EN)', async ({ page }) => {
    await page.goto('/home/P1LANG002/en');
    await throughTheFlowInEnglish(page, 'LANG4712');
    await page.reload();
    await expect(englishIndicator(page)).toHaveText('Page 1 of 6');
  });

  test('a language chosen in the header on / carries to the ident code typed there (P1-VIEW: only looked at)', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByLabel('Sprache').selectOption('en-US');
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await hydrated(page);
    await page.getByLabel('Questionnaire access code').fill('P1VIEW001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/accesscode$/);
    // The assessment's own language is German; the participant's choice wins.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('by keyboard: Apply changes the language and focus stays on it, not dropped to the page', async ({ page }) => {
    await page.goto('/home');
    await hydrated(page);
    await page.getByLabel('Sprache').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Sprache')).toHaveValue('en-US');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the online questionnaire' })).toBeVisible();
    // Where the participant was: the next Tab goes on from the selector, not from the top of the document.
    await expect(page.getByRole('button', { name: 'Apply' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel('Language')).toBeFocused();
    await expect(page.getByLabel('Language')).toHaveValue('en-US');
  });

  test('answers chosen, then the language changed in the header: the page comes in English with the answers still chosen, and they are kept (P1-LANG-DRAFT)', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-LANG-DRAFT');
    await startAtPageOne(page, row);
    await hydrated(page);
    // The first two questions ranked, the rest left open; the language changed while their draft is under way.
    for (let q = 0; q < 2; q++) {
      const rows = questions(page).nth(q).locator('fieldset');
      for (let r = 0; r < 4; r++) await rows.nth(r).getByRole('radio', { name: new RegExp(`^${((r + 3) % 4) + 1}\\b`) }).check();
    }
    const chosen = await chosenRanks(page);
    // The draft is answered slowly: the change is pressed while it is under way. Its answer writes
    // back the session as the draft carried it, so the change must wait for it, or the page would
    // come back German after a reload (lib/client/sessionWrites.ts).
    let draftSent!: () => void;
    const draftUnderWay = new Promise<void>((resolve) => (draftSent = resolve));
    await page.route('**/api/pageinfo/questionnaire', async (route) => {
      if (!route.request().postData()?.includes('"draft":true')) return route.fallback();
      draftSent();
      const answer = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.fulfill({ response: answer });
    });
    const saved = draftSaved(page);
    await draftUnderWay;
    await page.getByLabel('Sprache').selectOption('en-US');
    await page.getByRole('button', { name: 'Übernehmen' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(englishIndicator(page)).toHaveText('Page 1 of 6');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TITLE);
    expect(await chosenRanks(page)).toEqual(chosen);
    await saved;
    await page.reload();
    await expect(englishIndicator(page)).toHaveText('Page 1 of 6');
    await hydrated(page);
    expect(await chosenRanks(page)).toEqual(chosen);
  });
});
