import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { DE } from '../support/portal';

/**
 * An operator's start as `npm start` makes it, with nothing configured but their own portal: not
 * demo mode. The start says so in one line and logs an error that the portal cannot take orders;
 * the buyer reads "payment not available" instead of a form; no demo code, no /home-dev, no PayPal
 * stand-in answers.
 */
const run = promisify(execFile);
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 71;

test.describe('@operator a start outside demo mode', needs('own-server'), () => {
  let work: string;
  let server: EdgeServer | undefined;
  let portalPath: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'regular-mode-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, 'data'), PUBLIC_URL: `http://localhost:${PORT}` };
    delete env.DATABASE_URL;
    delete env.DEMO_MODE;
    const created = await run(process.execPath, ['lib/admin/bin.mjs', 'portal', 'create', '--product-text', 'Teamanalyse', '--price', '99,00'], { env, encoding: 'utf8' });
    const [, row] = created.stdout.trim().split(/\r?\n/);
    portalPath = new URL(row!.split(',').at(-1)!).pathname;
    server = await startEdgeServer(PORT, { DATA_DIR: env.DATA_DIR!, PUBLIC_URL: env.PUBLIC_URL!, DEMO_MODE: 'off' });
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('the log says which mode and why, and that the portal takes no orders', () => {
    const events = server!.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.filter((event) => event.event === 'app_mode')).toEqual([expect.objectContaining({ mode: 'regular', reason: expect.stringContaining('DEMO_MODE is not on') })]);
    expect(events.filter((event) => event.event === 'payments_not_available')).toEqual([expect.objectContaining({ level: 'error' })]);
  });

  test('the buyer of the operator\'s portal reads that payment is not available: no form, no button', async ({ page }) => {
    await page.goto(`http://localhost:${PORT}${portalPath}`);
    await expect(page).toHaveURL(/\/error\?statusCode=2&detailCode=110$/);
    await expect(page.getByText(DE.ErrorPaymentNotAvailable)).toBeVisible();
    await expect(page.getByRole('button', { name: /PayPal|Bezahlen|Zahlungspflichtig/i })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('nothing of the demo answers: /home-dev, the PayPal stand-in, the demo portal', async ({ page, request }) => {
    const homeDev = await page.goto(`http://localhost:${PORT}/home-dev`);
    expect(homeDev?.status()).toBe(404);
    const order = await request.post(`http://localhost:${PORT}/api/paypal-demo/v2/checkout/orders`, { headers: { origin: `http://localhost:${PORT}` }, data: {} });
    expect(order.status()).toBe(404);
    await page.goto(`http://localhost:${PORT}/portal/PTDEMO01/1`);
    await expect(page).toHaveURL(/\/error\?statusCode=2&detailCode=104$/);
  });
});
