import { ExtraDetailCode } from '@/lib/api/codes';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookieConfigOf } from '@/lib/session/cookieSecurity';
import { loadConfig, type AppConfig } from '@/lib/config';
import { parseCookieHeader, serializeCookie, sessionCookie, XSRF_COOKIE, xsrfCookie } from '@/lib/session/cookies';
import { newSession, unsealSession, type SessionData } from '@/lib/session/data';
import { issueXsrfToken } from '@/lib/session/xsrf';
import type { FailureKind, sendCall } from '@/lib/upstream/client';
import { EDGE_SERVER_MARK } from '@/lib/edge/clientAddress.mjs';
import { JSON_DEPTH_LIMIT } from './bodyLimits';
import { BODY_LIMIT_BYTES } from './checks';
import { handleProxy } from './handleProxy';

const ORIGIN = 'https://assess.example';
// Built at load time: the it.each tables below seal cookies with it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxy-test-'));
const config: AppConfig = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'production' });
/** The cookies of a production deployment reached by its public name (Secure, __Host-). */
const cookieConfig = cookieConfigOf(config, new Headers({ host: 'assess.example' }));
/** The same app behind one trusted reverse proxy (TRUST_PROXY_HOPS=1). */
const behindProxy: AppConfig = { ...config, TRUST_PROXY_HOPS: 1 };

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An upstream-style token whose middle part carries the given claims. */
const tokenWith = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256' })}.${b64(claims)}.signature-${Math.random()}`;

type Sent = { path: string; body: Record<string, unknown>; options: { clientAddress?: string } };

/** A stand-in for sendCall that records what the proxy sends and answers with result. */
function fakeSend(result: { response: unknown; failure?: FailureKind } = { response: { statusCode: 1, detailCode: 0, translations: [] } }) {
  const calls: Sent[] = [];
  const send = (async (path: string, body: Record<string, unknown>, options: Sent['options']) => {
    calls.push({ path, body, options });
    return result;
  }) as unknown as typeof sendCall;
  return { send, calls };
}

type RequestOptions = {
  path?: string;
  method?: string;
  body?: BodyInit | null;
  session?: SessionData | null;
  /** XSRF cookie value; defaults to a valid token for the session. null leaves the cookie out. */
  xsrfCookieValue?: string | null;
  /** X-XSRF-TOKEN header; defaults to the cookie value. null leaves it out. */
  xsrfHeader?: string | null;
  headers?: Record<string, string | null>;
};

/** A browser request as the page would send it: same origin, session cookie, XSRF cookie and header. */
function browserRequest(options: RequestOptions = {}) {
  const session = options.session === undefined ? newSession() : options.session;
  const xsrf = options.xsrfCookieValue === undefined ? (session ? issueXsrfToken(session.sid, config.sessionSecret) : null) : options.xsrfCookieValue;
  const header = options.xsrfHeader === undefined ? xsrf : options.xsrfHeader;
  const cookies: string[] = [];
  if (session) cookies.push(serializeCookie(sessionCookie(session, cookieConfig)).split(';')[0]!);
  if (xsrf) cookies.push(serializeCookie(xsrfCookie(xsrf, cookieConfig)).split(';')[0]!);
  const headers: Record<string, string> = {
    host: 'assess.example',
    origin: ORIGIN,
    'sec-fetch-site': 'same-origin',
    'content-type': 'application/json',
  };
  if (cookies.length) headers.cookie = cookies.join('; ');
  if (header) headers['x-xsrf-token'] = header;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const method = options.method ?? 'POST';
  const body = options.body === undefined ? (method === 'GET' || method === 'HEAD' ? null : '{}') : options.body;
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return new Request(`${ORIGIN}/api/${options.path ?? 'pageinfo'}`, init);
}

async function run(options: RequestOptions = {}, result?: Parameters<typeof fakeSend>[0], runConfig: AppConfig = config) {
  const fake = fakeSend(result);
  const segments = (options.path ?? 'pageinfo').split('/');
  const response = await handleProxy(browserRequest(options), segments, { config: runConfig, send: fake.send });
  const text = await response.text();
  return { response, text, json: () => JSON.parse(text) as Record<string, unknown>, calls: fake.calls };
}

/** The session the response's Set-Cookie stores, or undefined when it sets none. */
function storedSession(response: Response): SessionData | undefined {
  const setCookie = response.headers.get('set-cookie');
  if (!setCookie) return undefined;
  const value = parseCookieHeader(setCookie.split(';')[0]).get('__Host-session');
  return unsealSession(value, config.sessionSecret);
}

function expectRefusal(result: Awaited<ReturnType<typeof run>>, status: number, statusCode: number, error: RegExp | string, detailCode = 0) {
  expect(result.response.status).toBe(status);
  expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(result.response.headers.get('cache-control')).toBe('no-store');
  expect(result.response.headers.get('set-cookie')).toBeNull();
  const body = result.json();
  expect(Object.keys(body).sort()).toEqual(['detailCode', 'error', 'statusCode']);
  expect(body.statusCode).toBe(statusCode);
  expect(body.detailCode).toBe(detailCode);
  if (typeof error === 'string') expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
  // A refused request never reaches the upstream.
  expect(result.calls).toHaveLength(0);
}

describe('refusals', () => {
  it.each(['pageinfo/unknown', 'submit/kodekodex/logout', '__proto__', 'constructor', 'PAGEINFO', 'api/pageinfo', ''])('unknown path %p → 404', async (p) => {
    const result = await run({ path: p });
    expectRefusal(result, 404, 0, `unknown call '${p}'`);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s on a known path → 405 with Allow: POST', async (method) => {
    const result = await run({ method, body: method === 'GET' ? null : '{}' });
    expectRefusal(result, 405, 0, `method ${method} is not allowed; use POST`);
    expect(result.response.headers.get('allow')).toBe('POST');
  });

  it.each<[string, Record<string, string | null>]>([
    ['Origin of another host', { 'sec-fetch-site': null, origin: 'https://evil.example' }],
    ['Origin of another port', { 'sec-fetch-site': null, origin: 'https://assess.example:8443' }],
    ['Origin null', { 'sec-fetch-site': null, origin: 'null' }],
    ['an unparsable Origin', { 'sec-fetch-site': null, origin: 'not a url' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site none', { 'sec-fetch-site': 'none' }],
    ['Sec-Fetch-Site cross-site even with a same-origin Origin', { 'sec-fetch-site': 'cross-site', origin: ORIGIN }],
    ['a foreign Origin with a forged X-Forwarded-Host', { 'sec-fetch-site': null, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }],
  ])('cross-origin: %s → 403', async (_label, headers) => {
    expectRefusal(await run({ headers }), 403, 0, 'cross-origin request refused');
  });

  it('cross-origin behind a trusted proxy: Origin other than X-Forwarded-Host → 403', async () => {
    const result = await run({ headers: { 'sec-fetch-site': null, 'x-forwarded-host': 'public.example' } }, undefined, behindProxy);
    expectRefusal(result, 403, 0, 'cross-origin request refused');
  });

  it.each<[string, RequestOptions]>([
    [
      'a session cookie sealed with another secret',
      {
        session: null,
        headers: { cookie: `${serializeCookie(sessionCookie(newSession(), { secureCookies: true, sessionSecret: 'y'.repeat(40) })).split(';')[0]!}; XSRF-TOKEN=a.b` },
      },
    ],
    ['a garbage session cookie', { session: null, headers: { cookie: '__Host-session=garbage; XSRF-TOKEN=a.b' } }],
  ])('%s → 403', async (_label, options) => {
    expectRefusal(await run(options), 403, 0, 'no session: load a page first');
  });

  // A browser that keeps no cookies of the site (blocked, a privacy mode, a frame in another site):
  // the refusal names what is missing and carries ExtraDetailCode.CookiesMissing for the error page.
  it.each<[string, RequestOptions, string]>([
    ['no cookie at all', { session: null, xsrfCookieValue: null, xsrfHeader: 'a.b' }, 'no __Host-session and no XSRF-TOKEN cookie came back'],
    ['no session cookie', { session: null, xsrfCookieValue: 'a.b', xsrfHeader: 'a.b' }, 'no __Host-session cookie came back'],
    ['the session cookie under the name of plain http to localhost', { session: null, headers: { cookie: `session=${sessionCookie(newSession(), cookieConfig).value}; XSRF-TOKEN=a.b` } }, 'no __Host-session cookie came back'],
    ['no XSRF-TOKEN cookie', { xsrfCookieValue: null, xsrfHeader: 'a.b' }, 'no XSRF-TOKEN cookie came back'],
  ])('cookies missing: %s → 403 with CookiesMissing', async (_label, options, error) => {
    expectRefusal(await run(options), 403, 0, `${error}: the browser keeps no cookies for this site`, ExtraDetailCode.CookiesMissing);
  });

  it.each<[string, (s: SessionData) => RequestOptions]>([
    ['no X-XSRF-TOKEN header', () => ({ xsrfHeader: null })],
    ['header ≠ cookie (both valid for the session)', (s) => ({ xsrfHeader: issueXsrfToken(s.sid, config.sessionSecret) })],
    ['a wrong token in cookie and header', () => ({ xsrfCookieValue: 'nonce.signature', xsrfHeader: 'nonce.signature' })],
    ['a token of another session', () => {
      const other = issueXsrfToken(newSession().sid, config.sessionSecret);
      return { xsrfCookieValue: other, xsrfHeader: other };
    }],
    ['a token signed with another secret', (s) => {
      const forged = issueXsrfToken(s.sid, 'z'.repeat(40));
      return { xsrfCookieValue: forged, xsrfHeader: forged };
    }],
  ])('XSRF: %s → 403', async (_label, make) => {
    const session = newSession();
    expectRefusal(await run({ session, ...make(session) }), 403, 0, 'missing or invalid X-XSRF-TOKEN header');
  });

  it('a body over 256 KiB declared by Content-Length → 413 without reading it', async () => {
    const result = await run({ body: '{}', headers: { 'content-length': String(BODY_LIMIT_BYTES + 1) } });
    expectRefusal(result, 413, 5, 'body is larger than 256 KiB');
  });

  it('a real body over 256 KiB → 413', async () => {
    const body = JSON.stringify({ category: 'x'.repeat(BODY_LIMIT_BYTES) });
    expectRefusal(await run({ body }), 413, 5, 'body is larger than 256 KiB');
  });

  it('a streamed body over 256 KiB without Content-Length → 413, and the stream is not read to the end', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const result = await run({ body: stream });
    expect(BODY_LIMIT_BYTES).toBe(256 * 1024);
    expectRefusal(result, 413, 5, 'body is larger than 256 KiB');
    expect(pulled).toBeLessThan(20);
  });

  it('a streamed body just under the limit passes', async () => {
    const text = JSON.stringify({ category: 'a' }).padEnd(BODY_LIMIT_BYTES, ' ');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    });
    const result = await run({ body: stream });
    expect(result.response.status).toBe(200);
    expect(result.calls[0]?.body.category).toBe('a');
  });

  it.each(['{', 'not json', "{'a':1}", '{"category": "x",}', '\u0000'])('non-JSON body %p → 400', async (body) => {
    expectRefusal(await run({ body }), 400, 5, 'body is not valid JSON');
  });

  it.each<[string, string, unknown, string | RegExp]>([
    ['pageinfo', 'an unknown field', { isAdmin: true }, "unknown field 'isAdmin'"],
    ['pageinfo', 'two unknown fields', { a: 1, b: 2 }, "unknown field 'a', 'b'"],
    ['pageinfo', 'the token', { token: 'stolen.token.value' }, "unknown field 'token'"],
    ['submit/kodekodex/login', 'the token next to a valid field', { passwordHash: 'abc', token: 'x' }, "unknown field 'token'"],
    ['pageinfo', 'a wrong language', { uiLanguage: 'es-ES' }, /^uiLanguage: /],
    ['pageinfo', 'a product as text', { product: '1' }, /^product: /],
    ['pageinfo', 'a product out of range', { product: 9 }, /^product: /],
    ['pageinfo/questionnaire', 'a start index as text', { questionStartIndex: '5' }, /^questionStartIndex: /],
    ['submit/kodekodex/identcode', 'no ident code', {}, /^assessmentIdentCode: /],
    ['submit/kodekodex/login', 'an empty code', { passwordHash: '' }, 'passwordHash: is required'],
    ['submit/kodew/personalinfo', 'a nested wrong type', { additionalFieldsWithValues: [{ id: 'x', value: '' }], password: '' }, /^additionalFieldsWithValues\.0\.id: /],
    ['pageinfo', 'an array body', [], /^body: /],
    ['pageinfo', 'a JSON null body', null, /^body: /],
    ['pageinfo', 'a JSON string body', 'text', /^body: /],
  ])('%s with %s → 400 naming it', async (p, _label, body, error) => {
    expectRefusal(await run({ path: p, body: JSON.stringify(body) }), 400, 5, error);
  });

  /** paymentDetails accepts any JSON, so only the depth check stands between it and the stack. */
  const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);
  const TRANSACTION = 'PT-abcdefghij0123456789';
  const paid = (details: string) => `{"transactionId":"${TRANSACTION}","paymentDetails":${details}}`;

  it.each<[string, string, string]>([
    ['60,000 nested arrays in a field that takes any JSON', 'submit/portal/sucessfullyPaid', paid(`{"a":${nested(60_000)}}`)],
    ['40,000 nested objects (as many as fit into 256 KiB)', 'submit/portal/sucessfullyPaid', paid(`${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`)],
    ['60,000 nested arrays as the body', 'pageinfo', nested(60_000)],
    ['60,000 open brackets that never close (not JSON either)', 'pageinfo', '['.repeat(60_000)],
    ['one level over the limit', 'submit/portal/sucessfullyPaid', paid(`{"a":${nested(JSON_DEPTH_LIMIT - 1)}}`)],
  ])('%s → 400 before parsing', async (_label, p, body) => {
    expectRefusal(await run({ path: p, body }), 400, 5, `body is nested deeper than ${JSON_DEPTH_LIMIT} levels`);
  });

  it.each<[string, string]>([
    ['nesting up to the limit', paid(`{"a":${nested(JSON_DEPTH_LIMIT - 2)}}`)],
    ['brackets inside a string', paid(JSON.stringify({ note: '[{'.repeat(1000) }))],
    ['an escaped quote before brackets inside a string', paid(JSON.stringify({ note: '\\"[[[['.repeat(500) }))],
  ])('%s passes the depth check', async (_label, body) => {
    const result = await run({ path: 'submit/portal/sucessfullyPaid', body, session: newSession({ portalTransactions: [TRANSACTION] }) });
    expect(result.response.status).toBe(200);
    expect(result.calls).toHaveLength(1);
  });

  describe('a payment report names a transaction of this session only', () => {
    it.each<[string, SessionData]>([
      ['a session without transactions', newSession()],
      ['a session with other transactions', newSession({ portalTransactions: ['PT-zzzzzzzzzz0123456789'] })],
    ])('%s → 403, nothing sent', async (_label, session) => {
      const result = await run({ path: 'submit/portal/sucessfullyPaid', body: paid('{"orderID":"ABC"}'), session });
      expectRefusal(result, 403, 0, /^transactionId: not a transaction of this session/);
      expect(result.calls).toHaveLength(0);
    });
    it('one of its transactions goes through', async () => {
      const result = await run({ path: 'submit/portal/sucessfullyPaid', body: paid('{"orderID":"ABC"}'), session: newSession({ portalTransactions: ['PT-zzzzzzzzzz0123456789', TRANSACTION] }) });
      expect(result.response.status).toBe(200);
      expect(result.calls).toHaveLength(1);
    });
  });

  it.each<[string, string, unknown, string]>([
    ['submit/kodekodex/identcode', 'a NUL inside the ident code', { assessmentIdentCode: 'P1DEMO01\u0000' }, 'assessmentIdentCode'],
    ['submit/kodekodex/identcode', 'a lone NUL as the ident code', { assessmentIdentCode: '\u0000' }, 'assessmentIdentCode'],
    ['submit/kodekodex/login', 'a NUL in the access code', { passwordHash: 'abc\u0000def' }, 'passwordHash'],
    ['pageinfo', 'a NUL in the category', { category: '\u0000Home' }, 'category'],
    [
      'submit/kodew/personalinfo',
      'a NUL in a nested value',
      { additionalFieldsWithValues: [{ id: 1, value: 'ok' }, { id: 2, value: 'x\u0000' }], password: '' },
      'additionalFieldsWithValues.1.value',
    ],
    ['submit/portal/sucessfullyPaid', 'a NUL deep in free-form JSON', { transactionId: 'T-1', paymentDetails: { payer: { name: ['A', 'B\u0000'] } } }, 'paymentDetails.payer.name.1'],
    ['submit/portal/sucessfullyPaid', 'a NUL in a field name', { transactionId: 'T-1', paymentDetails: { 'a\u0000b': 1 } }, 'paymentDetails.a\\0b'],
  ])('%s with %s → 400 naming the field', async (p, _label, body, field) => {
    const result = await run({ path: p, body: JSON.stringify(body) });
    expectRefusal(result, 400, 5, `${field}: must not contain a NUL character`);
    expect(result.text).not.toContain('\u0000');
  });

  it('other control characters are the upstream\'s to judge', async () => {
    const result = await run({ path: 'submit/kodekodex/identcode', body: JSON.stringify({ assessmentIdentCode: 'P1\u0001\u001f\u007f' }) });
    expect(result.response.status).toBe(200);
    expect(result.calls[0]!.body.assessmentIdentCode).toBe('P1\u0001\u001f\u007f');
  });

  it('checks run in order: method before origin, origin before session, session before XSRF, XSRF before the body', async () => {
    expect((await run({ path: 'nope', method: 'GET' })).response.status).toBe(404);
    expect((await run({ method: 'GET', headers: { 'sec-fetch-site': 'cross-site' } })).response.status).toBe(405);
    expect((await run({ session: null, headers: { 'sec-fetch-site': 'cross-site' } })).json().error).toBe('cross-origin request refused');
    expect((await run({ session: null, xsrfCookieValue: null, xsrfHeader: null })).json().detailCode).toBe(ExtraDetailCode.CookiesMissing);
    expect((await run({ session: null, xsrfCookieValue: 'a.b', headers: { cookie: '__Host-session=garbage; XSRF-TOKEN=a.b' } })).json().error).toBe('no session: load a page first');
    expect((await run({ xsrfHeader: null, body: 'not json' })).response.status).toBe(403);
  });
});

describe('forwarding', () => {
  it('a client that sends neither Origin nor Sec-Fetch-Site (no browser) passes', async () => {
    const result = await run({ headers: { origin: null, 'sec-fetch-site': null } });
    expect(result.response.status).toBe(200);
    expect(result.calls).toHaveLength(1);
  });

  it('an Origin that matches X-Forwarded-Host passes behind a reverse proxy', async () => {
    const headers = { 'sec-fetch-site': null, origin: 'https://public.example', 'x-forwarded-host': 'public.example' };
    const result = await run({ headers }, undefined, behindProxy);
    expect(result.response.status).toBe(200);
  });

  it('an empty body counts as {}', async () => {
    const result = await run({ body: '' });
    expect(result.response.status).toBe(200);
    expect(result.calls[0]?.path).toBe('pageinfo');
  });

  it('injects the session token into the body sent upstream', async () => {
    const token = tokenWith({ product: 2, isLoggedIn: true });
    const result = await run({ session: newSession({ token }), body: JSON.stringify({ category: 'Home' }) });
    expect(result.response.status).toBe(200);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]!.body).toMatchObject({ token, category: 'Home' });
  });

  it('a session without token sends no token', async () => {
    const result = await run({ session: newSession() });
    expect(result.calls[0]!.body).not.toHaveProperty('token');
  });

  it('fills uiLanguage, questionnaireLanguage and product from the session for a page-info load', async () => {
    const session = newSession({ token: tokenWith({ product: 4 }), uiLanguage: 'fr-FR', questionnaireLanguage: 'it-IT' });
    const result = await run({ session, body: '{}' });
    expect(result.calls[0]!.body).toEqual({ token: session.token, uiLanguage: 'fr-FR', questionnaireLanguage: 'it-IT', product: 4 });
  });

  it('without a token the product default is Unknown (0)', async () => {
    const result = await run({ session: newSession({ uiLanguage: 'en-US' }) });
    expect(result.calls[0]!.body).toMatchObject({ uiLanguage: 'en-US', product: 0 });
  });

  it('keeps what the browser sent over the session defaults', async () => {
    const session = newSession({ token: tokenWith({ product: 4 }), uiLanguage: 'fr-FR' });
    const result = await run({ session, body: JSON.stringify({ uiLanguage: 'cz-CZ', questionnaireLanguage: 'en-US', product: 1 }) });
    expect(result.calls[0]!.body).toMatchObject({ uiLanguage: 'cz-CZ', questionnaireLanguage: 'en-US', product: 1 });
  });

  it('adds only fields the call knows: a submit call gets no questionnaireLanguage or product', async () => {
    const session = newSession({ token: tokenWith({ product: 1 }), uiLanguage: 'fr-FR', questionnaireLanguage: 'it-IT' });
    const result = await run({ session, path: 'submit/kodekodex/identcode', body: JSON.stringify({ assessmentIdentCode: 'P1DEMO01' }) });
    expect(result.calls[0]!.body).toEqual({ assessmentIdentCode: 'P1DEMO01', token: session.token });
  });

  it.each<[string, Partial<SessionData>, Record<string, unknown>, string | undefined]>([
    ['a language the participant chose (header, deep link)', { languageChosen: true, questionnaireLanguage: 'en-US' }, {}, 'en-US'],
    ['none chosen: the assessment decides', { languageChosen: false, questionnaireLanguage: 'en-US' }, {}, undefined],
    ['the browser sent one', { languageChosen: true, questionnaireLanguage: 'en-US' }, { questionnaireLanguage: 'fr-FR' }, 'fr-FR'],
  ])('the ident code carries the chosen language from the session: %s', async (_label, chosen, sent, expected) => {
    const session = newSession({ uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', ...chosen });
    const result = await run({ session, path: 'submit/kodekodex/identcode', body: JSON.stringify({ assessmentIdentCode: 'P1DEMO01', ...sent }) });
    expect(result.calls[0]!.body.questionnaireLanguage).toBe(expected);
  });

  it.each<[string, Partial<SessionData>, Record<string, unknown>, string | undefined]>([
    ['a language the participant chose (header, language token)', { languageChosen: true, uiLanguage: 'en-US' }, {}, 'en-US'],
    ['none chosen: the group decides', { languageChosen: false, uiLanguage: 'en-US' }, {}, undefined],
    ['the page sent one', { languageChosen: true, uiLanguage: 'en-US' }, { uiLanguage: 'it-IT' }, 'it-IT'],
  ])('a group login carries only a chosen uiLanguage: %s', async (_label, chosen, sent, expected) => {
    const session = newSession(chosen);
    const result = await run({ session, path: 'submit/kodew/login', body: JSON.stringify({ groupcode: 'enc', ...sent }) });
    expect(result.calls[0]!.body.uiLanguage).toBe(expected);
    expect(result.calls[0]!.body.groupcode).toBe('enc');
  });

  it('passes the client address server.mjs decided, not X-Forwarded-For', async () => {
    (globalThis as { [EDGE_SERVER_MARK]?: boolean })[EDGE_SERVER_MARK] = true;
    try {
      const result = await run({ headers: { 'x-client-address': '10.0.0.7', 'x-forwarded-for': '6.6.6.6' } });
      expect(result.calls[0]!.options).toEqual({ clientAddress: '10.0.0.7' });
    } finally {
      delete (globalThis as { [EDGE_SERVER_MARK]?: boolean })[EDGE_SERVER_MARK];
    }
  });
});

describe('answers', () => {
  it('a returned token is not in the response body but stored in the session cookie', async () => {
    const oldToken = tokenWith({ product: 1, isLoggedIn: false });
    const newToken = tokenWith({ product: 1, isLoggedIn: true });
    const session = newSession({ token: oldToken });
    const result = await run(
      { session, path: 'submit/kodekodex/login', body: JSON.stringify({ passwordHash: 'enc' }) },
      { response: { statusCode: 1, detailCode: 0, token: newToken, username: 'Paula Bereit', isFirstLogin: false } },
    );
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.response.headers.get('cache-control')).toBe('no-store');
    expect(result.text).not.toContain(newToken);
    // The page learns only the claims it routes by, never the token itself.
    expect(result.json()).toEqual({ statusCode: 1, detailCode: 0, username: 'Paula Bereit', isFirstLogin: false, tokenClaims: { product: 1, isLoggedIn: true } });
    const setCookie = result.response.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^__Host-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(setCookie).not.toContain(newToken);
    expect(storedSession(result.response)).toMatchObject({ token: newToken, username: 'Paula Bereit' });
  });

  it('a stored token comes with the readable cookie that says when it expires, and a token without expiry deletes it', async () => {
    const exp = 1_900_000_000;
    const withExpiry = await run(
      { session: newSession({ token: tokenWith({ product: 1, isLoggedIn: true }) }), path: 'pageinfo/questionnaire', body: JSON.stringify({ questionStartIndex: 1 }) },
      { response: { statusCode: 1, detailCode: 0, token: tokenWith({ product: 1, isLoggedIn: true, exp }) } },
    );
    expect(withExpiry.response.headers.getSetCookie()).toContain(`session-ends=${exp * 1000}; Path=/; Secure; SameSite=Strict`);
    const without = await run(
      { session: newSession({ token: tokenWith({ product: 1, isLoggedIn: true, exp }) }), path: 'pageinfo/questionnaire', body: JSON.stringify({ questionStartIndex: 1 }) },
      { response: { statusCode: 1, detailCode: 0, token: tokenWith({ product: 1, isLoggedIn: true }) } },
    );
    expect(without.response.headers.getSetCookie()).toContain('session-ends=; Path=/; Max-Age=0; Secure; SameSite=Strict');
  });

  it('a login gives the session a new id and the page an XSRF token for it; the old XSRF token is refused afterwards', async () => {
    const session = newSession({ token: tokenWith({ product: 1, isLoggedIn: false }) });
    const oldXsrf = issueXsrfToken(session.sid, config.sessionSecret);
    const result = await run(
      { session, xsrfCookieValue: oldXsrf, path: 'submit/kodekodex/login', body: JSON.stringify({ passwordHash: 'enc' }) },
      { response: { statusCode: 1, detailCode: 0, token: tokenWith({ product: 1, isLoggedIn: true }) } },
    );
    const lines = result.response.headers.getSetCookie();
    const sessionLine = lines.find((line) => line.startsWith('__Host-session='));
    const xsrfLine = lines.find((line) => line.startsWith('XSRF-TOKEN='));
    const stored = unsealSession(parseCookieHeader(sessionLine!.split(';')[0]).get('__Host-session'), config.sessionSecret)!;
    expect(stored.sid).not.toBe(session.sid);
    expect(xsrfLine).toMatch(/^XSRF-TOKEN=[^;]+; Path=\/; Secure; SameSite=Strict$/);
    const newXsrf = parseCookieHeader(xsrfLine!.split(';')[0]).get(XSRF_COOKIE)!;
    expect(newXsrf).not.toBe(oldXsrf);
    // The browser now holds the new session cookie: the old XSRF token no longer passes, the new one does.
    expectRefusal(await run({ session: stored, xsrfCookieValue: oldXsrf }), 403, 0, 'missing or invalid X-XSRF-TOKEN header');
    expect((await run({ session: stored, xsrfCookieValue: newXsrf })).response.status).toBe(200);
  });

  it('the body never carries a token, even when the session did not change', async () => {
    const token = tokenWith({ product: 1 });
    const result = await run({ session: newSession({ token }) }, { response: { statusCode: 1, detailCode: 0, token, translations: [] } });
    expect(result.text).not.toContain(token);
    expect(result.json()).not.toHaveProperty('token');
    expect(result.response.headers.get('set-cookie')).toBeNull();
  });

  it('an answer that changes nothing sets no cookie', async () => {
    const result = await run({}, { response: { statusCode: 1, detailCode: 0, translations: [{ key: 'A', value: 'B' }] } });
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('set-cookie')).toBeNull();
    // Same language, same product: the page has these texts already (lib/session/translationsChange.ts).
    expect(result.json()).toEqual({ statusCode: 1, detailCode: 0 });
  });

  it('a page turn answers without the catalogue; another language or product brings it', async () => {
    const P1 = tokenWith({ product: 1, isLoggedIn: true });
    const catalogue = [{ key: 'Next', value: 'Weiter' }];
    const path = 'pageinfo/questionnaire';
    const turnBody = JSON.stringify({ questionStartIndex: 5 });
    const turn = await run({ session: newSession({ token: P1 }), path, body: turnBody }, { response: { statusCode: 1, detailCode: 0, token: P1, translations: catalogue } });
    expect(turn.json()).not.toHaveProperty('translations');
    expect(turn.json()).toMatchObject({ statusCode: 1, tokenClaims: { product: 1 } });

    const french = await run(
      { session: newSession({ token: P1 }), path: 'pageinfo/headerfooter', body: JSON.stringify({ uiLanguage: 'fr-FR' }) },
      { response: { statusCode: 1, detailCode: 0, translations: [{ key: 'ImprintTitle', value: 'Mentions légales' }] } },
    );
    expect(french.json().translations).toEqual([{ key: 'ImprintTitle', value: 'Mentions légales' }]);

    const login = await run(
      { session: newSession(), path: 'submit/kodekodex/identcode', body: JSON.stringify({ assessmentIdentCode: 'P1DEMO01' }) },
      { response: { statusCode: 1, detailCode: 0, token: tokenWith({ product: 1, isLoggedIn: false }), translations: catalogue } },
    );
    expect(login.json().translations).toEqual(catalogue);
  });

  it('an ident code answer stores languages, stylesheet and logo and shows the selector in the cookie', async () => {
    const token = tokenWith({ product: 1, isLoggedIn: false });
    const session = newSession({ username: 'Previous Person', showLanguageSelection: false });
    const branding = { stylesheet: 'green', logoDataBase64: 'PHN2Zz4=', logoFileExtension: 'svg' };
    const result = await run(
      { session, path: 'submit/kodekodex/identcode', body: JSON.stringify({ assessmentIdentCode: 'P1DEMO01' }) },
      { response: { statusCode: 1, detailCode: 0, token, uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR', ...branding } },
    );
    const stored = storedSession(result.response);
    expect(stored).toMatchObject({ sid: session.sid, token, uiLanguage: 'en-US', questionnaireLanguage: 'fr-FR', showLanguageSelection: true });
    expect(stored).toMatchObject({ headerFooterStylesheet: 'green', headerLogoDataBase64: 'PHN2Zz4=', headerLogoFileExtension: 'svg' });
    expect(stored).not.toHaveProperty('username');
  });

  it.each<[FailureKind, number]>([
    ['timeout', 504],
    ['unreachable', 502],
    ['http-error', 502],
    ['not-json', 502],
    ['bad-shape', 502],
    ['no-database', 502],
  ])('failure %s → %i with the Exception outcome as JSON, session untouched', async (failure, status) => {
    const detailCode = failure === 'no-database' ? 7 : 24;
    const session = newSession({ token: tokenWith({ product: 1 }) });
    const result = await run({ session }, { response: { statusCode: 13, detailCode, exceptionId: 'ABCDEFGHJK', translations: [] }, failure });
    expect(result.response.status).toBe(status);
    expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(result.json()).toEqual({ statusCode: 13, detailCode, exceptionId: 'ABCDEFGHJK' });
    expect(result.response.headers.get('set-cookie')).toBeNull();
  });

  it.each(['submit/kodew/login', 'pageinfo/ra/personalinfo', 'loadImage'])(
    'an upstream without the call %s (not-available) → 404 "not available", no cookie, distinct from an unknown call',
    async (p) => {
      const session = newSession({ token: tokenWith({ product: 4 }) });
      const body = p === 'submit/kodew/login' ? { groupcode: 'enc' } : p === 'loadImage' ? { category: 'img-1' } : {};
      const result = await run(
        { session, path: p, body: JSON.stringify(body) },
        { response: { statusCode: 13, detailCode: 24, translations: [], token: tokenWith({ product: 4, isLoggedIn: true }) }, failure: 'not-available' },
      );
      expect(result.response.status).toBe(404);
      expect(result.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(result.response.headers.get('cache-control')).toBe('no-store');
      expect(result.response.headers.get('set-cookie')).toBeNull();
      expect(result.json()).toEqual({ statusCode: 0, detailCode: 0, error: `call '${p}' is not available` });
      expect(result.calls).toHaveLength(1);
      expect((await run({ path: `${p}x` })).json().error).toBe(`unknown call '${p}x'`);
    },
  );

  it('loadImage: a text answer passes as text/plain', async () => {
    const session = newSession({ token: tokenWith({ product: 2 }) });
    const result = await run({ session, path: 'loadImage', body: JSON.stringify({ category: 'img-42' }) }, { response: 'iVBORw0KGgoAAAANSUhEUg==' });
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(result.response.headers.get('cache-control')).toBe('no-store');
    expect(result.text).toBe('iVBORw0KGgoAAAANSUhEUg==');
    expect(result.calls[0]!.body).toMatchObject({ category: 'img-42', token: session.token, product: 2, uiLanguage: 'de-DE' });
  });

  it('loadImage: a failure is the JSON Exception outcome', async () => {
    const result = await run(
      { path: 'loadImage', body: JSON.stringify({ category: 'img-42' }) },
      { response: { statusCode: 13, detailCode: 24, exceptionId: 'ABCDEFGHJK' }, failure: 'timeout' },
    );
    expect(result.response.status).toBe(504);
    expect(result.json()).toMatchObject({ statusCode: 13, exceptionId: 'ABCDEFGHJK' });
  });

  it('finish with logout drops the token and username from the cookie, keeping the token that finished for the finished page', async () => {
    const session = newSession({ token: tokenWith({ product: 1, isLoggedIn: true }), username: 'Paula Bereit', startIndex: 21 });
    const result = await run({ session, path: 'submit/finishassessment' }, { response: { statusCode: 1, detailCode: 0, logout: true } });
    expect(result.json()).toEqual({ statusCode: 1, detailCode: 0, logout: true });
    const stored = storedSession(result.response);
    // The token's product stays: the error page's login button (spec §2). The session id is new.
    expect(stored!.sid).not.toBe(session.sid);
    expect(stored).toEqual({
      sid: stored!.sid, finishedToken: session.token, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', startIndex: 1, showLanguageSelection: true, languageChosen: false, resumePending: false, product: 1,
    });
  });

  it('the XSRF cookie name the proxy reads is the one the page gets', () => {
    expect(XSRF_COOKIE).toBe('XSRF-TOKEN');
  });
});
