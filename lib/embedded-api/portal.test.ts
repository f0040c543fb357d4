import { closedPort, startSmtpServer, type TestSmtpServer } from '@/e2e/support/smtp';
import type { Language } from '@/lib/api/languages';
import { captureOutput } from '@/lib/log/captureOutput';
import type { EmbeddedSettings } from './context';
import type { Database } from './db/database';
import { MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION } from './handlers/portal';
import { confirmationsSettled } from './portal/confirmation';
import { captureRequestId } from './payments/verifyPayment';
import { startOrdersStandin, type OrdersStandin, type StandinOrderInit } from './payments/ordersStandin';
import { createRequestHandler } from './server';
import { DEMO_INVOICE, sendTo, startTestApi, testPortalSettings, testSettings, type Answer, type Handle } from './testApi';
import { translationsFor } from './translations';

/**
 * The portal's three calls through the embedded API's front door, with PayPal's Orders API played
 * by a local stand-in (payments/ordersStandin.ts) and mail by a real SMTP server in this process
 * (e2e/support/smtp.ts): the demo portal PTDEMO01/1 at 345.67 EUR.
 */
let db: Database;
let standin: OrdersStandin;
let smtp: TestSmtpServer;
let settings: EmbeddedSettings;
let handle: Handle;
let client = 0;
/** Each call from an address of its own, unless a test is about one address. */
const nextClient = () => `198.51.${Math.floor((client += 1) / 250) % 250}.${client % 250}`;

/** The same database with other settings (a lower limit, SMTP, a short PayPal time limit). */
function handlerWith(change: (base: EmbeddedSettings) => EmbeddedSettings): Handle {
  return createRequestHandler(db, change(settings));
}

beforeAll(async () => {
  [standin, smtp] = await Promise.all([startOrdersStandin(), startSmtpServer()]);
  settings = testSettings('p'.repeat(40), {
    portal: testPortalSettings({ paypal: { mode: 'sandbox', apiBase: standin.url, clientId: standin.clientId, clientSecret: standin.clientSecret, timeoutMs: 2000 } }),
  });
  ({ db } = await startTestApi(settings));
  handle = createRequestHandler(db, settings);
  // A portal without a price, and one whose price is zero (no payable price either).
  await db.query(`insert into portal (id, group_code_ident, product_text, price_cents) values (3, 'PTZERO01', 'Umsonst', 0)`);
}, 60_000);

afterAll(async () => {
  await Promise.all([standin?.close(), smtp?.close()]);
  await db?.close();
});

const call = async (path: string, body: unknown, address = nextClient(), through: Handle = handle) => (await sendTo(through, path, body, address)).answer;

const INVOICE = DEMO_INVOICE;

let buyers = 0;
/** A transaction of the demo portal, by a buyer with an e-mail address of their own. */
async function invoice(change: Partial<typeof INVOICE> & { uiLanguage?: string } = {}, through: Handle = handle): Promise<{ transactionId: string; email: string }> {
  buyers += 1;
  const email = change.invoiceEmail ?? `buyer${buyers}@example.org`;
  const answer = await call('submit/portal/invoiceinfo', { ...INVOICE, invoiceEmail: email, ...change }, nextClient(), through);
  expect(answer).toMatchObject({ statusCode: 1, detailCode: 0 });
  return { transactionId: answer.transactionId as string, email };
}

const report = (transactionId: string, orderID: unknown, through: Handle = handle) =>
  call('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID, payerID: 'PAYERSTANDIN1' } }, nextClient(), through);

/** The database once the confirmation mails, sent after the answer, are done: what became of payments and mails. */
async function settled(): Promise<Database> {
  await confirmationsSettled(db);
  return db;
}

const paymentsOf = async (orderId: string) =>
  (await settled()).query<{ transaction_id: string; amount_cents: string; currency: string; confirmation_mail: string | null }>(
    'select transaction_id, amount_cents, currency, confirmation_mail from payment where paypal_order_id = $1',
    [orderId],
  );
const paymentsOfTransaction = async (transactionId: string) =>
  (await db.query<{ n: number }>('select count(*)::int as n from payment where transaction_id = $1', [transactionId]))[0]!.n;
const reportsOf = (transactionId: string) => db.query<{ paypal_order_id: string; outcome: string }>('select paypal_order_id, outcome from payment_report where transaction_id = $1 order by id', [transactionId]);
const outboxTo = async (email: string) => (await settled()).query<{ subject: string; body: string }>("select subject, body from mail_outbox where kind = 'paymentConfirmation' and recipient = $1", [email]);
/** Whether the payment's confirmation will be tried again (portal/confirmationRetries.ts). */
const confirmationDue = async (orderId: string) =>
  (await db.query<{ due: boolean }>('select confirmation_next_at is not null as due from payment where paypal_order_id = $1', [orderId]))[0]!.due;
const transactionCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from portal_transaction'))[0]!.n;

describe('pageinfo/portal/login', () => {
  it('answers product, price and how to pay for the demo portal', async () => {
    expect(await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '1', product: 5 })).toMatchObject({
      statusCode: 1,
      detailCode: 0,
      portalId: 1,
      productPrice: 345.67,
      productTitle: 'Kompetenzanalyse Online',
      paypalMode: 'sandbox',
      paypalClientId: standin.clientId,
    });
  });

  it('takes the identifier in any case, as an address may carry it', async () => {
    expect(await call('pageinfo/portal/login', { groupCodeIdent: 'ptdemo01', portalId: 1 })).toMatchObject({ statusCode: 1, portalId: 1 });
  });

  it.each([
    ['another identifier', { groupCodeIdent: 'PTDEMO02', portalId: '1' }],
    ['another portal’s identifier', { groupCodeIdent: 'PTNOPRICE', portalId: '1' }],
    ['an unknown id', { groupCodeIdent: 'PTDEMO01', portalId: '99' }],
    ['no id', { groupCodeIdent: 'PTDEMO01' }],
    ['no identifier', { portalId: '1' }],
    ['an id with a leading zero', { groupCodeIdent: 'PTDEMO01', portalId: '01' }],
    ['a negative id', { groupCodeIdent: 'PTDEMO01', portalId: '-1' }],
    ['an id with a fraction', { groupCodeIdent: 'PTDEMO01', portalId: '1.5' }],
    ['an id with white space inside', { groupCodeIdent: 'PTDEMO01', portalId: '1 1' }],
    ['an id beyond an int', { groupCodeIdent: 'PTDEMO01', portalId: '99999999999999999999' }],
    ['an id that is no number', { groupCodeIdent: 'PTDEMO01', portalId: "1' or '1'='1" }],
  ])('%s → NoRecordset / UnknownPortal, nothing about the portal', async (_label, body) => {
    const answer = await call('pageinfo/portal/login', { ...body, product: 5 });
    expect(answer).toMatchObject({ statusCode: 2, detailCode: 104 });
    expect(answer).not.toHaveProperty('productPrice');
    expect(JSON.stringify(answer)).not.toContain('Kompetenzanalyse');
  });

  it.each([
    ['no price', 'PTNOPRICE', 2],
    ['a price of zero', 'PTZERO01', 3],
  ])('a portal with %s → NoRecordset / PortalWithoutPrice, no price and no payment settings', async (_label, ident, portalId) => {
    const answer = await call('pageinfo/portal/login', { groupCodeIdent: ident, portalId, product: 5 });
    expect(answer).toMatchObject({ statusCode: 2, detailCode: 105, errorInfo: expect.stringContaining('productPrice') });
    for (const field of ['productPrice', 'paypalMode', 'paypalClientId']) expect(answer).not.toHaveProperty(field);
  });

  it.each<Language>(['de-DE', 'en-US', 'fr-FR', 'it-IT', 'cz-CZ'])('answers the texts of the buyer’s language %s, the errors too', async (language) => {
    const found = await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '1', uiLanguage: language });
    expect(found.translations).toEqual(translationsFor(language));
    const unknown = await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '9', uiLanguage: language });
    expect(unknown.translations).toEqual(translationsFor(language));
  });

  it('the languages’ texts differ; without a language, German; a language not of the five → PostDataIsInvalid naming it', async () => {
    expect(translationsFor('en-US')).not.toEqual(translationsFor('de-DE'));
    expect((await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '1' })).translations).toEqual(translationsFor('de-DE'));
    expect(await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '1', uiLanguage: 'xx-XX' })).toMatchObject({ statusCode: 5, errorInfo: expect.stringMatching(/^uiLanguage:/) });
  });
});

describe('submit/portal/invoiceinfo', () => {
  it('stores one transaction with the portal’s own product and price, and answers its id', async () => {
    // A forged product text is not what is sold: the portal's is stored.
    const answer = await call('submit/portal/invoiceinfo', { ...INVOICE, invoiceProductText: 'Etwas anderes', invoiceIsPrivate: false, uiLanguage: 'en-US' });
    expect(answer).toMatchObject({ statusCode: 1, detailCode: 0, transactionId: expect.stringMatching(/^PT-[A-Za-z0-9_-]{20}$/) });
    const [row] = await db.query<Record<string, unknown>>('select portal_id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email, product_text, price_cents, ui_language from portal_transaction where id = $1', [
      answer.transactionId,
    ]);
    expect({ ...row, price_cents: Number(row!.price_cents) }).toEqual({
      portal_id: 1,
      invoice_is_private: false,
      invoice_name: 'Erika Muster',
      invoice_street: 'Hauptstraße 1',
      invoice_city: '10115 Berlin',
      invoice_email: 'erika@example.org',
      product_text: 'Kompetenzanalyse Online',
      price_cents: 34_567,
      ui_language: 'en-US',
    });
  });

  it('stores the values trimmed, and every form gets a transaction of its own', async () => {
    const first = await call('submit/portal/invoiceinfo', { ...INVOICE, invoiceName: '  Erika Muster  ', invoiceEmail: ' erika@example.org ' });
    const second = await call('submit/portal/invoiceinfo', INVOICE);
    expect(first.transactionId).not.toBe(second.transactionId);
    const [row] = await db.query<{ invoice_name: string; invoice_email: string }>('select invoice_name, invoice_email from portal_transaction where id = $1', [first.transactionId]);
    expect(row).toEqual({ invoice_name: 'Erika Muster', invoice_email: 'erika@example.org' });
  });

  it.each([
    ['invoiceName', { invoiceName: '' }],
    ['invoiceName', { invoiceName: '   ' }],
    ['invoiceName', { invoiceName: 'Erika\nBcc: x@example.org' }],
    ['invoiceName', { invoiceName: 'Erika\u0000' }],
    ['invoiceName', { invoiceName: 'x'.repeat(201) }],
    ['invoiceStreet', { invoiceStreet: '' }],
    ['invoiceStreet', { invoiceStreet: 'Hauptstraße 1\r\n' + 'x' }],
    ['invoiceCity', { invoiceCity: '' }],
    ['invoiceCity', { invoiceCity: '10115\tBerlin' }],
    ['invoiceEmail', { invoiceEmail: '' }],
    ['invoiceEmail', { invoiceEmail: 'erika' }],
    ['invoiceEmail', { invoiceEmail: 'erika@example.org, mallory@example.org' }],
    ['invoiceEmail', { invoiceEmail: 'erika@example.org\r\nBcc: mallory@example.org' }],
    ['isDataPrivacyChecked', { isDataPrivacyChecked: false }],
    ['isDataPrivacyChecked', { isDataPrivacyChecked: 'true' }],
    ['invoiceIsPrivate', { invoiceIsPrivate: 1 }],
    ['invoiceProductPrice', { invoiceProductPrice: '345.67' }],
    ['invoiceProductPrice', { invoiceProductPrice: -345.67 }],
    ['portalId', { portalId: { id: 1 } }],
  ])('%s breaking a rule (%j) → PostDataIsInvalid naming the field, nothing stored', async (field, change) => {
    const before = await transactionCount();
    const answer = await call('submit/portal/invoiceinfo', { ...INVOICE, ...change });
    expect(answer).toMatchObject({ statusCode: 5, detailCode: 0 });
    expect(String(answer.errorInfo)).toMatch(new RegExp(`^${field}[.:]`));
    expect(answer).not.toHaveProperty('transactionId');
    expect(await transactionCount()).toBe(before);
  });

  it('names every field that breaks a rule, in the form’s order', async () => {
    const answer = await call('submit/portal/invoiceinfo', { ...INVOICE, invoiceName: '', invoiceCity: ' ', invoiceEmail: 'nope', isDataPrivacyChecked: false });
    expect(String(answer.errorInfo).split('; ').map((part) => part.split(':')[0])).toEqual(['invoiceName', 'invoiceCity', 'invoiceEmail', 'isDataPrivacyChecked']);
  });

  it.each([
    ['a cent less', 345.66],
    ['a cent more', 345.68],
    ['the placeholder rounded', 346],
    ['zero', 0],
    ['a third decimal', 345.671],
  ])('a price that is not the portal’s (%s) → PostDataIsInvalid / PriceChanged, nothing stored', async (_label, price) => {
    const before = await transactionCount();
    expect(await call('submit/portal/invoiceinfo', { ...INVOICE, invoiceProductPrice: price })).toMatchObject({ statusCode: 5, detailCode: 107, errorInfo: expect.stringMatching(/^invoiceProductPrice:/) });
    expect(await transactionCount()).toBe(before);
  });

  it('an unknown portal → UnknownPortal; a portal without a price → PortalWithoutPrice; nothing stored', async () => {
    const before = await transactionCount();
    expect(await call('submit/portal/invoiceinfo', { ...INVOICE, portalId: 99 })).toMatchObject({ statusCode: 2, detailCode: 104 });
    expect(await call('submit/portal/invoiceinfo', { ...INVOICE, groupCodeIdent: 'PTNOPRICE', portalId: '2' })).toMatchObject({ statusCode: 2, detailCode: 105 });
    // The id alone names no portal: with another portal's identifier, or none, it is unknown (ids cannot be tried in turn).
    expect(await call('submit/portal/invoiceinfo', { ...INVOICE, groupCodeIdent: 'PTNOPRICE', portalId: 1 })).toMatchObject({ statusCode: 2, detailCode: 104 });
    const { groupCodeIdent: _ident, ...withoutIdent } = INVOICE;
    expect(await call('submit/portal/invoiceinfo', withoutIdent)).toMatchObject({ statusCode: 5, errorInfo: expect.stringContaining('groupCodeIdent') });
    expect(await transactionCount()).toBe(before);
  });

  describe('at most PORTAL_MAX_INVOICES_PER_CLIENT_PER_HOUR forms per address', () => {
    let limited: Handle;
    beforeAll(() => {
      limited = handlerWith((base) => ({ ...base, portal: { ...base.portal, maxInvoicesPerClientPerHour: 3 } }));
    });

    it('the fourth form of an address → PostDataIsInvalid / TooManyInvoices; another address goes on', async () => {
      const address = '203.0.113.10';
      for (let i = 0; i < 3; i++) expect(await call('submit/portal/invoiceinfo', INVOICE, address, limited)).toMatchObject({ statusCode: 1 });
      const before = await transactionCount();
      expect(await call('submit/portal/invoiceinfo', INVOICE, address, limited)).toMatchObject({ statusCode: 5, detailCode: 106 });
      expect(await transactionCount()).toBe(before);
      expect(await call('submit/portal/invoiceinfo', INVOICE, '203.0.113.11', limited)).toMatchObject({ statusCode: 1 });
    });

    it('12 forms of one address at once against a limit of 3: exactly 3 stored', async () => {
      const address = '203.0.113.20';
      const answers = await Promise.all(Array.from({ length: 12 }, () => call('submit/portal/invoiceinfo', INVOICE, address, limited)));
      expect(answers.filter((a) => a.statusCode === 1)).toHaveLength(3);
      expect(answers.filter((a) => a.statusCode === 5 && a.detailCode === 106)).toHaveLength(9);
      const [stored] = await db.query<{ n: number }>('select count(*)::int as n from portal_transaction where client_address = $1', [address]);
      expect(stored!.n).toBe(3);
    });

    it('forms refused for their content do not count', async () => {
      const address = '203.0.113.30';
      for (let i = 0; i < 5; i++) expect(await call('submit/portal/invoiceinfo', { ...INVOICE, invoiceName: '' }, address, limited)).toMatchObject({ statusCode: 5, detailCode: 0 });
      expect(await call('submit/portal/invoiceinfo', INVOICE, address, limited)).toMatchObject({ statusCode: 1 });
    });
  });
});

type Expected = { statusCode: number; detailCode: number; outcome?: string };

describe('submit/portal/sucessfullyPaid: only what PayPal confirms is paid', () => {
  const cases: Array<[string, Omit<StandinOrderInit, 'transactionId'> & { otherTransaction?: boolean }, Expected]> = [
    ['COMPLETED with a completed capture', { scenario: 'completed', value: '345.67' }, { statusCode: 1, detailCode: 0 }],
    ['APPROVED: the server captures', { scenario: 'approved', value: '345.67' }, { statusCode: 1, detailCode: 0 }],
    ['APPROVED, the capture declined', { scenario: 'approvedThenDeclined', value: '345.67' }, { statusCode: 5, detailCode: 108, outcome: 'declined' }],
    ['COMPLETED with a declined capture', { scenario: 'declined', value: '345.67' }, { statusCode: 5, detailCode: 108, outcome: 'declined' }],
    ['COMPLETED with a pending capture', { scenario: 'pendingCapture', value: '345.67' }, { statusCode: 5, detailCode: 108, outcome: 'pending' }],
    ['CREATED, not approved', { scenario: 'created', value: '345.67' }, { statusCode: 5, detailCode: 108, outcome: 'pending' }],
    ['VOIDED', { scenario: 'voided', value: '345.67' }, { statusCode: 5, detailCode: 108, outcome: 'declined' }],
    ['a wrong amount', { scenario: 'completed', value: '345.66' }, { statusCode: 5, detailCode: 108, outcome: 'wrongAmount' }],
    ['a wrong amount, approved (not captured)', { scenario: 'approved', value: '3.45' }, { statusCode: 5, detailCode: 108, outcome: 'wrongAmount' }],
    ['a wrong currency', { scenario: 'completed', value: '345.67', currency: 'USD' }, { statusCode: 5, detailCode: 108, outcome: 'wrongCurrency' }],
    ['the order of another transaction', { scenario: 'completed', value: '345.67', otherTransaction: true }, { statusCode: 5, detailCode: 108, outcome: 'wrongTransaction' }],
    ['PayPal answers 500', { scenario: 'serverError', value: '345.67' }, { statusCode: 13, detailCode: 109, outcome: 'unavailable' }],
    ['PayPal answers what is no order', { scenario: 'malformed', value: '345.67' }, { statusCode: 13, detailCode: 109, outcome: 'unavailable' }],
  ];

  it.each(cases)('%s', async (_label, init, expected) => {
    const { transactionId, email } = await invoice();
    const { otherTransaction, ...order } = init;
    const orderId = standin.addOrder({ ...order, transactionId: otherTransaction ? `${transactionId}x` : transactionId });
    const answer = await report(transactionId, orderId);
    expect(answer).toMatchObject({ statusCode: expected.statusCode, detailCode: expected.detailCode });
    const payments = await paymentsOf(orderId);
    if (expected.statusCode === 1) {
      expect(payments).toEqual([{ transaction_id: transactionId, amount_cents: expect.anything(), currency: 'EUR', confirmation_mail: 'outbox' }]);
      expect(Number(payments[0]!.amount_cents)).toBe(34_567);
      expect(await outboxTo(email)).toHaveLength(1);
      expect(await reportsOf(transactionId)).toEqual([]);
    } else {
      expect(payments).toEqual([]);
      expect(await paymentsOfTransaction(transactionId)).toBe(0);
      expect(await outboxTo(email)).toEqual([]);
      expect(await reportsOf(transactionId)).toEqual([{ paypal_order_id: orderId, outcome: expected.outcome }]);
      expect(String(answer.errorInfo)).toMatch(/^(paymentDetails\.orderID: PayPal does not confirm|PayPal could not be asked)/);
    }
  });

  it('an approved order is captured by the server once, with a PayPal-Request-Id of transaction and order', async () => {
    const { transactionId } = await invoice();
    const orderId = standin.addOrder({ scenario: 'approved', transactionId, value: '345.67' });
    expect(await report(transactionId, orderId)).toMatchObject({ statusCode: 1 });
    const captures = standin.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${orderId}/capture`);
    expect(captures).toEqual([expect.objectContaining({ requestId: captureRequestId(transactionId, orderId) })]);
    expect(standin.order(orderId)).toMatchObject({ status: 'COMPLETED' });
  });

  it('a completed order is not captured again', async () => {
    const { transactionId } = await invoice();
    const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
    expect(await report(transactionId, orderId)).toMatchObject({ statusCode: 1 });
    expect(standin.requests.filter((r) => r.path.endsWith(`${orderId}/capture`))).toEqual([]);
  });

  it('PayPal not answering (a hang) → Exception / PaymentProviderUnavailable within the time limit, nothing recorded', async () => {
    const quick = handlerWith((base) => ({ ...base, portal: { ...base.portal, paypal: { ...base.portal.paypal, timeoutMs: 300 } } }));
    const { transactionId } = await invoice();
    const orderId = standin.addOrder({ scenario: 'hang', transactionId, value: '345.67' });
    expect(await report(transactionId, orderId, quick)).toMatchObject({ statusCode: 13, detailCode: 109 });
    expect(await paymentsOf(orderId)).toEqual([]);
    expect(await reportsOf(transactionId)).toEqual([{ paypal_order_id: orderId, outcome: 'unavailable' }]);
  });

  it.each([
    ['an order id PayPal does not know', 'UNKNOWN0ORDER0001'],
    ['an order id of no PayPal form', '../v1/oauth2/token'],
  ])('%s → PaymentNotConfirmed (unknownOrder), nothing recorded', async (_label, orderId) => {
    const { transactionId } = await invoice();
    expect(await report(transactionId, orderId)).toMatchObject({ statusCode: 5, detailCode: 108 });
    expect(await paymentsOfTransaction(transactionId)).toBe(0);
    expect(await reportsOf(transactionId)).toEqual([{ paypal_order_id: orderId, outcome: 'unknownOrder' }]);
  });

  it.each([
    ['no order id', {}],
    ['an order id that is no text', { orderID: 42 }],
    ['an empty order id', { orderID: '' }],
    ['an order id too long to be one', { orderID: 'A'.repeat(65) }],
  ])('%s → PostDataIsInvalid naming paymentDetails.orderID, PayPal not asked', async (_label, details) => {
    const { transactionId } = await invoice();
    const asked = standin.requests.length;
    const answer = await call('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: details });
    expect(answer).toMatchObject({ statusCode: 5, detailCode: 0, errorInfo: expect.stringMatching(/^paymentDetails\.orderID:/) });
    expect(standin.requests.length).toBe(asked);
  });

  it('an unknown transaction → PostDataIsInvalid naming transactionId, PayPal not asked, nothing recorded', async () => {
    const orderId = standin.addOrder({ scenario: 'completed', transactionId: 'PT-nosuchtransaction00', value: '345.67' });
    const asked = standin.requests.length;
    expect(await report('PT-nosuchtransaction00', orderId)).toMatchObject({ statusCode: 5, detailCode: 0, errorInfo: expect.stringMatching(/^transactionId:/) });
    expect(standin.requests.length).toBe(asked);
    expect(await paymentsOf(orderId)).toEqual([]);
  });

  it('the price the buyer agreed to is the one checked, even when the portal’s price changed meanwhile', async () => {
    const { transactionId } = await invoice();
    await db.query('update portal set price_cents = 40000 where id = 1');
    try {
      const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
      expect(await report(transactionId, orderId)).toMatchObject({ statusCode: 1 });
      expect(Number((await paymentsOf(orderId))[0]!.amount_cents)).toBe(34_567);
    } finally {
      await db.query('update portal set price_cents = 34567 where id = 1');
    }
  });

  it('a report that PayPal did not confirm may come again once it is paid', async () => {
    const { transactionId } = await invoice();
    const created = standin.addOrder({ scenario: 'created', transactionId, value: '345.67' });
    expect(await report(transactionId, created)).toMatchObject({ statusCode: 5, detailCode: 108 });
    const paid = standin.addOrder({ scenario: 'approved', transactionId, value: '345.67' });
    expect(await report(transactionId, paid)).toMatchObject({ statusCode: 1 });
    expect(await paymentsOfTransaction(transactionId)).toBe(1);
  });
});

describe('reports PayPal did not confirm are bounded per transaction', () => {
  it(`after ${MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION}, PayPal is not asked again and nothing is written or logged`, async () => {
    const { transactionId } = await invoice();
    const answers = await Promise.all(
      Array.from({ length: MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION + 5 }, () => report(transactionId, standin.addOrder({ scenario: 'created', transactionId, value: '345.67' }))),
    );
    expect(answers.every((a) => a.statusCode === 5 && a.detailCode === 108)).toBe(true);
    expect(await reportsOf(transactionId)).toHaveLength(MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION);

    const orderId = standin.addOrder({ scenario: 'created', transactionId, value: '345.67' });
    const lines: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    let answer: Answer;
    try {
      answer = await report(transactionId, orderId);
    } finally {
      spy.mockRestore();
    }
    expect(answer).toMatchObject({ statusCode: 5, detailCode: 108, errorInfo: expect.stringMatching(/^transactionId: more than 20 payments of this transaction were not confirmed/) });
    expect(standin.requests.some((r) => r.path.includes(orderId))).toBe(false);
    expect(await reportsOf(transactionId)).toHaveLength(MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION);
    expect(lines).toEqual([]);
  });

  it('another transaction of the same buyer is not affected', async () => {
    const { transactionId } = await invoice();
    const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
    expect(await report(transactionId, orderId)).toMatchObject({ statusCode: 1 });
  });
});

describe('recorded once', () => {
  it('a replayed success report → Ok again, one payment, one mail', async () => {
    const { transactionId, email } = await invoice();
    const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
    for (let i = 0; i < 3; i++) expect(await report(transactionId, orderId)).toMatchObject({ statusCode: 1, detailCode: 0 });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it.each([
    ['completed', 2],
    ['approved', 2],
    ['approved', 8],
  ] as const)('%s order, %i reports at once → one payment, one mail, one capture', async (scenario, n) => {
    const { transactionId, email } = await invoice();
    const orderId = standin.addOrder({ scenario, transactionId, value: '345.67' });
    const answers = await Promise.all(Array.from({ length: n }, () => report(transactionId, orderId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(n).fill(1));
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect(await outboxTo(email)).toHaveLength(1);
    expect(standin.order(orderId)).toMatchObject({ purchase_units: [{ payments: { captures: [expect.objectContaining({ status: 'COMPLETED' })] } }] });
  });

  it('a paid order reported for another transaction → PaymentNotConfirmed, nothing recorded for it', async () => {
    const first = await invoice();
    const second = await invoice();
    const orderId = standin.addOrder({ scenario: 'completed', transactionId: first.transactionId, value: '345.67' });
    expect(await report(first.transactionId, orderId)).toMatchObject({ statusCode: 1 });
    expect(await report(second.transactionId, orderId)).toMatchObject({ statusCode: 5, detailCode: 108 });
    expect(await paymentsOfTransaction(second.transactionId)).toBe(0);
    expect(await outboxTo(second.email)).toEqual([]);
  });
});

describe('the confirmation mail through a real SMTP server', () => {
  let viaSmtp: Handle;
  beforeAll(() => {
    viaSmtp = handlerWith((base) => ({ ...base, mail: { ...base.mail, smtpUrl: smtp.url } }));
  });

  it.each([
    ['de-DE', 'Ihre Zahlung ist eingegangen', ['Produkt: Kompetenzanalyse Online', 'Betrag: 345,67 EUR', 'Transaktionsnummer: ', 'Rechnungsdaten:', 'Firma']],
    ['en-US', 'Your payment has been received', ['Product: Kompetenzanalyse Online', 'Amount: 345,67 EUR', 'Transaction number: ', 'Invoice details:', 'Company']],
    ['fr-FR', 'Votre paiement a été reçu', ['Produit: Kompetenzanalyse Online', 'Montant: 345,67 EUR', 'Entreprise']],
  ] as const)('in the buyer’s language %s: product, amount, transaction id, order id, invoice data', async (language, subject, lines) => {
    const { transactionId, email } = await invoice({ uiLanguage: language, invoiceIsPrivate: false, invoiceName: 'Muster GmbH', invoiceStreet: 'Am Markt 5', invoiceCity: '80331 München' }, viaSmtp);
    const orderId = standin.addOrder({ scenario: 'approved', transactionId, value: '345.67' });
    expect(await report(transactionId, orderId, viaSmtp)).toMatchObject({ statusCode: 1 });
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe(subject);
    expect(mail.to).toEqual([email]);
    for (const line of lines) expect(mail.text).toContain(line);
    for (const value of [transactionId, orderId, 'Muster GmbH', 'Am Markt 5', '80331 München', email]) expect(mail.text).toContain(value);
    expect(mail.parsed.headers.get('content-language')).toBe(language);
    expect((await paymentsOf(orderId))[0]!.confirmation_mail).toBe('smtp');
    expect(await outboxTo(email)).toEqual([]);
  });

  it('SMTP down: the payment is still recorded (Ok), its confirmation marked failed and due again (portalConfirmation.test.ts), and no second payment on a retry', async () => {
    const down = handlerWith((base) => ({ ...base, mail: { ...base.mail, smtpUrl: 'smtp://127.0.0.1:1', timeoutMs: 1000 } }));
    const port = await closedPort();
    const reallyDown = handlerWith((base) => ({ ...base, mail: { ...base.mail, smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 1000 } }));
    for (const through of [down, reallyDown]) {
      const { transactionId, email } = await invoice({}, through);
      const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
      expect(await report(transactionId, orderId, through)).toMatchObject({ statusCode: 1, detailCode: 0 });
      expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ transaction_id: transactionId, confirmation_mail: 'failed' })]);
      expect(await confirmationDue(orderId)).toBe(true);
      expect(await report(transactionId, orderId, through)).toMatchObject({ statusCode: 1 });
      expect(await paymentsOf(orderId)).toHaveLength(1);
      expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(false);
    }
  });

  it('an SMTP server that refuses the mail (550): the payment is recorded, its confirmation marked failed for good', async () => {
    const { transactionId, email } = await invoice({}, viaSmtp);
    const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
    smtp.mode = 'refuse';
    try {
      expect(await report(transactionId, orderId, viaSmtp)).toMatchObject({ statusCode: 1 });
      await settled();
    } finally {
      smtp.mode = 'accept';
    }
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ confirmation_mail: 'failed' })]);
    expect(await confirmationDue(orderId)).toBe(false);
    expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(false);
  });
});

describe('nothing secret in an answer or a log line', () => {
  it('neither the client secret nor an access token, nor the buyer’s data in the log, whatever PayPal does', async () => {
    const lines: string[] = [];
    const output = captureOutput();
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))));
    const answers: Answer[] = [];
    let email = '';
    try {
      const quick = handlerWith((base) => ({ ...base, portal: { ...base.portal, paypal: { ...base.portal.paypal, timeoutMs: 300 } } }));
      for (const scenario of ['approved', 'completed', 'declined', 'serverError', 'malformed', 'hang'] as const) {
        const bought = await invoice();
        email = bought.email;
        answers.push(await report(bought.transactionId, standin.addOrder({ scenario, transactionId: bought.transactionId, value: scenario === 'declined' ? '1.00' : '345.67' }), quick));
      }
      // Our credentials refused (a configuration error): the token endpoint's 401.
      standin.revokeTokens();
      standin.tokenAnswer = 'refuse';
      const bought = await invoice();
      answers.push(await report(bought.transactionId, standin.addOrder({ scenario: 'completed', transactionId: bought.transactionId, value: '345.67' })));
      // The token endpoint down.
      standin.tokenAnswer = 'serverError';
      answers.push(await report(bought.transactionId, standin.addOrder({ scenario: 'completed', transactionId: bought.transactionId, value: '345.67' })));
    } finally {
      standin.tokenAnswer = 'ok';
      for (const spy of spies) spy.mockRestore();
      output.restore();
    }
    expect(answers.map((a) => a.statusCode)).toEqual([1, 1, 5, 13, 13, 13, 13, 13]);
    const tokens = standin.requests.map((r) => /^Bearer (.+)$/.exec(r.authorization ?? '')?.[1]).filter((t): t is string => t !== undefined);
    expect(tokens.length).toBeGreaterThan(0);
    const basic = Buffer.from(`${standin.clientId}:${standin.clientSecret}`).toString('base64');
    const logged = [output.text(), ...lines].join('\n');
    expect(logged).toContain('payment_not_confirmed');
    for (const text of [logged, JSON.stringify(answers)]) {
      for (const secret of [standin.clientSecret, basic, ...new Set(tokens)]) expect(text).not.toContain(secret);
    }
    // The log says what happened, not to whom.
    expect(logged).not.toContain(email);
    expect(logged).not.toContain('Erika Muster');
  });
});

/**
 * Outside demo mode without PAYPAL_MODE (lib/config/paypal.ts) no payment provider is configured:
 * the portal says "payment not available" and takes no order, so nobody "pays" without money moving.
 */
describe('no payment provider configured', () => {
  let unavailable: Handle;
  beforeAll(() => {
    unavailable = handlerWith((base) => ({ ...base, portal: { ...base.portal, paypal: { mode: 'unavailable' } } }));
  });

  it('pageinfo/portal/login → NoRecordset / PaymentNotAvailable with the texts that say so, no client id', async () => {
    const answer = await call('pageinfo/portal/login', { groupCodeIdent: 'PTDEMO01', portalId: '1', product: 5, uiLanguage: 'en-US' }, nextClient(), unavailable);
    expect(answer).toMatchObject({ statusCode: 2, detailCode: 110 });
    expect(answer).not.toHaveProperty('paypalClientId');
    const text = (answer.translations as Array<{ key: string; value: string }>).find((t) => t.key === 'ErrorPaymentNotAvailable')?.value;
    expect(text).toBe('Payment is not available at the moment, so this product cannot be bought right now. Please try again later.');
  });

  it('submit/portal/invoiceinfo → NoRecordset / PaymentNotAvailable and nothing stored; a report of a payment is refused too', async () => {
    const before = await db.query('select id from portal_transaction');
    expect(await call('submit/portal/invoiceinfo', { ...INVOICE, invoiceEmail: 'nobody@example.org' }, nextClient(), unavailable)).toMatchObject({ statusCode: 2, detailCode: 110 });
    expect(await db.query('select id from portal_transaction')).toHaveLength(before.length);
    const { transactionId } = await invoice();
    expect(await call('submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID: 'ORDER-NOPROVIDER' } }, nextClient(), unavailable)).toMatchObject({ statusCode: 2, detailCode: 110 });
    expect(await db.query('select id from payment where transaction_id = $1', [transactionId])).toEqual([]);
  });
});
