import type { Page } from '@playwright/test';
import { expect, test } from '../support/deployed';
import { callApi, encryptCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';

/**
 * The demo questionnaire has no French, Italian or Czech text, so those
 * participants see German statements; they are marked lang="de-DE" inside the page's own
 * language, so that a screen reader reads them as German. Row: P1-VIEW (looked at only).
 */
async function openIn(page: Page, language: string): Promise<void> {
  await page.goto('/support');
  await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1VIEW001', questionnaireLanguage: language });
  await callApi(page, 'submit/kodekodex/login', { passwordHash: encryptCode('VIEW4711') });
  await page.goto('/questionnaire');
  await hydrated(page);
}

/** The language a screen reader would use for an element: the nearest lang attribute. */
const languageOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => element.closest('[lang]')?.getAttribute('lang') ?? null);

test.describe('@assessment content language', () => {
  for (const [language, html] of <Array<[string, string]>>[
    ['fr-FR', 'fr-FR'],
    ['it-IT', 'it-IT'],
    ['cz-CZ', 'cs-CZ'],
  ]) {
    test(`${language}: the German statements are marked German, the page's own texts are not`, async ({ page }) => {
      await openIn(page, language);
      await expect(page.locator('html')).toHaveAttribute('lang', html);
      const question = page.locator('main section[id^="question-"]').first();
      await expect(question.getByRole('heading', { level: 2 })).toContainText('Wenn ich eine wichtige Information an mein Team weitergeben muss');
      expect(await languageOf(page, 'main h1 span')).toBe('de-DE');
      expect(await question.locator('h2 [lang]').first().getAttribute('lang')).toBe('de-DE');
      const statement = question.getByText('bereite ich Fakten und Hintergründe sorgfältig auf', { exact: false });
      expect(await statement.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('de-DE');
      // The interface around them stays in the page's language.
      for (const selector of ['main button[type="submit"]', 'main [role="progressbar"]']) expect(await languageOf(page, selector)).toBe(html);
      await expectNoAxeViolations(page);
    });
  }

  test('en-US: the content is English and nothing is marked German', async ({ page }) => {
    await openIn(page, 'en-US');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Competency profile: leadership and collaboration');
    await expect(page.locator('main [lang^="de"]')).toHaveCount(0);
  });
});
