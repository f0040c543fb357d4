import { enterAccessCode, hydrated } from '../support/api';
import { pageIndicator, ratePage } from '../support/questionnaire';
import { expect, needs, test } from '../support/deployed';

/** The app in front of the stand-in upstream (playwright.config.ts), whose catalogue can lack keys. */
const FRONT = process.env.E2E_FRONT_URL ?? 'http://localhost:3101';
const STANDIN = process.env.E2E_STANDIN_URL ?? 'http://127.0.0.1:3199';

test.describe('@assessment rated-count overlay', needs('standin'), () => {
  test.afterEach(async ({ request }) => {
    await request.post(`${STANDIN}/__drop`, { data: {} });
  });

  test('an upstream without the RatedCount text: no overlay, never "KEY: RatedCount" (spec §2) (P2-READY on the stand-in)', async ({ page, request }) => {
    await page.goto(`${FRONT}/home/P2DEMO01`);
    await enterAccessCode(page, 'GRID4711');
    await page.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 10');
    await expect(page.getByText('Bewertet: 0 von 3')).toBeVisible();

    await request.post(`${STANDIN}/__drop`, { data: { keys: ['RatedCount'] } });
    await page.reload();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 10');
    await hydrated(page);
    await ratePage(page, 'trifft eher zu');
    await expect(page.getByText(/RatedCount|Bewertet/)).toHaveCount(0);
  });
});
