import type { APIRequestContext } from '@playwright/test';
import { expect, needs, test } from '../support/deployed';
import { DE } from '../support/portal';

/**
 * The portal page in front of an upstream that fails (the stand-in of
 * playwright.config.ts, project 'standin'): the error page with the internal-error text, never a
 * blank page and never a payment button or a price.
 */
const FRONT = process.env.E2E_FRONT_URL ?? 'http://localhost:3101';
const STANDIN = process.env.E2E_STANDIN_URL ?? 'http://127.0.0.1:3199';

async function upstream(request: APIRequestContext, mode: string, paths?: string[]) {
  await request.post(`${STANDIN}/__control`, { data: { mode, ...(paths && { paths }) } });
}

test.describe('@portal upstream failure', needs('standin', 'server-files'), () => {
  test.describe.configure({ mode: 'serial' });
  test.afterEach(async ({ request }) => upstream(request, 'ok'));

  for (const mode of ['down', 'http-500', 'not-json'] as const) {
    test(`an upstream that is ${mode}: the error page with the internal-error text, no price, no payment button`, async ({ page, request }) => {
      await upstream(request, mode, ['pageinfo/portal/login']);
      await page.goto(`${FRONT}/portal/PTDEMO01/1`);
      await expect(page).toHaveURL(/\/error\?statusCode=13&detailCode=24/);
      await expect(page.getByRole('main').getByRole('alert')).toContainText('Ein interner Fehler ist aufgetreten.');
      await expect(page.getByRole('button', { name: /PayPal/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: DE.PortalPayButton })).toHaveCount(0);
      await expect(page.locator('main')).not.toContainText('345');
    });
  }

  test('with the upstream working again, the same link shows the invoice form', async ({ page }) => {
    await page.goto(`${FRONT}/portal/PTDEMO01/1`);
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalTitle })).toBeVisible();
    await expect(page.getByText('345,67 EUR', { exact: true })).toBeVisible();
  });
});
