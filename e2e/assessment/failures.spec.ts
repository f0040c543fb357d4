import type { APIRequestContext, Page } from '@playwright/test';
import { enterAccessCode } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { next, pageIndicator, rankPage } from '../support/questionnaire';
import { expect, needs, test } from '../support/deployed';

/** The app in front of the stand-in upstream (playwright.config.ts). */
const FRONT = process.env.E2E_FRONT_URL ?? 'http://localhost:3101';
const STANDIN = process.env.E2E_STANDIN_URL ?? 'http://127.0.0.1:3199';

async function upstream(request: APIRequestContext, mode: string, paths?: string[], times?: number) {
  await request.post(`${STANDIN}/__control`, { data: { mode, ...(paths && { paths }), ...(times !== undefined && { times }) } });
}

const checked = (page: Page) => page.locator('main input[type=radio]:checked');

test.describe('@assessment upstream failures mid-questionnaire', needs('standin'), () => {
  test.describe.configure({ mode: 'serial' });
  test.afterEach(async ({ request }) => upstream(request, 'ok'));

  test('answers stay on screen, a retry saves them once, a failed finish says why and can be repeated', async ({ page, request }) => {
    await page.goto(`${FRONT}/home/P1DEMO01`);
    await enterAccessCode(page, 'RANK4711');
    await page.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');

    // The upstream is down: the participant is told, nothing is lost.
    await rankPage(page, 1);
    await upstream(request, 'down', ['pageinfo/questionnaire']);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/konnten gerade nicht gespeichert werden/);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await expect(checked(page)).toHaveCount(16);
    await expectNoAxeViolations(page);
    await upstream(request, 'ok');
    await next(page, 'Seite 2 von 6');
    await expect(page.getByText(/konnten gerade nicht gespeichert werden/)).toHaveCount(0);

    // Slow: the upstream saves after the front end gave up; the retry saves the same answers again.
    await rankPage(page, 2);
    await upstream(request, 'slow', ['pageinfo/questionnaire'], 1);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/konnten gerade nicht gespeichert werden/);
    await next(page, 'Seite 3 von 6');
    await page.waitForTimeout(4000); // the slow save lands meanwhile
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(checked(page)).toHaveCount(16);
    const answers = [];
    for (const row of await page.locator('main fieldset').all()) answers.push(await row.getByRole('radio', { checked: true }).getAttribute('value'));
    expect(answers).toEqual(Array.from({ length: 16 }, (_, i) => String(((i % 4) + 2) % 4 + 1)));

    await page.reload();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await next(page, 'Seite 3 von 6');
    for (let p = 3; p <= 6; p++) {
      await rankPage(page, p);
      if (p < 6) await next(page, `Seite ${p + 1} von 6`);
    }

    // The finish fails: the modal gives status / detail, and finishing again works.
    await upstream(request, 'http-500', ['submit/finishassessment']);
    await page.getByRole('button', { name: 'Speichern und abschließen' }).click();
    await page.getByRole('alertdialog', { name: 'Befragung abschließen' }).getByRole('button', { name: 'Jetzt abschließen' }).click();
    const error = page.getByRole('alertdialog', { name: 'Fehler' });
    await expect(error).toHaveText(/Die Befragung konnte nicht abgeschlossen werden\. Status \/ Detail: 13 \/ 24/);
    await expectNoAxeViolations(page);
    await error.getByRole('button', { name: 'Schließen' }).click();

    await upstream(request, 'ok');
    await page.getByRole('button', { name: 'Speichern und abschließen' }).click();
    await page.getByRole('alertdialog', { name: 'Befragung abschließen' }).getByRole('button', { name: 'Jetzt abschließen' }).click();
    await expect(page).toHaveURL(/\/finishedquestionnaire$/);
  });
});
