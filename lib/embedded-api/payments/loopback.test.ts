import { OWN_ORIGIN_MARK, rememberOwnOrigin } from '@/lib/edge/ownOrigin.mjs';
import { openDemoDatabase, type DemoDatabase } from '@/lib/paypal-demo/database';
import { startDemoHttpServer } from '@/lib/paypal-demo/demoHttpServer';
import { demoOrdersApi } from '@/lib/paypal-demo/ordersApi';
import type { Database } from '../db/database';
import { openTestDatabaseWith } from '../db/testDatabase';
import { createRequestHandler } from '../server';
import { DEMO_INVOICE, sendTo, startTestApi, testPortalSettings, testSettings } from '../testApi';
import { paypalOrdersClient } from './paypalOrders';
import { verifyPayment } from './verifyPayment';

/**
 * The demo end to end on the server: an invoice for the demo portal PTDEMO01/1, an order created
 * and approved as the demo checkout script does, then submit/portal/sucessfullyPaid, which in demo
 * mode (no PAYPAL_API_BASE) asks the app's own Orders API over loopback at the address server.mjs
 * recorded (payments/client.ts): a real HTTP round trip, the same client and verification as
 * against PayPal, and the payment recorded once. The demo provider (lib/paypal-demo) runs on its
 * own database, as PayPal does: the two meet over HTTP only.
 */
const SECRET = 'l'.repeat(40);
let db: Database;
let demoDb: DemoDatabase;
let handle: ReturnType<typeof createRequestHandler>;
let server: Awaited<ReturnType<typeof startDemoHttpServer>>;
let browser: ReturnType<typeof demoOrdersApi>;

beforeAll(async () => {
  const settings = testSettings('p'.repeat(40), { portal: testPortalSettings() });
  expect(settings.portal.paypal).toMatchObject({ mode: 'demo' });
  expect('apiBase' in settings.portal.paypal).toBe(false);
  ({ db } = await startTestApi(settings));
  handle = createRequestHandler(db, settings);
  // The demo provider's own database, on the same kind as the app's (a database of its own in the PostgreSQL pass).
  demoDb = await openTestDatabaseWith(openDemoDatabase);
  server = await startDemoHttpServer(demoDb, { secret: SECRET });
  // What server.mjs does once it listens.
  rememberOwnOrigin(server.address);
  browser = demoOrdersApi(demoDb, { secret: SECRET });
}, 60_000);

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[OWN_ORIGIN_MARK];
  await server?.close();
  await demoDb?.close();
  await db?.close();
});

const call = async (path: string, body: unknown) => (await sendTo(handle, path, body, '198.51.100.20')).answer;

async function fromBrowser(path: string, body: unknown = {}) {
  const answer = await browser({ method: 'POST', path: path.split('/'), headers: new Headers(), body: JSON.stringify(body), clientAddress: '198.51.100.20', sameOrigin: true });
  return answer.body as { id: string; status: string };
}

it('a demo payment is verified over loopback and recorded once; an unapproved order is not', async () => {
  const page = await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '1', product: 5 });
  expect(page).toMatchObject({ statusCode: 1, paypalMode: 'demo', paypalClientId: 'demo-client', productPrice: 345.67 });
  const invoice = await call('submit/portal/invoiceinfo', DEMO_INVOICE);
  const transactionId = invoice.transactionId as string;
  const body = { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' }, description: 'Kompetenzanalyse Online 1', custom_id: transactionId }] };

  const unapproved = await fromBrowser('v2/checkout/orders', body);
  expect(await call('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID: unapproved.id } })).toMatchObject({ statusCode: 5, detailCode: 108 });

  const order = await fromBrowser('v2/checkout/orders', body);
  await fromBrowser(`v2/checkout/orders/${order.id}/approve`);
  const reports = await Promise.all([1, 2].map(() => call('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID: order.id } })));
  expect(reports.map((report) => report.statusCode)).toEqual([1, 1]);

  const payments = await db.query<{ transaction_id: string; amount_cents: string }>('select transaction_id, amount_cents from payment where paypal_order_id = $1', [order.id]);
  expect(payments).toEqual([{ transaction_id: transactionId, amount_cents: expect.anything() }]);
  expect(Number(payments[0]!.amount_cents)).toBe(34_567);
  const [demo] = await demoDb.query<{ status: string }>('select status from demo_paypal_order where id = $1', [order.id]);
  expect(demo?.status).toBe('COMPLETED');
});

describe('the PayPal client against the demo provider over HTTP', () => {
  it('verifies an approved demo order as paid (capturing it), once; a created one is pending', async () => {
    const client = paypalOrdersClient({ apiBase: `${server.origin}/api/paypal-demo`, clientId: 'demo-client', clientSecret: 'demo-secret', timeoutMs: 5000 });
    const tx = 'PT-ABCDEFGHJKLMNPQRSTUV';
    const body = { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' }, description: 'Kompetenzanalyse Online 1', custom_id: tx }] };
    const approved = await fromBrowser('v2/checkout/orders', body);
    await fromBrowser(`v2/checkout/orders/${approved.id}/approve`);
    const expected = { transactionId: tx, amount: '345.67' };
    const [first, second] = await Promise.all([verifyPayment(client, approved.id, expected), verifyPayment(client, approved.id, expected)]);
    expect(first).toEqual({ outcome: 'paid', orderId: approved.id, captureId: expect.stringMatching(/^[A-Z0-9]{17}$/) });
    expect(second).toEqual(first);
    const created = await fromBrowser('v2/checkout/orders', body);
    expect(await verifyPayment(client, created.id, expected)).toEqual({ outcome: 'pending', orderId: created.id });
    expect(await verifyPayment(client, approved.id, { transactionId: tx, amount: '345.68' })).toMatchObject({ outcome: 'wrongAmount' });
  });
});
