import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { callApi } from '../support/api';
import { expect, needs, test } from '../support/deployed';

/** The app in front of the stand-in upstream (playwright.config.ts). */
const FRONT = process.env.E2E_FRONT_URL ?? 'http://localhost:3101';
const STANDIN = process.env.E2E_STANDIN_URL ?? 'http://127.0.0.1:3199';

async function upstream(request: APIRequestContext, mode: string, paths?: string[]) {
  await request.post(`${STANDIN}/__control`, { data: { mode, ...(paths && { paths }) } });
}

test.describe('@foundation upstream failures', needs('standin', 'server-files'), () => {
  test.describe.configure({ mode: 'serial' });
  test.afterEach(async ({ request }) => upstream(request, 'ok'));

  test('with a working upstream the app runs in front of it', async ({ page }) => {
    await page.goto(`${FRONT}/error?statusCode=9`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Diese Befragung wurde bereits abgeschlossen. Vielen Dank für Ihre Teilnahme.');
    const homeDev = await page.goto(`${FRONT}/home-dev`);
    expect(homeDev?.status()).toBe(404);
  });

  test('the error page without translations goes to maintenance', async ({ page, request }) => {
    await upstream(request, 'down');
    await page.goto(`${FRONT}/error`);
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByText(/^Wartung - Aufgrund von Wartungsarbeiten/)).toBeVisible();
  });

  for (const [mode, status] of [
    ['down', 502],
    ['http-500', 502],
    ['not-json', 502],
    ['slow', 504],
  ] as const) {
    test(`an upstream that is ${mode} gives the Exception outcome as JSON, logged once with its id`, async ({ page, request }) => {
      await page.goto(`${FRONT}/support`);
      await upstream(request, mode, ['submit/kodekodex/identcode']);
      const answer = await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
      expect(answer.status()).toBe(status);
      expect(answer.headers()['content-type']).toContain('application/json');
      expect(answer.headers()['x-upstream']).toBeUndefined();
      const body = await answer.json();
      expect(body).toMatchObject({ statusCode: 13, detailCode: 24 });
      expect(body.exceptionId).toMatch(/^[A-Z0-9]{10}$/);

      const log = fs.readFileSync('test-results/front-server.log', 'utf8');
      const lines = log.split('\n').filter((line) => line.includes(body.exceptionId));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', event: 'upstream_failure', id: body.exceptionId, path: 'submit/kodekodex/identcode' });
      expect(log).not.toContain('P1DEMO01');

      // The error page shows that id as the Detail-Code.
      await upstream(request, 'ok');
      await page.goto(`${FRONT}/error?statusCode=13&detailCode=24&exceptionId=${body.exceptionId}`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(`Ein interner Fehler ist aufgetreten. Detail-Code: ${body.exceptionId}`);
    });
  }

  test('a header-footer failure leaves the frame standing with the bundled logo', async ({ page, request }) => {
    await upstream(request, 'http-500', ['pageinfo/headerfooter']);
    await page.goto(`${FRONT}/support`);
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page.locator('header img')).toHaveAttribute('src', '/logo.svg');
    await expect(page.getByRole('button', { name: 'Impressum' })).toBeVisible();
  });
});
