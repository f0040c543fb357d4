import type { Page } from '@playwright/test';
import { expect, test } from '../support/deployed';
import { callApi, encryptCode, hydrated } from '../support/api';
import { buttonLines, type ButtonLines } from '../support/layout';
import { rankPage } from '../support/questionnaire';

/**
 * On a phone the ranking scale's meaning is visible, and no button label wraps
 * to three lines, in any of the five languages. Rows: P1-VIEW, P1-VIEW-FIRST, P1-VIEW-REGISTER
 * (looked at, never saved) and P1-LAST (its last page saved again, never finished).
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Signs in through the calls, in the given language, as a deep link with a language does. */
async function signInIn(page: Page, identCode: string, accessCode: string, language: string): Promise<void> {
  await page.goto('/support');
  const ident = await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: identCode, questionnaireLanguage: language })).json();
  expect(ident.statusCode).toBe(1);
  if (accessCode) expect((await (await callApi(page, 'submit/kodekodex/login', { passwordHash: encryptCode(accessCode) })).json()).statusCode).toBe(1);
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

test.describe('@assessment phone layout', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`the ranks' meaning is in view at the top of the questionnaire (${viewport.width} px)`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signInIn(page, 'P1VIEW001', 'VIEW4711', 'de-DE');
      await visit(page, '/questionnaire');
      const question = page.locator('main section[id^="question-"]').first();
      await question.scrollIntoViewIfNeeded();
      await expect(question.getByText('passt am besten', { exact: true })).toBeInViewport();
      await expect(question.getByText('passt am wenigsten', { exact: true })).toBeInViewport();
      // Over the columns they explain: 'best' above rank 1, 'least' above rank 4.
      const first = question.locator('fieldset').first();
      const centre = async (locator: ReturnType<Page['locator']>) => {
        const box = (await locator.boundingBox())!;
        return box.x + box.width / 2;
      };
      const best = await centre(question.getByText('passt am besten', { exact: true }));
      const least = await centre(question.getByText('passt am wenigsten', { exact: true }));
      const rank1 = await centre(first.getByRole('radio', { name: /^1\b/ }));
      const rank4 = await centre(first.getByRole('radio', { name: /^4\b/ }));
      expect(Math.abs(best - rank1)).toBeLessThan(24);
      expect(Math.abs(least - rank4)).toBeLessThan(24);
      await context.close();
    });
  }

  for (const language of ['de-DE', 'en-US', 'fr-FR', 'it-IT', 'cz-CZ']) {
    test(`no button label takes more than two lines at 390 px (${language})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const seen: Array<ButtonLines & { where: string }> = [];
      const measure = async (where: string) => seen.push(...(await buttonLines(page)).map((b) => ({ ...b, where })));

      for (const path of ['/home', '/error', '/info?statusCode=1&detailCode=20', '/maintenance', '/no-such-page', '/support']) {
        await visit(page, path);
        await measure(path);
      }

      await signInIn(page, 'P1VIEWR01', '', language);
      await visit(page, '/register');
      await measure('/register');

      await signInIn(page, 'P1VIEWF01', '', language);
      await visit(page, '/accesscode');
      await measure('/accesscode');
      await signInIn(page, 'P1VIEWF01', 'VIEWF4711', language);
      await visit(page, '/accesspassword');
      await measure('/accesspassword');

      await signInIn(page, 'P1VIEW001', 'VIEW4711', language);
      await visit(page, '/questionnairemanual');
      await measure('/questionnairemanual');
      await visit(page, '/questionnaire');
      await measure('/questionnaire');

      // The last page with its finish confirmation, and the finish error.
      await signInIn(page, 'P1LAST001', 'LAST4711', language);
      await visit(page, '/questionnaire');
      await rankPage(page);
      const submit = page.locator('main button[type="submit"]');
      await measure('/questionnaire, last page');
      await submit.click();
      const confirm = page.locator('dialog[open]');
      await expect(confirm).toBeVisible();
      await measure('/questionnaire, finish confirmation');
      await page.route('**/api/submit/finishassessment', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ statusCode: 13, detailCode: 24 }) }),
      );
      await confirm.locator('button').last().click();
      // The confirmation is an alertdialog too, open (busy) until the call is answered: wait for the error's codes.
      await expect(page.getByRole('alertdialog').filter({ hasText: '13 / 24' })).toBeVisible();
      await measure('/questionnaire, finish error');

      expect(seen.length).toBeGreaterThan(20);
      expect(seen.filter((button) => button.lines > 2)).toEqual([]);
      await context.close();
    });
  }
});
