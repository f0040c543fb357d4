import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_FOLDER, openDemoDatabase } from './database';
import { approveDemoOrder, createDemoOrder, findDemoOrder } from './orderStore';

/**
 * The demo's own storage keeps its orders as the app's database kept them: across a restart, in a
 * folder of its own beside the app's (PGlite without DATABASE_URL).
 */
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paypal-demo-store-'));
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('an order outlives a restart, in <dataDir>/paypal-demo', async () => {
  const now = Date.now();
  const first = await openDemoDatabase({ dataDir });
  const created = await createDemoOrder(first, { amount: { currency_code: 'EUR', value: '345.67' }, customId: 'PT-1' }, '198.51.100.7', now);
  if (created === 'limit') throw new Error('limit');
  await approveDemoOrder(first, created.id, now);
  await first.close();
  expect(fs.existsSync(path.join(dataDir, DEMO_FOLDER, 'PG_VERSION'))).toBe(true);

  const again = await openDemoDatabase({ dataDir });
  try {
    expect(await findDemoOrder(again, created.id)).toMatchObject({ id: created.id, status: 'APPROVED', customId: 'PT-1', amount: { value: '345.67' } });
  } finally {
    await again.close();
  }
}, 120_000);
