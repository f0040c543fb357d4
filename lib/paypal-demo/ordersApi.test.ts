import { openTestDatabaseWith } from '@/lib/embedded-api/db/testDatabase';
import { openDemoDatabase, type DemoDatabase } from './database';
import { demoOrdersApi, type DemoRequest } from './ordersApi';
import { DEMO_ORDER_LIFETIME_MS, DEMO_ORDERS_PER_CLIENT_PER_HOUR } from './orderStore';
import { demoProviderServed } from './served';

/**
 * The demo provider's Orders API (PAYPAL_MODE=demo): what the checkout script asks in the buyer's
 * browser (create, approve) and what the server asks with the demo credentials (token, read,
 * capture), in PayPal's shapes, on its own database: PGlite in memory, or in the PostgreSQL pass
 * (TEST_DATABASE_URL) a fresh database on that server, as on an operator's PostgreSQL. The embedded
 * API's client and verification against it over HTTP: lib/embedded-api/payments/loopback.test.ts.
 */
const SECRET = 'd'.repeat(40);
const TX = 'PT-ABCDEFGHJKLMNPQRSTUV';
const ORDER_BODY = {
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' }, description: 'Kompetenzanalyse Online 1', custom_id: TX }],
};
const BASIC = `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`;

let db: DemoDatabase;
let clock = Date.parse('2030-03-01T10:00:00Z');
let api: ReturnType<typeof demoOrdersApi>;

beforeAll(async () => {
  db = await openTestDatabaseWith(openDemoDatabase);
  api = demoOrdersApi(db, { secret: SECRET, now: () => clock });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

type Body = Record<string, unknown> & { id: string; status: string; name: string; details?: Array<{ issue: string; field?: string }> };

let address = 0;
async function ask(method: string, path: string, init: Partial<Omit<DemoRequest, 'method' | 'path'>> & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const answer = await api({
    method,
    path: path.split('/').filter(Boolean),
    headers: new Headers(),
    body: json === undefined ? '' : JSON.stringify(json),
    clientAddress: `198.51.100.${(address += 1) % 250}`,
    sameOrigin: true,
    ...rest,
  });
  return { status: answer.status, body: answer.body as Body };
}

async function bearer(): Promise<Headers> {
  const issued = await ask('POST', 'v1/oauth2/token', {
    headers: new Headers({ authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' }),
    body: 'grant_type=client_credentials',
  });
  expect(issued.status).toBe(200);
  return new Headers({ authorization: `Bearer ${issued.body.access_token as string}` });
}

const create = async (json: unknown = ORDER_BODY, clientAddress?: string) => ask('POST', 'v2/checkout/orders', { json, ...(clientAddress && { clientAddress }) });

describe('the token endpoint', () => {
  it('issues a Bearer token for the demo credentials, as PayPal does', async () => {
    const issued = await ask('POST', 'v1/oauth2/token', {
      headers: new Headers({ authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' }),
      body: 'grant_type=client_credentials',
    });
    expect(issued).toEqual({ status: 200, body: expect.objectContaining({ token_type: 'Bearer', expires_in: 32_400, access_token: expect.stringMatching(/^A21AA/) }) });
  });

  it.each([
    ['no credentials', undefined],
    ['the wrong secret', `Basic ${Buffer.from('demo-client:wrong').toString('base64')}`],
    ['a real client id', `Basic ${Buffer.from('AbCdEf:demo-secret').toString('base64')}`],
  ])('refuses %s (401 invalid_client)', async (_label, authorization) => {
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', ...(authorization && { authorization }) });
    expect(await ask('POST', 'v1/oauth2/token', { headers, body: 'grant_type=client_credentials' })).toEqual({ status: 401, body: expect.objectContaining({ error: 'invalid_client' }) });
  });

  it('refuses another grant (400 unsupported_grant_type)', async () => {
    const headers = new Headers({ authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' });
    expect(await ask('POST', 'v1/oauth2/token', { headers, body: 'grant_type=password' })).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });
});

describe('an order from create to capture', () => {
  it('is created (201, CREATED) with the amount, description and transaction of the body', async () => {
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      intent: 'CAPTURE',
      status: 'CREATED',
      purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' }, description: 'Kompetenzanalyse Online 1', custom_id: TX }],
    });
  });

  it('is read with the token; approved by the buyer; captured once; read COMPLETED', async () => {
    const headers = await bearer();
    const { body: order } = await create();
    expect(await ask('GET', `v2/checkout/orders/${order.id}`, { headers })).toMatchObject({ status: 200, body: { id: order.id, status: 'CREATED' } });

    const approved = await ask('POST', `v2/checkout/orders/${order.id}/approve`);
    expect(approved).toMatchObject({ status: 200, body: { status: 'APPROVED', payer: { payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/) } } });
    // The buyer clicks twice: still approved, by the same payer.
    expect((await ask('POST', `v2/checkout/orders/${order.id}/approve`)).body.payer).toEqual(approved.body.payer);

    const captured = await ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers: withRequestId(headers, 'capture-1') });
    expect(captured).toMatchObject({
      status: 201,
      body: { status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '345.67' }, custom_id: TX }] } }] },
    });
    expect(await ask('GET', `v2/checkout/orders/${order.id}`, { headers })).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
  });

  it('the same PayPal-Request-Id gets the same capture again; another is ORDER_ALREADY_CAPTURED', async () => {
    const headers = await bearer();
    const { body: order } = await create();
    await ask('POST', `v2/checkout/orders/${order.id}/approve`);
    const first = await ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers: withRequestId(headers, 'retry-me') });
    const again = await ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers: withRequestId(headers, 'retry-me') });
    expect(again.status).toBe(201);
    expect(captureIdOf(again.body)).toBe(captureIdOf(first.body));
    expect(await ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers: withRequestId(headers, 'another') })).toMatchObject({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
    });
    expect(await ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers })).toMatchObject({ status: 422, body: { details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } });
    // Approving a captured order changes nothing.
    expect(await ask('POST', `v2/checkout/orders/${order.id}/approve`)).toMatchObject({ status: 422, body: { details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } });
  });

  it('two captures at once complete it once', async () => {
    const headers = await bearer();
    const { body: order } = await create();
    await ask('POST', `v2/checkout/orders/${order.id}/approve`);
    const answers = await Promise.all(['a', 'b'].map((id) => ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers: withRequestId(headers, id) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
  });

  it('capturing an order the buyer has not approved is ORDER_NOT_APPROVED (422)', async () => {
    const headers = await bearer();
    const { body: order } = await create();
    expect(await ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers: withRequestId(headers, 'x') })).toMatchObject({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }], debug_id: expect.any(String) },
    });
  });
});

describe('what the server asks needs the token', () => {
  it.each([
    ['no token', undefined],
    ['a made-up token', 'Bearer A21AA9999999999.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'],
    ['the Basic credentials', BASIC],
  ])('%s: 401 for read and capture', async (_label, authorization) => {
    const { body: order } = await create();
    const headers = new Headers(authorization ? { authorization } : {});
    expect((await ask('GET', `v2/checkout/orders/${order.id}`, { headers })).status).toBe(401);
    expect((await ask('POST', `v2/checkout/orders/${order.id}/capture`, { headers })).status).toBe(401);
  });

  it('a token expires after its nine hours', async () => {
    const headers = await bearer();
    const { body: order } = await create();
    clock += 32_400 * 1000 + 1000;
    try {
      expect((await ask('GET', `v2/checkout/orders/${order.id}`, { headers })).status).toBe(401);
    } finally {
      clock -= 32_400 * 1000 + 1000;
    }
  });
});

describe('bad requests get PayPal\'s error shape', () => {
  const unit = ORDER_BODY.purchase_units[0]!;
  const withUnit = (changes: Record<string, unknown>) => ({ ...ORDER_BODY, purchase_units: [{ ...unit, ...changes }] });
  const withAmount = (amount: Record<string, unknown>) => withUnit({ amount: { ...unit.amount, ...amount } });

  it.each<[string, unknown, number, string, string, string]>([
    ['no intent', { purchase_units: ORDER_BODY.purchase_units }, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/intent'],
    ['no purchase unit', { intent: 'CAPTURE', purchase_units: [] }, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/purchase_units'],
    ['two purchase units', { intent: 'CAPTURE', purchase_units: [unit, unit] }, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/purchase_units'],
    ['no amount', withUnit({ amount: undefined }), 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/purchase_units/0/amount'],
    ['an amount as a number', withAmount({ value: 345.67 }), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/purchase_units/0/amount/value'],
    ['a description of 128 characters', withUnit({ description: 'x'.repeat(128) }), 400, 'INVALID_REQUEST', 'INVALID_STRING_MAX_LENGTH', '/purchase_units/0/description'],
    ['a custom_id of 128 characters', withUnit({ custom_id: 'x'.repeat(128) }), 400, 'INVALID_REQUEST', 'INVALID_STRING_MAX_LENGTH', '/purchase_units/0/custom_id'],
    ['an amount that is no number', withAmount({ value: '345,67' }), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', '/purchase_units/0/amount/value'],
    ['intent AUTHORIZE', { ...ORDER_BODY, intent: 'AUTHORIZE' }, 422, 'UNPROCESSABLE_ENTITY', 'UNSUPPORTED_INTENT', '/intent'],
    ['US dollars', withAmount({ currency_code: 'USD' }), 422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED', '/purchase_units/0/amount/currency_code'],
    ['three decimals', withAmount({ value: '345.678' }), 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', '/purchase_units/0/amount/value'],
    ['one decimal', withAmount({ value: '345.6' }), 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', '/purchase_units/0/amount/value'],
    ['zero', withAmount({ value: '0.00' }), 422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE', '/purchase_units/0/amount/value'],
    ['a body that is no object', [1, 2], 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/'],
  ])('%s → %i %s %s', async (_label, json, status, name, issue, field) => {
    const answer = await create(json);
    expect(answer).toMatchObject({ status, body: { name, message: expect.any(String), debug_id: expect.any(String), details: [{ issue, field }] } });
  });

  it('a body that is not JSON → 400 MALFORMED_REQUEST_JSON, nothing stored', async () => {
    const before = await countOrders();
    expect(await ask('POST', 'v2/checkout/orders', { body: '{"intent":' })).toMatchObject({ status: 400, body: { name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] } });
    expect(await countOrders()).toBe(before);
  });

  it.each([
    ['an unknown order', 'GET', 'v2/checkout/orders/ZZZZZZZZZZZZZZZZZ', 404],
    ['an id that is none of PayPal\'s', 'GET', 'v2/checkout/orders/abc%27--', 404],
    ['approving an unknown order', 'POST', 'v2/checkout/orders/ZZZZZZZZZZZZZZZZZ/approve', 404],
    ['another path', 'GET', 'v2/payments/captures/X', 404],
    ['reading with POST', 'POST', 'v2/checkout/orders/ZZZZZZZZZZZZZZZZZ', 405],
    ['creating with PUT', 'PUT', 'v2/checkout/orders', 405],
    ['the token with GET', 'GET', 'v1/oauth2/token', 405],
  ])('%s → %i in PayPal\'s shape', async (_label, method, path, status) => {
    const answer = await ask(method, path, { headers: await bearer() });
    expect(answer).toMatchObject({ status, body: { name: expect.any(String), debug_id: expect.any(String) } });
  });

  it('create and approve from another site\'s page are refused (403), nothing stored', async () => {
    const before = await countOrders();
    expect(await ask('POST', 'v2/checkout/orders', { json: ORDER_BODY, sameOrigin: false })).toMatchObject({ status: 403, body: { name: 'PERMISSION_DENIED' } });
    expect(await countOrders()).toBe(before);
    const { body: order } = await create();
    expect((await ask('POST', `v2/checkout/orders/${order.id}/approve`, { sameOrigin: false })).status).toBe(403);
    expect((await ask('GET', `v2/checkout/orders/${order.id}`, { headers: await bearer() })).body.status).toBe('CREATED');
  });
});

describe('the table stays small', () => {
  it(`one address creates at most ${DEMO_ORDERS_PER_CLIENT_PER_HOUR} orders an hour (then 429), another is not held back`, async () => {
    const busy = '192.0.2.77';
    for (let i = 0; i < DEMO_ORDERS_PER_CLIENT_PER_HOUR; i++) expect((await create(ORDER_BODY, busy)).status).toBe(201);
    expect(await create(ORDER_BODY, busy)).toMatchObject({ status: 429, body: { name: 'RATE_LIMIT_REACHED' } });
    expect((await create(ORDER_BODY, '192.0.2.78')).status).toBe(201);
    clock += 3600 * 1000 + 1000;
    try {
      expect((await create(ORDER_BODY, busy)).status).toBe(201);
    } finally {
      clock -= 3600 * 1000 + 1000;
    }
  });

  it('orders older than a day are deleted when new ones come', async () => {
    const { body: old } = await create();
    const headers = await bearer();
    clock += DEMO_ORDER_LIFETIME_MS + 1000;
    try {
      await create();
      expect((await ask('GET', `v2/checkout/orders/${old.id}`, { headers: await bearer() })).status).toBe(404);
    } finally {
      clock -= DEMO_ORDER_LIFETIME_MS + 1000;
    }
    expect(headers.get('authorization')).toBeTruthy();
  });
});

describe('demoProviderServed', () => {
  const paypal = (mode: 'demo' | 'sandbox' | 'live') => ({ mode, clientId: 'c', clientSecret: 's', timeoutMs: 1000 });
  it.each<['demo' | 'sandbox' | 'live', boolean, boolean]>([
    ['demo', true, true],
    ['demo', false, false],
    ['sandbox', true, false],
    ['live', true, false],
  ])('mode %s, embedded API %p → served %p', (mode, embeddedApi, served) => {
    expect(demoProviderServed({ paypal: paypal(mode), embeddedApi })).toBe(served);
  });
});

function withRequestId(headers: Headers, requestId: string): Headers {
  const copy = new Headers(headers);
  copy.set('paypal-request-id', requestId);
  return copy;
}

function captureIdOf(body: Body): string | undefined {
  return (body.purchase_units as Array<{ payments?: { captures?: Array<{ id: string }> } }>)[0]?.payments?.captures?.[0]?.id;
}

async function countOrders(): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from demo_paypal_order');
  return row!.n;
}
