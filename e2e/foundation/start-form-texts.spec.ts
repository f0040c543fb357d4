import { hydrated } from '../support/api';
import { expect, needs, test } from '../support/deployed';

/** The app in front of the stand-in upstream (playwright.config.ts), whose catalogue can lack keys. */
const FRONT = process.env.E2E_FRONT_URL ?? 'http://localhost:3101';
const STANDIN = process.env.E2E_STANDIN_URL ?? 'http://127.0.0.1:3199';

test.describe('@foundation start form on / without the upstream\'s texts', needs('standin'), () => {
  test.afterEach(async ({ request }) => {
    await request.post(`${STANDIN}/__drop`, { data: {} });
  });

  test('an upstream whose error page lacks the ident-code texts: / still shows the whole form, never "KEY: …" (spec §2, §8)', async ({ page, request }) => {
    await request.post(`${STANDIN}/__drop`, { data: { keys: ['HomeLoading', 'IdentCodeLabel', 'IdentCodeSubmit', 'IdentCodeRequired'] } });
    await page.goto(`${FRONT}/`);
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Befragung starten' })).toBeVisible();
    await expect(page.getByLabel('Zugangscode der Befragung')).toBeVisible();
    await expect(page.getByText(/KEY:/)).toHaveCount(0);

    await hydrated(page);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByText('Bitte geben Sie den Zugangscode der Befragung ein.')).toBeVisible();
    await expect(page.getByText(/KEY:/)).toHaveCount(0);
  });
});
