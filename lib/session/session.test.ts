import { ANONYMOUS, decodeClaims, tokenExpiresAt } from './claims';
import { parseCookieHeader, readSessionCookie, serializeCookie, sessionCookie, sessionCookieName, sessionCookies, sessionEndsCookie, XSRF_COOKIE, xsrfCookie } from './cookies';
import { clearedSession, newSession, sealSession, unsealSession, withNewSessionId, type SessionData } from './data';
import { isLaterToken, sealTokenRenewal, unsealTokenRenewal } from './renewal';
import { seal, unseal } from './seal';
import { checkXsrf, isXsrfTokenFor, issueXsrfToken } from './xsrf';

const SECRET = 'a'.repeat(40);
const OTHER_SECRET = 'b'.repeat(40);

/** Flips one character of a base64url text in the middle, where it changes a real byte. */
function tamper(text: string, at = Math.floor(text.length / 2)): string {
  const c = text[at]!;
  return text.slice(0, at) + (c === 'A' ? 'B' : 'A') + text.slice(at + 1);
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const tokenWith = (payload: unknown) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;

describe('seal / unseal', () => {
  it.each([
    ['an object', { a: 1, b: ['x', null] }],
    ['a string', 'text'],
    ['a number', 42],
    ['unicode', { name: 'Čeština – Grüße' }],
  ])('round-trips %s', (_label, value) => {
    expect(unseal(seal(value, SECRET, 'p'), SECRET, 'p')).toEqual(value);
  });

  it('hides the sealed value: the plain text is not in the sealed text', () => {
    const sealed = seal({ token: 'very-secret-token' }, SECRET, 'p');
    expect(sealed).not.toContain('very-secret-token');
    expect(Buffer.from(sealed, 'base64url').toString('utf8')).not.toContain('very-secret-token');
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(seal({ a: 1 }, SECRET, 'p')).not.toBe(seal({ a: 1 }, SECRET, 'p'));
  });

  it.each([
    ['a wrong secret', (s: string) => unseal(s, OTHER_SECRET, 'p')],
    ['another purpose', (s: string) => unseal(s, SECRET, 'other')],
    ['a flipped character at the start (IV)', (s: string) => unseal(tamper(s, 2), SECRET, 'p')],
    ['a flipped character in the tag', (s: string) => unseal(tamper(s, 20), SECRET, 'p')],
    ['a flipped character in the body', (s: string) => unseal(tamper(s, s.length - 3), SECRET, 'p')],
    ['a truncated text', (s: string) => unseal(s.slice(0, -4), SECRET, 'p')],
    ['appended bytes', (s: string) => unseal(s + 'AAAA', SECRET, 'p')],
  ])('refuses %s', (_label, attempt) => {
    const sealed = seal({ sid: 'x'.repeat(22), token: 't' }, SECRET, 'p');
    expect(attempt(sealed)).toBeUndefined();
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['too short', 'abc'],
    ['not base64', '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!'],
    ['over 8192 characters', 'A'.repeat(8193)],
  ])('returns undefined for %s input', (_label, value) => {
    expect(unseal(value, SECRET, 'p')).toBeUndefined();
  });
});

describe('session data', () => {
  it('newSession has the spec defaults and a fresh random sid', () => {
    const a = newSession();
    const b = newSession();
    expect(a).toMatchObject({ uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', startIndex: 1, showLanguageSelection: true });
    expect(a.token).toBeUndefined();
    expect(a.sid.length).toBeGreaterThanOrEqual(16);
    expect(a.sid).not.toBe(b.sid);
  });

  it('sealSession / unsealSession round-trip everything the session holds', () => {
    const session = newSession({
      token: 'h.p.s', username: 'Paula Bereit', uiLanguage: 'cz-CZ', questionnaireLanguage: 'en-US', startIndex: 9, showLanguageSelection: false,
      languageChosen: true, resumePending: true, flowRoute: '/accesspassword', product: 4, groupVariant: 'kodew',
    });
    const sealed = sealSession(session, SECRET);
    expect(sealed).not.toContain('h.p.s');
    expect(unsealSession(sealed, SECRET)).toEqual(session);
  });

  it.each([
    ['a wrong secret', (s: string) => unsealSession(s, OTHER_SECRET)],
    ['a tampered cookie', (s: string) => unsealSession(tamper(s), SECRET)],
    ['no cookie', () => unsealSession(undefined, SECRET)],
  ])('is no session with %s', (_label, attempt) => {
    expect(attempt(sealSession(newSession({ token: 't' }), SECRET))).toBeUndefined();
  });

  it('a value sealed for another purpose (an XSRF renewal) is no session', () => {
    expect(unsealSession(seal(newSession(), SECRET, 'token-renewal'), SECRET)).toBeUndefined();
  });

  it.each([
    ['no sid', { uiLanguage: 'de-DE' }],
    ['a short sid', { sid: 'short' }],
    ['a numeric sid', { sid: 1234567890123456789 }],
    ['not an object', 'text'],
    ['null', null],
  ])('a sealed value with %s is no session', (_label, value) => {
    expect(unsealSession(seal(value, SECRET, 'session'), SECRET)).toBeUndefined();
  });

  it('odd fields are replaced by defaults rather than trusted', () => {
    const sealed = seal(
      {
        sid: 's'.repeat(22), token: 5, username: '', uiLanguage: 'xx-XX', questionnaireLanguage: null, startIndex: -1, showLanguageSelection: 'no', admin: true,
        languageChosen: 'yes', resumePending: 1, flowRoute: '/admin', groupVariant: 'admin',
      },
      SECRET,
      'session',
    );
    expect(unsealSession(sealed, SECRET)).toEqual({
      sid: 's'.repeat(22),
      uiLanguage: 'de-DE',
      questionnaireLanguage: 'de-DE',
      startIndex: 1,
      showLanguageSelection: true,
      languageChosen: false,
      resumePending: false,
    });
  });

  it.each([1.5, 0, -1, -3, '4', null])('startIndex %p falls back to 1 (spec §9: the start index is 1 or more)', (startIndex) => {
    expect(unsealSession(seal({ sid: 's'.repeat(22), startIndex }, SECRET, 'session'), SECRET)?.startIndex).toBe(1);
  });

  it.each([1, 25])('startIndex %p survives', (startIndex) => {
    expect(unsealSession(seal({ sid: 's'.repeat(22), startIndex }, SECRET, 'session'), SECRET)?.startIndex).toBe(startIndex);
  });

  it.each<[string, Partial<SessionData>, number | undefined]>([
    ["a product-4 token: its product", { token: `h.${Buffer.from(JSON.stringify({ product: 4, isLoggedIn: true })).toString('base64url')}.s` }, 4],
    ['no token: the product kept before', { product: 4 }, 4],
    ["a product-1 token wins over a product kept before", { token: `h.${Buffer.from(JSON.stringify({ product: 1 })).toString('base64url')}.s`, product: 4 }, 1],
    ['a token without a product, nothing kept: none', { token: 't' }, undefined],
  ])('clearedSession keeps the product (the error page knows it after clearing): %s', (_label, state, product) => {
    expect(clearedSession(newSession(state)).product).toBe(product);
  });

  it.each([[4, 4], [1, 1], [0, undefined], [9, undefined], ['4', undefined]])('a sealed product %p unseals as %p', (product, expected) => {
    expect(unsealSession(seal({ sid: 's'.repeat(22), product }, SECRET, 'session'), SECRET)?.product).toBe(expected);
  });

  it('clearedSession drops token, username, start index, resume and flow step; keeps languages and selector under a new sid', () => {
    const session: SessionData = newSession({
      token: 't', username: 'u', startIndex: 17, uiLanguage: 'fr-FR', questionnaireLanguage: 'it-IT', showLanguageSelection: false,
      languageChosen: true, resumePending: true, flowRoute: '/questionnaire',
    });
    const cleared = clearedSession(session);
    expect(cleared.sid).not.toBe(session.sid);
    expect(cleared).toEqual({
      sid: cleared.sid,
      uiLanguage: 'fr-FR',
      questionnaireLanguage: 'it-IT',
      startIndex: 1,
      showLanguageSelection: false,
      languageChosen: true,
      resumePending: false,
    });
  });
});

describe('a new session id at sign-out and login', () => {
  const now = 1_700_000_000_000;

  it.each<[string, (s: SessionData) => SessionData]>([
    ['sign-out (clearedSession)', clearedSession],
    ['login (withNewSessionId)', withNewSessionId],
  ])('%s: an XSRF token and a sealed token renewal from before are refused', (_label, renew) => {
    const before = newSession({ token: 'h.p.s', username: 'Paula Bereit' });
    const xsrf = issueXsrfToken(before.sid, SECRET);
    const renewal = sealTokenRenewal(before.sid, 'renewed.token.value', SECRET, now);
    const after = renew(before);
    expect(after.sid).not.toBe(before.sid);
    expect(after.sid.length).toBeGreaterThanOrEqual(16);
    expect(checkXsrf(xsrf, xsrf, after.sid, SECRET)).toBe(false);
    expect(unsealTokenRenewal(renewal, after.sid, SECRET, now)).toBeUndefined();
    // One issued for the new id passes.
    const fresh = issueXsrfToken(after.sid, SECRET);
    expect(checkXsrf(fresh, fresh, after.sid, SECRET)).toBe(true);
  });

  it('withNewSessionId keeps everything else of the session', () => {
    const before = newSession({ token: 'h.p.s', username: 'Paula Bereit', startIndex: 5, uiLanguage: 'en-US', groupVariant: 'kodew' });
    const { sid: _sid, ...rest } = withNewSessionId(before);
    void _sid;
    const { sid: _old, ...expected } = before;
    void _old;
    expect(rest).toEqual(expected);
  });
});

describe('decodeClaims (token payload, spec §3)', () => {
  it.each<[string, unknown, object]>([
    ['a plain payload', { product: 1, isLoggedIn: true, assessorId: 7, assessmentType: 2 }, { product: 1, isLoggedIn: true, assessorId: '7', assessmentType: 2 }],
    ['isLoggedIn "True"', { product: 2, isLoggedIn: 'True' }, { product: 2, isLoggedIn: true }],
    ['isLoggedIn "true"', { product: 2, isLoggedIn: 'true' }, { product: 2, isLoggedIn: true }],
    ['isLoggedIn "1"', { product: 2, isLoggedIn: '1' }, { product: 2, isLoggedIn: true }],
    ['isLoggedIn 1', { product: 2, isLoggedIn: 1 }, { product: 2, isLoggedIn: true }],
    ['isLoggedIn "False"', { product: 2, isLoggedIn: 'False' }, { product: 2, isLoggedIn: false }],
    ['isLoggedIn "yes"', { product: 2, isLoggedIn: 'yes' }, { product: 2, isLoggedIn: false }],
    ['isLoggedIn 0', { product: 2, isLoggedIn: 0 }, { product: 2, isLoggedIn: false }],
    ['product as text', { product: '4', isLoggedIn: false }, { product: 4, isLoggedIn: false }],
    ['product out of range', { product: 9, isLoggedIn: true }, { product: 0, isLoggedIn: true }],
    ['product not a number', { product: 'Portal' }, { product: 0, isLoggedIn: false }],
    ['assessmentType as text', { product: 3, assessmentType: '5' }, { product: 3, isLoggedIn: false, assessmentType: 5 }],
  ])('%s', (_label, payload, expected) => {
    expect(decodeClaims(tokenWith(payload))).toEqual(expected);
  });

  it.each([
    ['an empty assessorId', { product: 1, assessorId: '' }],
    ['a null assessorId', { product: 1, assessorId: null }],
    ['a non-numeric assessmentType', { product: 1, assessmentType: 'x' }],
  ])('leaves out %s', (_label, payload) => {
    const claims = decodeClaims(tokenWith(payload));
    expect(claims).not.toHaveProperty('assessorId');
    expect(claims).not.toHaveProperty('assessmentType');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['no dots', 'garbage'],
    ['missing middle part', 'header..signature'],
    ['middle part not base64 JSON', 'a.!!!.c'],
    ['middle part JSON null', `a.${b64('null')}.c`],
    ['middle part a JSON number', `a.${b64('42')}.c`],
    ['middle part truncated JSON', `a.${b64('{"product":1,')}.c`],
  ])('is anonymous for %s', (_label, token) => {
    expect(decodeClaims(token)).toEqual(ANONYMOUS);
  });

  it('ANONYMOUS is product Unknown and not logged in', () => {
    expect(ANONYMOUS).toEqual({ product: 0, isLoggedIn: false });
  });
});

describe('XSRF tokens', () => {
  const sid = 'session-id-0123456789';

  it('a token issued for a session is accepted for that session only', () => {
    const token = issueXsrfToken(sid, SECRET);
    expect(isXsrfTokenFor(token, sid, SECRET)).toBe(true);
    expect(isXsrfTokenFor(token, 'another-session-id-99', SECRET)).toBe(false);
    expect(isXsrfTokenFor(token, sid, OTHER_SECRET)).toBe(false);
  });

  it('two tokens for the same session differ (random nonce)', () => {
    expect(issueXsrfToken(sid, SECRET)).not.toBe(issueXsrfToken(sid, SECRET));
  });

  it.each([
    ['empty', ''],
    ['undefined', undefined],
    ['no signature', 'nonce'],
    ['empty signature', 'nonce.'],
    ['three parts', 'a.b.c'],
    ['over 200 characters', `${'n'.repeat(150)}.${'s'.repeat(60)}`],
  ])('refuses a token that is %s', (_label, token) => {
    expect(isXsrfTokenFor(token, sid, SECRET)).toBe(false);
  });

  it('refuses a tampered nonce or signature', () => {
    const [nonce, signature] = issueXsrfToken(sid, SECRET).split('.') as [string, string];
    expect(isXsrfTokenFor(`${tamper(nonce)}.${signature}`, sid, SECRET)).toBe(false);
    expect(isXsrfTokenFor(`${nonce}.${tamper(signature)}`, sid, SECRET)).toBe(false);
  });

  it('checkXsrf: header must repeat the cookie, and the cookie must belong to the session', () => {
    const token = issueXsrfToken(sid, SECRET);
    const otherSessions = issueXsrfToken('another-session-id-99', SECRET);
    expect(checkXsrf(token, token, sid, SECRET)).toBe(true);
    expect(checkXsrf(token, issueXsrfToken(sid, SECRET), sid, SECRET)).toBe(false); // header ≠ cookie, both valid
    expect(checkXsrf(token, null, sid, SECRET)).toBe(false);
    expect(checkXsrf(undefined, token, sid, SECRET)).toBe(false);
    expect(checkXsrf(otherSessions, otherSessions, sid, SECRET)).toBe(false);
  });
});

describe('cookies', () => {
  const session = newSession({ token: 'h.p.s' });

  it.each([
    [true, '__Host-session'],
    [false, 'session'],
  ])('secureCookies=%p: the session cookie is %s', (secureCookies, name) => {
    const cookie = sessionCookie(session, { secureCookies, sessionSecret: SECRET });
    expect(sessionCookieName({ secureCookies })).toBe(name);
    expect(cookie).toMatchObject({ name, secure: secureCookies, httpOnly: true, sameSite: 'lax', path: '/' });
    expect(cookie.value).not.toContain('h.p.s');
    expect(unsealSession(cookie.value, SECRET)).toEqual(session);
  });

  it('serialises the secure session cookie with HttpOnly, Secure, SameSite=Lax and Path=/ (what __Host- requires)', () => {
    const header = serializeCookie(sessionCookie(session, { secureCookies: true, sessionSecret: SECRET }));
    expect(header).toMatch(/^__Host-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('serialises an insecure session cookie without Secure', () => {
    const header = serializeCookie(sessionCookie(session, { secureCookies: false, sessionSecret: SECRET }));
    expect(header).toMatch(/^session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it.each([true, false])('secureCookies=%p: the XSRF cookie is readable by page JavaScript (not HttpOnly), SameSite strict', (secureCookies) => {
    const cookie = xsrfCookie('n.s', { secureCookies, sessionSecret: SECRET });
    expect(cookie).toEqual({ name: XSRF_COOKIE, value: 'n.s', httpOnly: false, sameSite: 'strict', secure: secureCookies, path: '/' });
    expect(XSRF_COOKIE).toBe('XSRF-TOKEN');
    const header = serializeCookie(cookie);
    expect(header).not.toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
  });

  it('under a base path every cookie has Path=<base path>, and the secure session cookie __Secure- (__Host- needs Path=/)', () => {
    const config = { secureCookies: true, sessionSecret: SECRET, BASE_PATH: '/assessment' };
    expect(sessionCookieName(config)).toBe('__Secure-session');
    expect(serializeCookie(sessionCookie(session, config))).toMatch(/^__Secure-session=[^;]+; Path=\/assessment; HttpOnly; Secure; SameSite=Lax$/);
    expect(sessionEndsCookie(session, config).path).toBe('/assessment');
    expect(serializeCookie(xsrfCookie('n.s', config))).toBe('XSRF-TOKEN=n.s; Path=/assessment; Secure; SameSite=Strict');
    const { value } = sessionCookie(session, config);
    expect(readSessionCookie((name) => (name === '__Secure-session' ? value : undefined), config)).toEqual(session);
    expect(readSessionCookie((name) => (name === '__Host-session' ? value : undefined), config)).toBeUndefined();
    const insecure = { ...config, secureCookies: false };
    expect(serializeCookie(sessionCookie(session, insecure))).toMatch(/^session=[^;]+; Path=\/assessment; HttpOnly; SameSite=Lax$/);
  });

  it('readSessionCookie reads the cookie under the configured name only', () => {
    const config = { secureCookies: true, sessionSecret: SECRET };
    const { value } = sessionCookie(session, config);
    expect(readSessionCookie((name) => (name === '__Host-session' ? value : undefined), config)).toEqual(session);
    expect(readSessionCookie((name) => (name === 'session' ? value : undefined), config)).toBeUndefined();
  });

  it.each<[string | null | undefined, Record<string, string>]>([
    [null, {}],
    [undefined, {}],
    ['', {}],
    ['a=1', { a: '1' }],
    ['a=1; b=2', { a: '1', b: '2' }],
    [' a = 1 ;b=2;', { a: '1', b: '2' }],
    ['a=x%3Dy%20z', { a: 'x=y z' }],
    ['a=%E0%A4%A', { a: '%E0%A4%A' }],
    ['a=b=c', { a: 'b=c' }],
    ['=novalue; flag; c=3', { c: '3' }],
    ['a=', { a: '' }],
    ['a=first; a=second', { a: 'first' }],
  ])('parseCookieHeader(%p)', (header, expected) => {
    expect(Object.fromEntries(parseCookieHeader(header))).toEqual(expected);
  });

  it('a session cookie survives serialise → Cookie header → parse → unseal', () => {
    const config = { secureCookies: true, sessionSecret: SECRET };
    const setCookie = serializeCookie(sessionCookie(session, config));
    const cookieHeader = `other=1; ${setCookie.split(';')[0]}`;
    const cookies = parseCookieHeader(cookieHeader);
    expect(readSessionCookie((name) => cookies.get(name), config)).toEqual(session);
  });
});

describe('the readable cookie with the session\'s end', () => {
  const cfg = { secureCookies: true, sessionSecret: SECRET };
  const token = (payload: unknown) => `h.${b64(payload)}.s`;

  it.each([
    ['a token with exp in seconds', token({ exp: 1_900_000_000 }), 1_900_000_000_000],
    ['exp with a fraction', token({ exp: 1_900_000_000.5 }), 1_900_000_000_500],
    ['no exp', token({ product: 1 }), undefined],
    ['exp not a number', token({ exp: 'tomorrow' }), undefined],
    ['exp zero', token({ exp: 0 }), undefined],
    ['a payload that is no JSON', 'h.bm90IGpzb24.s', undefined],
    ['no token', undefined, undefined],
  ])('%s', (_name, value, expiresAt) => {
    expect(tokenExpiresAt(value)).toBe(expiresAt);
    const cookie = sessionEndsCookie(newSession(value ? { token: value } : {}), cfg);
    expect(cookie).toMatchObject({ name: 'session-ends', httpOnly: false, sameSite: 'strict', secure: true, path: '/' });
    if (expiresAt === undefined) expect(serializeCookie(cookie)).toBe('session-ends=; Path=/; Max-Age=0; Secure; SameSite=Strict');
    else expect(serializeCookie(cookie)).toBe(`session-ends=${expiresAt}; Path=/; Secure; SameSite=Strict`);
  });

  it('is written with the session cookie, and holds nothing of the token', () => {
    const session = newSession({ token: token({ exp: 1_900_000_000, secretish: 'abc' }) });
    const [sealed, ends] = sessionCookies(session, cfg);
    expect(sealed!.name).toBe('__Host-session');
    expect(ends!.value).toBe('1900000000000');
  });
});

describe('token renewal', () => {
  const sid = 'session-id-0123456789';
  const now = 1_700_000_000_000;

  it('round-trips for the same session within five minutes', () => {
    const sealed = sealTokenRenewal(sid, 'new.token.value', SECRET, now);
    expect(sealed).not.toContain('new.token.value');
    expect(unsealTokenRenewal(sealed, sid, SECRET, now)).toBe('new.token.value');
    expect(unsealTokenRenewal(sealed, sid, SECRET, now + 5 * 60 * 1000)).toBe('new.token.value');
  });

  it.each([
    ['another session', (s: string) => unsealTokenRenewal(s, 'another-session-id-99', SECRET, now)],
    ['after five minutes', (s: string) => unsealTokenRenewal(s, sid, SECRET, now + 5 * 60 * 1000 + 1)],
    ['a wrong secret', (s: string) => unsealTokenRenewal(s, sid, OTHER_SECRET, now)],
    ['a tampered value', (s: string) => unsealTokenRenewal(tamper(s), sid, SECRET, now)],
  ])('is refused for %s', (_label, attempt) => {
    expect(attempt(sealTokenRenewal(sid, 'new.token.value', SECRET, now))).toBeUndefined();
  });

  it.each([
    ['a later end than the held token', tokenWith({ exp: 2000 }), tokenWith({ exp: 1000 }), true],
    ['the same end', tokenWith({ exp: 1000 }), tokenWith({ exp: 1000 }), false],
    ['an earlier end (a render that began before a page turn renewed it)', tokenWith({ exp: 1000 }), tokenWith({ exp: 2000 }), false],
    ['no token held', tokenWith({ exp: 1000 }), undefined, true],
    ['a renewal without an end (an upstream\'s own kind)', 'opaque-token', tokenWith({ exp: 2000 }), true],
  ])('replaces the held token for %s', (_label, renewal, held, replaces) => {
    expect(isLaterToken(renewal as string, held as string | undefined)).toBe(replaces);
  });

  it('a sealed session cookie is no renewal (purposes are separate)', () => {
    expect(unsealTokenRenewal(sealSession(newSession({ sid, token: 't' }), SECRET), sid, SECRET, now)).toBeUndefined();
  });
});
