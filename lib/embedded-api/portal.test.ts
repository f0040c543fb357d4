import type { Database } from './db/database';
import { startOrdersStandin, type OrdersStandin } from './payments/ordersStandin';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, testPortalSettings, testSettings } from './testApi';

/**
 * The portal's three calls through the embedded API's front door, with PayPal's Orders API played
 * by a local stand-in (payments/ordersStandin.ts): the demo portal PTDEMO01/1 at 345.67 EUR.
 */
let db: Database;
let standin: OrdersStandin;
let handle: ReturnType<typeof createRequestHandler>;
let client = 0;
const nextClient = () => `198.51.100.${(client += 1) % 250}`;

beforeAll(async () => {
  standin = await startOrdersStandin();
  const settings = testSettings('p'.repeat(40), {
    portal: testPortalSettings({ paypal: { mode: 'sandbox', apiBase: standin.url, clientId: standin.clientId, clientSecret: standin.clientSecret, timeoutMs: 2000 } }),
  });
  ({ db } = await startTestApi(settings));
  handle = createRequestHandler(db, settings);
}, 60_000);

afterAll(async () => {
  await standin?.close();
  await db?.close();
});

const call = async (path: string, body: unknown, address = nextClient()) => (await sendTo(handle, path, body, address)).answer;

const INVOICE = {
  portalId: 1,
  isDataPrivacyChecked: true,
  invoiceIsPrivate: true,
  invoiceName: 'Erika Muster',
  invoiceStreet: 'Hauptstraße 1',
  invoiceCity: '10115 Berlin',
  invoiceEmail: 'erika@example.org',
  invoiceProductText: 'Kompetenzanalyse Online',
  invoiceProductPrice: 345.67,
};

describe('the demo portal', () => {
  it('pageinfo/portal/login answers product, price and how to pay', async () => {
    expect(await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '1', product: 5 })).toMatchObject({
      statusCode: 1,
      portalId: 1,
      productPrice: 345.67,
      productTitle: 'Kompetenzanalyse Online',
      paypalMode: 'sandbox',
      paypalClientId: standin.clientId,
    });
  });

  it.each([
    ['another identifier', { groupCodeIdent: 'PTDEMO02', portalId: '1' }],
    ['an unknown id', { groupCodeIdent: 'PTDEMO01', portalId: '2' }],
    ['no id', { groupCodeIdent: 'PTDEMO01' }],
  ])('%s → NoRecordset / UnknownPortal', async (_label, body) => {
    expect(await call('pageinfo/portal/login', { ...body, product: 5 })).toMatchObject({ statusCode: 2, detailCode: 104 });
  });

  it('an invoice, an approved order, a report: captured, recorded once, confirmed by mail', async () => {
    const invoice = await call('submit/portal/invoiceinfo', INVOICE);
    expect(invoice).toMatchObject({ statusCode: 1, transactionId: expect.stringMatching(/^PT-/) });
    const transactionId = invoice.transactionId as string;
    const orderId = standin.addOrder({ scenario: 'approved', transactionId, value: '345.67' });
    const reports = await Promise.all([1, 2].map(() => call('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID: orderId } })));
    expect(reports.map((r) => r.statusCode)).toEqual([1, 1]);
    expect(await call('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID: orderId } })).toMatchObject({ statusCode: 1 });
    const payments = await db.query<{ amount_cents: string; confirmation_mail: string }>('select amount_cents, confirmation_mail from payment where paypal_order_id = $1', [orderId]);
    expect(payments).toEqual([{ amount_cents: expect.anything(), confirmation_mail: 'outbox' }]);
    expect(Number(payments[0]!.amount_cents)).toBe(34_567);
    const mails = await db.query<{ recipient: string }>("select recipient from mail_outbox where kind = 'paymentConfirmation'");
    expect(mails.filter((m) => m.recipient === 'erika@example.org')).toHaveLength(1);
  });
});
