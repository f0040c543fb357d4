import { isSameOriginRequest } from './sameOrigin.mjs';
import { actionIdsByPage, actionIdsOf, argumentsRefusal, formActionRefusal, pagePostDecision } from './serverActions.mjs';

const KNOWN = '402f30b35818d8d2aaaa632fbf0ea169fe89bfbc39';
const UNKNOWN = '7f'.repeat(21);
const IDS = actionIdsOf({ node: { [KNOWN]: {} }, edge: {} });
const SITE = { host: 'assess.example', origin: 'https://assess.example' };
const status = (decision: { refusal?: { status: number } }) => decision.refusal?.status;

describe('actionIdsOf: the build’s server actions', () => {
  it('reads the ids of both runtimes', () => {
    expect(actionIdsOf({ node: { a: {} }, edge: { b: {} }, encryptionKey: 'k' })).toEqual(new Set(['a', 'b']));
    expect(actionIdsOf({})).toEqual(new Set());
  });

  it('knows which pages have which action', () => {
    const byPage = actionIdsByPage({ node: { a: { workers: { 'app/support/page': {}, 'app/info/page': {} } }, b: { workers: { 'app/info/page': {} } } } });
    expect(byPage).toEqual(new Map([['app/support/page', new Set(['a'])], ['app/info/page', new Set(['a', 'b'])]]));
  });
});

describe('the same-origin rule as server.mjs applies it: Next’s own server-action origin check, before Next', () => {
  it.each([
    [{ host: 'assess.example', origin: 'https://assess.example' }, false],
    [{ host: 'localhost:3000', origin: 'http://localhost:3000' }, false],
    [{ host: 'assess.example' }, false],
    [{ host: 'evil.example', origin: 'https://assess.example' }, true],
    [{ host: '', origin: 'https://assess.example' }, true],
    [{ origin: 'https://assess.example' }, true],
    [{ host: 'assess.example', origin: 'null' }, true],
    [{ host: 'assess.example', origin: 'http://[::1' }, true],
    // behind trusted proxies server.mjs keeps X-Forwarded-Host; its first entry is what Next compares
    [{ host: '10.0.0.2:3000', 'x-forwarded-host': 'assess.example, 10.0.0.1', origin: 'https://assess.example' }, false],
    [{ host: 'assess.example', 'x-forwarded-host': 'evil.example', origin: 'https://assess.example' }, true],
  ])('%j → other host: %s', (headers, other) => {
    const header = (name: string) => (headers as Record<string, string | undefined>)[name];
    expect(!isSameOriginRequest(header, true)).toBe(other);
  });
});

describe('pagePostDecision: a page takes a POST only as one of the build’s actions', () => {
  it.each(['cross-site', 'same-site', 'none'])('refuses a POST the browser marks Sec-Fetch-Site: %s, before reading anything', (site) => {
    expect(status(pagePostDecision({ ...SITE, 'sec-fetch-site': site, 'content-type': 'multipart/form-data; boundary=x' }, IDS))).toBe(403);
  });

  it('refuses a POST whose Origin is another host, even with Sec-Fetch-Site same-origin', () => {
    expect(status(pagePostDecision({ host: 'evil.example', origin: 'https://assess.example', 'sec-fetch-site': 'same-origin', 'next-action': KNOWN }, IDS))).toBe(403);
  });

  it('refuses an action id the build does not have as Next would (409, 400 for no id at all), with the header its client router reads', () => {
    const unknown = pagePostDecision({ ...SITE, 'next-action': UNKNOWN }, IDS).refusal!;
    expect(unknown.status).toBe(409);
    expect(unknown.headers['x-nextjs-action-not-found']).toBe('1');
    expect(JSON.parse(unknown.body)).toEqual({ statusCode: 0, detailCode: 0, error: expect.stringContaining('does not exist') });
    for (const id of ['', 'x', '%ff', '../../', KNOWN.slice(2)]) expect(status(pagePostDecision({ ...SITE, 'next-action': id }, IDS))).toBe(400);
  });

  it('reads the arguments of a known action, except in a URL-encoded body, which Next answers with its 404 page', () => {
    expect(pagePostDecision({ ...SITE, 'next-action': KNOWN, 'content-type': 'text/plain;charset=UTF-8' }, IDS)).toEqual({ read: 'arguments' });
    expect(pagePostDecision({ ...SITE, 'next-action': KNOWN, 'content-type': 'multipart/form-data; boundary=x' }, IDS)).toEqual({ read: 'arguments' });
    expect(pagePostDecision({ ...SITE, 'next-action': KNOWN, 'content-type': 'application/x-www-form-urlencoded' }, IDS)).toEqual({});
  });

  it('reads a multipart form without the header: a form sent before (or without) JavaScript names its action inside', () => {
    expect(pagePostDecision({ ...SITE, 'content-type': 'multipart/form-data; boundary=x' }, IDS)).toEqual({ read: 'form' });
  });

  it.each([
    ['a URL-encoded form', 'application/x-www-form-urlencoded'],
    ['text', 'text/plain'],
    ['JSON', 'application/json'],
    ['no type', undefined],
    ['multipart spelled otherwise (Next would not see an action)', 'Multipart/Form-Data; boundary=x'],
  ])('refuses any other POST to a page: %s', (_, type) => {
    expect(status(pagePostDecision({ ...SITE, ...(type && { 'content-type': type }) }, IDS))).toBe(400);
  });
});

describe('formActionRefusal: the action a form names in its fields', () => {
  it.each([
    ['an action without bound arguments', [[`$ACTION_ID_${KNOWN}`, ''], ['language', 'it-IT']]],
    ['an action with bound arguments', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${KNOWN}","bound":"$@1"}`], ['$ACTION_1:1', '["P1DEMO01"]'], ['language', 'it-IT']]],
    ['bound arguments null', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${KNOWN}","bound":null}`]]],
  ])('lets through %s', (_, entries) => {
    expect(formActionRefusal(entries as Array<[string, string]>, IDS)).toBeUndefined();
  });

  it.each([
    ['no action at all', [['code', 'P1DEMO01']], 400],
    ['an action id only in a field whose name does not start with it', [['1_$ACTION_ID_x', '']], 400],
    ['an unknown action', [[`$ACTION_ID_${UNKNOWN}`, '']], 409],
    ['a known and an unknown action', [[`$ACTION_ID_${KNOWN}`, ''], [`$ACTION_ID_${UNKNOWN}`, '']], 409],
    ['a malformed id', [['$ACTION_ID_x', '']], 400],
    ['a reference without its descriptor', [['$ACTION_REF_1', '']], 400],
    ['a descriptor that is not JSON', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${KNOWN}",x`]], 400],
    ['a descriptor naming an unknown action', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${UNKNOWN}","bound":null}`]], 409],
    ['bound arguments in a part that is missing', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${KNOWN}","bound":"$@9"}`]], 400],
    ['bound arguments that are no list', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${KNOWN}","bound":"$@1"}`], ['$ACTION_1:1', '{}']], 400],
    ['the descriptor twice', [['$ACTION_REF_1', ''], ['$ACTION_1:0', `{"id":"${KNOWN}","bound":null}`], ['$ACTION_1:0', `{"id":"${KNOWN}","bound":null}`]], 400],
    ['three references', [1, 2, 3].flatMap((n) => [[`$ACTION_REF_${n}`, ''], [`$ACTION_${n}:0`, `{"id":"${KNOWN}","bound":null}`]]), 400],
  ])('refuses %s', (_, entries, expected) => {
    expect(formActionRefusal(entries as Array<[string, string]>, IDS)?.status).toBe(expected);
  });
});

describe('argumentsRefusal: a call from the page’s script', () => {
  it('lets through a text body and a multipart body that React can decode', () => {
    expect(argumentsRefusal('[]')).toBeUndefined();
    expect(argumentsRefusal('["sealed"]')).toBeUndefined();
    expect(argumentsRefusal([['0', '["$K1"]'], ['1_language', 'it-IT']])).toBeUndefined();
  });

  it('refuses what it cannot decode, naming the problem', () => {
    const refusal = argumentsRefusal('garbage')!;
    expect(refusal.status).toBe(400);
    expect(JSON.parse(refusal.body).error).toMatch(/arguments cannot be read: part 0 is not JSON/);
    expect(argumentsRefusal([['1', '[]']])?.status).toBe(400);
    expect(argumentsRefusal([['0', '["$1"]']])?.status).toBe(400);
  });
});
