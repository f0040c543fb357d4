import { closedPort } from '@/e2e/support/smtp';
import { startOrdersStandin, type OrdersStandin, type StandinScenario } from './ordersStandin';
import { paypalOrdersClient, type PayPalOrder, type PayPalOrdersClient } from './paypalOrders';
import { eurAmount, judge, verifyPayment, type Verification } from './verifyPayment';

/**
 * Whether a reported PayPal payment is real (verifyPayment.ts): the decision on one order state as
 * a table, then the whole verification with the Orders API client (paypalOrders.ts) against a
 * stand-in of PayPal's Orders API v2 on a loopback port (ordersStandin.ts).
 */
const TX = 'TX-2026-000042';
const PRICE = '345.67';

describe('eurAmount', () => {
  it.each([
    [345.67, '345.67'],
    [10, '10.00'],
    [0.1 + 0.2, '0.30'],
    [1234567.8, '1234567.80'],
    ['345.67', '345.67'],
    ['0.50', '0.50'],
  ])('%p is %p', (price, amount) => {
    expect(eurAmount(price)).toBe(amount);
  });

  it.each([[345.678], [-1], [Number.NaN], [Infinity], ['345.6'], ['345,67'], ['345.670'], ['0345.67'], [' 345.67'], ['']])('%p is no amount', (price) => {
    expect(eurAmount(price)).toBeUndefined();
  });
});

describe('judge: the decision on one state of an order', () => {
  const ORDER = 'ORDER0000000000001';
  const capture = (status: string, extra: Record<string, unknown> = {}) => ({ id: `CAP-${status}`, status, amount: { currency_code: 'EUR', value: PRICE }, ...extra });
  const order = (status: string, unit: Record<string, unknown> = {}, extra: Partial<PayPalOrder> = {}): PayPalOrder => ({
    id: ORDER,
    status,
    intent: 'CAPTURE',
    purchase_units: [{ amount: { currency_code: 'EUR', value: PRICE }, custom_id: TX, ...unit }],
    ...extra,
  });
  const paid: Verification = { outcome: 'paid', orderId: ORDER, captureId: 'CAP-COMPLETED' };

  it.each<[string, PayPalOrder, Verification | 'capture']>([
    ['completed with a completed capture', order('COMPLETED', { payments: { captures: [capture('COMPLETED')] } }), paid],
    ['the transaction in invoice_id only', order('COMPLETED', { custom_id: undefined, invoice_id: TX, payments: { captures: [capture('COMPLETED')] } }), paid],
    ['the capture naming this transaction', order('COMPLETED', { payments: { captures: [capture('COMPLETED', { custom_id: TX })] } }), paid],
    ['a declined capture before the completed one', order('COMPLETED', { payments: { captures: [capture('DECLINED'), capture('COMPLETED')] } }), paid],
    ['approved, not captured', order('APPROVED'), 'capture'],
    ['approved without an intent given', order('APPROVED', {}, { intent: undefined }), 'capture'],
    ['approved for authorizing only', order('APPROVED', {}, { intent: 'AUTHORIZE' }), { outcome: 'declined', orderId: ORDER }],
    ['created, not approved', order('CREATED'), { outcome: 'pending', orderId: ORDER }],
    ['payer action required', order('PAYER_ACTION_REQUIRED'), { outcome: 'pending', orderId: ORDER }],
    ['a status PayPal adds later', order('SOMETHING_NEW'), { outcome: 'pending', orderId: ORDER }],
    ['voided', order('VOIDED'), { outcome: 'declined', orderId: ORDER }],
    ['completed, capture pending', order('COMPLETED', { payments: { captures: [capture('PENDING')] } }), { outcome: 'pending', orderId: ORDER }],
    ['completed, capture declined', order('COMPLETED', { payments: { captures: [capture('DECLINED')] } }), { outcome: 'declined', orderId: ORDER }],
    ['completed, capture failed', order('COMPLETED', { payments: { captures: [capture('FAILED')] } }), { outcome: 'declined', orderId: ORDER }],
    ['completed, capture refunded', order('COMPLETED', { payments: { captures: [capture('REFUNDED')] } }), { outcome: 'declined', orderId: ORDER }],
    ['completed, capture partially refunded', order('COMPLETED', { payments: { captures: [capture('PARTIALLY_REFUNDED')] } }), { outcome: 'declined', orderId: ORDER }],
    ['completed with no capture (authorized only)', order('COMPLETED'), { outcome: 'declined', orderId: ORDER }],
    ['two completed captures', order('COMPLETED', { payments: { captures: [capture('COMPLETED'), capture('COMPLETED')] } }), { outcome: 'wrongAmount', orderId: ORDER }],
    ['one cent less', order('COMPLETED', { amount: { currency_code: 'EUR', value: '345.66' } }), { outcome: 'wrongAmount', orderId: ORDER, amount: '345.66' }],
    ['the same number written otherwise', order('COMPLETED', { amount: { currency_code: 'EUR', value: '345.670' } }), { outcome: 'wrongAmount', orderId: ORDER, amount: '345.670' }],
    ['no amount', order('COMPLETED', { amount: undefined }), { outcome: 'wrongAmount', orderId: ORDER }],
    ['the order right, the capture one cent less', order('COMPLETED', { payments: { captures: [capture('COMPLETED', { amount: { currency_code: 'EUR', value: '345.66' } })] } }), { outcome: 'wrongAmount', orderId: ORDER, amount: '345.66' }],
    ['the capture without an amount', order('COMPLETED', { payments: { captures: [capture('COMPLETED', { amount: undefined })] } }), { outcome: 'wrongAmount', orderId: ORDER }],
    ['US dollars', order('COMPLETED', { amount: { currency_code: 'USD', value: PRICE } }), { outcome: 'wrongCurrency', orderId: ORDER, currency: 'USD' }],
    ['the capture in US dollars', order('COMPLETED', { payments: { captures: [capture('COMPLETED', { amount: { currency_code: 'USD', value: PRICE } })] } }), { outcome: 'wrongCurrency', orderId: ORDER, currency: 'USD' }],
    ['another transaction', order('COMPLETED', { custom_id: 'TX-OTHER' }), { outcome: 'wrongTransaction', orderId: ORDER }],
    ['no transaction at all', order('COMPLETED', { custom_id: undefined }), { outcome: 'wrongTransaction', orderId: ORDER }],
    ['the capture naming another transaction', order('COMPLETED', { payments: { captures: [capture('COMPLETED', { custom_id: 'TX-OTHER' })] } }), { outcome: 'wrongTransaction', orderId: ORDER }],
    ['two purchase units', order('COMPLETED', {}, { purchase_units: [{ custom_id: TX, amount: { currency_code: 'EUR', value: '300.00' } }, { custom_id: TX, amount: { currency_code: 'EUR', value: '45.67' } }] }), { outcome: 'wrongAmount', orderId: ORDER }],
    ['no purchase unit', order('COMPLETED', {}, { purchase_units: [] }), { outcome: 'wrongAmount', orderId: ORDER }],
    ['another order than asked for', order('COMPLETED', {}, { id: 'ORDER0000000000002' }), { outcome: 'unknownOrder' }],
  ])('%s', (_label, state, verdict) => {
    expect(judge(state, ORDER, { transactionId: TX, amount: PRICE })).toEqual(verdict);
  });

  it('an approved order of the wrong amount or for another transaction is not captured', () => {
    expect(judge(order('APPROVED', { amount: { currency_code: 'EUR', value: '0.01' } }), ORDER, { transactionId: TX, amount: PRICE })).toMatchObject({ outcome: 'wrongAmount' });
    expect(judge(order('APPROVED', { custom_id: 'TX-OTHER' }), ORDER, { transactionId: TX, amount: PRICE })).toMatchObject({ outcome: 'wrongTransaction' });
  });
});

describe('verifyPayment against a stand-in of the Orders API', () => {
  const TIMEOUT_MS = 400;
  let standin: OrdersStandin;
  /** Every outcome seen, to check that none carries a secret. */
  const outcomes: unknown[] = [];

  beforeAll(async () => {
    standin = await startOrdersStandin({ clientId: 'client-id-of-test', clientSecret: 'very-secret-of-test' });
  });

  afterAll(async () => {
    await standin?.close();
  });

  beforeEach(() => {
    standin.tokenAnswer = 'ok';
    standin.tokenTtlSeconds = 32_400;
  });

  const clientOf = (overrides: { apiBase?: string; clientSecret?: string; clock?: () => number } = {}): PayPalOrdersClient =>
    paypalOrdersClient(
      { apiBase: overrides.apiBase ?? standin.url, clientId: standin.clientId, clientSecret: overrides.clientSecret ?? standin.clientSecret, timeoutMs: TIMEOUT_MS },
      overrides.clock,
    );

  async function verify(client: PayPalOrdersClient, orderId: string, transactionId = TX): Promise<Verification> {
    const outcome = await verifyPayment(client, orderId, { transactionId, amount: PRICE });
    outcomes.push(outcome);
    return outcome;
  }

  const order = (scenario: StandinScenario, init: { value?: string; currency?: string; transactionId?: string; invoiceId?: string } = {}) =>
    standin.addOrder({ scenario, value: PRICE, transactionId: TX, ...init });

  /** The requests made from now on. */
  function watch() {
    const from = standin.requests.length;
    return () => standin.requests.slice(from);
  }

  const captureIdOf = (orderId: string) => (standin.order(orderId) as { purchase_units: Array<{ payments: { captures: Array<{ id: string }> } }> }).purchase_units[0]!.payments.captures[0]!.id;

  it('COMPLETED: paid, with the order and capture ids; the token asked with Basic auth, the order with that Bearer token', async () => {
    const id = order('completed');
    const asked = watch();
    expect(await verify(clientOf(), id)).toEqual({ outcome: 'paid', orderId: id, captureId: captureIdOf(id) });
    const [tokenCall, orderCall, ...more] = asked();
    expect(more).toEqual([]);
    expect(tokenCall).toMatchObject({ method: 'POST', path: '/v1/oauth2/token', body: 'grant_type=client_credentials' });
    expect(tokenCall!.authorization).toBe(`Basic ${Buffer.from('client-id-of-test:very-secret-of-test').toString('base64')}`);
    expect(orderCall).toMatchObject({ method: 'GET', path: `/v2/checkout/orders/${id}` });
    expect(orderCall!.authorization).toMatch(/^Bearer A21AA/);
  });

  it('the transaction id in invoice_id alone is enough', async () => {
    const id = order('completed', { transactionId: undefined, invoiceId: TX });
    expect(await verify(clientOf(), id)).toMatchObject({ outcome: 'paid' });
  });

  it('APPROVED, not captured: captured by the server (with a PayPal-Request-Id), then paid', async () => {
    const id = order('approved');
    const asked = watch();
    const outcome = await verify(clientOf(), id);
    expect(outcome).toEqual({ outcome: 'paid', orderId: id, captureId: captureIdOf(id) });
    expect(standin.order(id)).toMatchObject({ status: 'COMPLETED' });
    const captures = asked().filter((request) => request.path.endsWith('/capture'));
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ method: 'POST', requestId: expect.stringContaining(id) });
    expect(captures[0]!.authorization).toMatch(/^Bearer /);
  });

  it('APPROVED, the capture declined: declined', async () => {
    expect(await verify(clientOf(), order('approvedThenDeclined'))).toMatchObject({ outcome: 'declined' });
  });

  it.each<[StandinScenario, Verification['outcome']]>([
    ['declined', 'declined'],
    ['voided', 'declined'],
    ['pendingCapture', 'pending'],
    ['created', 'pending'],
  ])('%s: %s, nothing captured', async (scenario, outcome) => {
    const id = order(scenario);
    const asked = watch();
    expect(await verify(clientOf(), id)).toEqual({ outcome, orderId: id });
    expect(asked().filter((request) => request.path.endsWith('/capture'))).toEqual([]);
  });

  it('a wrong amount: wrongAmount, and an approved order of that amount is not captured', async () => {
    expect(await verify(clientOf(), order('completed', { value: '345.66' }))).toMatchObject({ outcome: 'wrongAmount', amount: '345.66' });
    const approved = order('approved', { value: '0.01' });
    const asked = watch();
    expect(await verify(clientOf(), approved)).toMatchObject({ outcome: 'wrongAmount', amount: '0.01' });
    expect(asked().filter((request) => request.path.endsWith('/capture'))).toEqual([]);
    expect(standin.order(approved)).toMatchObject({ status: 'APPROVED' });
  });

  it('a wrong currency: wrongCurrency, nothing captured', async () => {
    expect(await verify(clientOf(), order('completed', { currency: 'USD' }))).toMatchObject({ outcome: 'wrongCurrency', currency: 'USD' });
    const approved = order('approved', { currency: 'GBP' });
    expect(await verify(clientOf(), approved)).toMatchObject({ outcome: 'wrongCurrency', currency: 'GBP' });
    expect(standin.order(approved)).toMatchObject({ status: 'APPROVED' });
  });

  it('an order of another transaction: wrongTransaction, nothing captured', async () => {
    expect(await verify(clientOf(), order('completed'), 'TX-2026-000043')).toMatchObject({ outcome: 'wrongTransaction' });
    const approved = order('approved', { transactionId: 'TX-2026-000099' });
    expect(await verify(clientOf(), approved)).toMatchObject({ outcome: 'wrongTransaction' });
    expect(standin.order(approved)).toMatchObject({ status: 'APPROVED' });
  });

  it('an order PayPal does not know: unknownOrder; an id that is none of PayPal’s is not even sent', async () => {
    expect(await verify(clientOf(), 'NOSUCHORDER0000001')).toEqual({ outcome: 'unknownOrder' });
    const asked = watch();
    for (const id of ['', '../../v1/oauth2/token', 'abc', 'A'.repeat(37), 'ORDER 1', 'ORDER%2F1']) {
      expect(await verify(clientOf(), id)).toEqual({ outcome: 'unknownOrder' });
    }
    expect(asked()).toEqual([]);
  });

  it('a 5xx: unavailable (serverError, with the HTTP status and PayPal’s debug id)', async () => {
    expect(await verify(clientOf(), order('serverError'))).toEqual({ outcome: 'unavailable', reason: 'serverError', httpStatus: 500, debugId: expect.any(String) });
  });

  it('an answer of the wrong shape: unavailable (malformed)', async () => {
    expect(await verify(clientOf(), order('malformed'))).toEqual({ outcome: 'unavailable', reason: 'malformed', httpStatus: 200 });
  });

  // The stand-in never answers: only the client's own time limit can end these (no timed
  // assertion: a client without one would hang until Jest gives up, and the test fails).
  it('no answer: unavailable (timeout)', async () => {
    expect(await verify(clientOf(), order('hang'))).toEqual({ outcome: 'unavailable', reason: 'timeout' });
  });

  it('a token endpoint that does not answer: unavailable (timeout), token and order under one limit', async () => {
    standin.tokenAnswer = 'hang';
    expect(await verify(clientOf(), order('completed'))).toEqual({ outcome: 'unavailable', reason: 'timeout' });
  });

  it('a token endpoint answering 500: unavailable (serverError)', async () => {
    standin.tokenAnswer = 'serverError';
    expect(await verify(clientOf(), order('completed'))).toMatchObject({ outcome: 'unavailable', reason: 'serverError', httpStatus: 500 });
  });

  it('nothing listening: unavailable (network)', async () => {
    const port = await closedPort();
    expect(await verify(clientOf({ apiBase: `http://127.0.0.1:${port}` }), order('completed'))).toEqual({ outcome: 'unavailable', reason: 'network' });
  });

  it('credentials refused: unavailable (unauthorized); the secret is in no outcome', async () => {
    const outcome = await verify(clientOf({ clientSecret: 'a-wrong-secret-of-test' }), order('completed'));
    expect(outcome).toEqual({ outcome: 'unavailable', reason: 'unauthorized', httpStatus: 401 });
    expect(JSON.stringify(outcome)).not.toContain('a-wrong-secret-of-test');
  });

  it('the token is cached across two verifications', async () => {
    const client = clientOf();
    const asked = watch();
    expect(await verify(client, order('completed'))).toMatchObject({ outcome: 'paid' });
    expect(await verify(client, order('approved'))).toMatchObject({ outcome: 'paid' });
    const calls = asked();
    expect(calls.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(1);
    const bearers = new Set(calls.filter((request) => request.path.startsWith('/v2/')).map((request) => request.authorization));
    expect(bearers.size).toBe(1);
  });

  it('concurrent verifications share one token request', async () => {
    const client = clientOf();
    const asked = watch();
    const results = await Promise.all([verify(client, order('completed')), verify(client, order('completed')), verify(client, order('completed'))]);
    expect(results.map((result) => result.outcome)).toEqual(['paid', 'paid', 'paid']);
    expect(asked().filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('a token is renewed shortly before it expires', async () => {
    standin.tokenTtlSeconds = 3600;
    let now = 1_000_000;
    const client = clientOf({ clock: () => now });
    const asked = watch();
    await verify(client, order('completed'));
    now += 3600_000 - 120_000; // two minutes before expiry: still used
    await verify(client, order('completed'));
    now += 90_000; // thirty seconds before expiry: renewed
    await verify(client, order('completed'));
    expect(asked().filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(2);
  });

  it('a token PayPal no longer takes (401) is replaced once, and the call made again', async () => {
    const client = clientOf();
    await verify(client, order('completed'));
    standin.revokeTokens();
    const asked = watch();
    expect(await verify(client, order('completed'))).toMatchObject({ outcome: 'paid' });
    expect(asked().map((request) => `${request.method} ${request.path.replace(/orders\/\w+/, 'orders/{id}')}`)).toEqual([
      'GET /v2/checkout/orders/{id}',
      'POST /v1/oauth2/token',
      'GET /v2/checkout/orders/{id}',
    ]);
  });

  it('the same payment reported again: paid with the same capture, nothing captured twice', async () => {
    const id = order('approved');
    const client = clientOf();
    const first = await verify(client, id);
    const asked = watch();
    expect(await verify(client, id)).toEqual(first);
    expect(asked().filter((request) => request.path.endsWith('/capture'))).toEqual([]);
  });

  it('two reports at the same time of an approved order: both paid with the one capture', async () => {
    const id = order('approved');
    const [a, b] = await Promise.all([verify(clientOf(), id), verify(clientOf(), id)]);
    expect(a).toEqual({ outcome: 'paid', orderId: id, captureId: captureIdOf(id) });
    expect(b).toEqual(a);
    expect((standin.order(id) as { purchase_units: Array<{ payments: { captures: unknown[] } }> }).purchase_units[0]!.payments.captures).toHaveLength(1);
  });

  it('an order captured by another request between our read and our capture (422 ORDER_ALREADY_CAPTURED): read again, paid', async () => {
    const id = order('approved');
    const real = clientOf();
    const stale = await real.getOrder(id);
    expect(stale).toMatchObject({ ok: true, value: { status: 'APPROVED' } });
    // Another server captured it meanwhile, under a request id of its own.
    expect((await clientOf().captureOrder(id, 'another-server-request')).ok).toBe(true);
    let first = true;
    const racing: PayPalOrdersClient = { ...real, getOrder: (orderId, signal) => (first ? ((first = false), Promise.resolve(stale)) : real.getOrder(orderId, signal)) };
    const asked = watch();
    expect(await verify(racing, id)).toEqual({ outcome: 'paid', orderId: id, captureId: captureIdOf(id) });
    expect(asked().map((request) => request.method + (request.path.endsWith('/capture') ? ' capture' : ' read'))).toEqual(['POST capture', 'GET read']);
  });

  it('a stored price that is no 2-decimal amount is a mistake of the caller, refused before PayPal is asked', async () => {
    const asked = watch();
    await expect(verifyPayment(clientOf(), order('completed'), { transactionId: TX, amount: '345.6' })).rejects.toThrow(TypeError);
    expect(asked()).toEqual([]);
  });

  it('no outcome carries the client secret or an issued token', () => {
    const text = JSON.stringify(outcomes);
    expect(outcomes.length).toBeGreaterThan(20);
    expect(text).not.toContain(standin.clientSecret);
    expect(text).not.toContain('very-secret-of-test');
    const issued = standin.requests.map((request) => request.authorization?.replace(/^Bearer /, '')).filter((token) => token?.startsWith('A21AA'));
    expect(issued.length).toBeGreaterThan(0);
    for (const token of issued) expect(text).not.toContain(token);
  });
});
