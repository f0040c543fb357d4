import { CALL_PATHS } from '@/lib/api/catalogue';
import { LANGUAGES, type Language } from '@/lib/api/languages';
import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { migrate, MIGRATIONS } from './db/migrations';
import { resetDemo, seedDemoIfEmpty } from './demo/seed';
import { hashKey, verifyKey } from './keys';
import { ROUTES } from './router';
import { createRequestHandler } from './server';
import { signToken } from './tokens';
import { startTestApi, testSettings } from './testApi';
import { CATALOGUES } from './translations';

/** One in-memory PGlite for the whole file: starting one takes seconds. */
// Generous limits, so that the wrong-code cases below never lock an assessment by accident.
const settings = testSettings('s'.repeat(40));
let db: Database;
let handle: (request: Request) => Promise<Response>;
let firstMigration: number[];
let seededFirst: boolean;

beforeAll(async () => {
  jest.setTimeout(60_000);
  ({ db, handle, migrated: firstMigration, seeded: seededFirst } = await startTestApi(settings));
}, 60_000);

afterAll(async () => {
  await db?.close();
});

type Answer = Record<string, unknown> & { statusCode: number; detailCode: number; token?: string };

async function call(path: string, body: unknown, init: { method?: string; raw?: string; via?: typeof handle; client?: string } = {}) {
  const method = init.method ?? 'POST';
  const response = await (init.via ?? handle)(
    new Request(`http://embedded.invalid/${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': init.client ?? '203.0.113.5' },
      body: method === 'GET' ? null : (init.raw ?? JSON.stringify(body)),
    }),
  );
  return { status: response.status, json: (await response.json()) as Answer };
}

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

async function identToken(code = 'P1DEMO01'): Promise<string> {
  const { json } = await call('submit/kodekodex/identcode', { assessmentIdentCode: code });
  expect(json.statusCode).toBe(1);
  return json.token!;
}

async function loggedInToken(): Promise<string> {
  const { json } = await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token: await identToken() });
  expect(decodeClaims(json.token).isLoggedIn).toBe(true);
  return json.token!;
}

describe('database set-up', () => {
  it('the first migrate applies every version in order, a second is a no-op', async () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions[0]).toBe(1);
    expect(firstMigration).toEqual(versions);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: number }>('select version from schema_migration order by version');
    expect(rows.map((r) => r.version)).toEqual(versions);
  });

  it('the demo data is seeded once, a second seed does nothing', async () => {
    expect(seededFirst).toBe(true);
    const before = await db.query<{ n: number }>('select count(*)::int as n from assessment');
    expect(await seedDemoIfEmpty(db)).toBe(false);
    expect(await db.query<{ n: number }>('select count(*)::int as n from assessment')).toEqual(before);
  });

  it('no access code is stored in plain text', async () => {
    const rows = await db.query<{ key_hash: string | null }>('select key_hash from assessor');
    const hashes = rows.map((r) => r.key_hash ?? '').join('\n');
    for (const code of ['RANK4711', 'RESUME4711', 'FIRST4711', 'SELF4711', 'GRID4711']) expect(hashes).not.toContain(code);
  });
});

describe('page info', () => {
  it.each(LANGUAGES.map((l) => [l]))('pageinfo in %s returns that catalogue', async (language: Language) => {
    const { status, json } = await call('pageinfo', { uiLanguage: language, category: 'Home' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ statusCode: 1, detailCode: 0 });
    const table = Object.fromEntries((json.translations as Array<{ key: string; value: string }>).map((t) => [t.key, t.value]));
    expect(table).toEqual(CATALOGUES[language]);
  });

  it('without a language: German', async () => {
    const { json } = await call('pageinfo', {});
    expect(json.translations).toContainEqual({ key: 'ErrorPageTitle', value: 'Fehler' });
  });

  it('headerfooter answers with a logo and stylesheet', async () => {
    const { json } = await call('pageinfo/headerfooter', { uiLanguage: 'en-US' });
    expect(json).toMatchObject({ statusCode: 1, stylesheet: 'default', logoFileExtension: 'svg' });
    expect(Buffer.from(String(json.logoDataBase64), 'base64').toString('utf8')).toContain('<svg');
  });
});

describe('ident code', () => {
  it('P1DEMO01 → Ok with a not-logged-in token for product 1 and the assessment languages', async () => {
    const { json } = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
    expect(json).toMatchObject({ statusCode: 1, detailCode: 0, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', assessorMustRegister: false });
    expect(json.token!.split('.')).toHaveLength(3);
    expect(decodeClaims(json.token)).toEqual({ product: 1, isLoggedIn: false });
  });

  it.each([
    ['lower case', 'p1demo01'],
    ['spaces inside', ' P1 DEMO 01 '],
  ])('the code is found in %s', async (_label, code) => {
    expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: code })).json.statusCode).toBe(1);
  });

  it('a requested questionnaire language wins over the stored one', async () => {
    const { json } = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01', questionnaireLanguage: 'fr-FR' });
    expect(json.questionnaireLanguage).toBe('fr-FR');
  });

  it('P2DEMO01 → a token for product 2', async () => {
    expect(decodeClaims(await identToken('P2DEMO01')).product).toBe(2);
  });

  it('P1REG0001 → the assessor must register', async () => {
    expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1REG0001' })).json.assessorMustRegister).toBe(true);
  });

  it.each<[string, string, number, number]>([
    ['empty', '', 6, 1],
    ['only spaces', '   ', 6, 1],
    ['too short', 'ABC', 6, 2],
    ['too long', 'ABCDEFGHIJ', 6, 2],
    ['not letters and digits', 'P1DEMO-1', 6, 6],
    ['unknown', 'ZZZZZZZZ', 6, 6],
    ['finished', 'P1DONE001', 9, 0],
  ])('%s (%p) → status %i detail %i, no token', async (_label, code, statusCode, detailCode) => {
    const { status, json } = await call('submit/kodekodex/identcode', { assessmentIdentCode: code });
    expect(status).toBe(200);
    expect(json).toMatchObject({ statusCode, detailCode });
    expect(json.token).toBeUndefined();
  });

  it('an expired assessment → status 14', async () => {
    await db.query("update assessment set valid_until = now() - interval '1 day' where ident_code = 'P1SELF001'");
    try {
      expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1SELF001' })).json).toMatchObject({ statusCode: 14, detailCode: 0 });
    } finally {
      await db.query("update assessment set valid_until = null where ident_code = 'P1SELF001'");
    }
  });
});

describe('access-code login', () => {
  it('the right code → Ok, a logged-in token and the assessor name', async () => {
    const { json } = await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token: await identToken() });
    expect(json).toMatchObject({
      statusCode: 1,
      detailCode: 0,
      username: 'Paula Bereit',
      assessorMustRegister: false,
      isFirstLogin: false,
      isPasswordSet: true,
    });
    expect(decodeClaims(json.token)).toMatchObject({ product: 1, isLoggedIn: true, assessorId: expect.any(String) });
  });

  it('the right code with spaces → logged in', async () => {
    const { json } = await call('submit/kodekodex/login', { passwordHash: encrypt(' RANK 4711 '), token: await identToken() });
    expect(decodeClaims(json.token).isLoggedIn).toBe(true);
  });

  it('a first login is reported as such', async () => {
    const { json } = await call('submit/kodekodex/login', { passwordHash: encrypt('FIRST4711'), token: await identToken('P1FIRST01') });
    expect(json).toMatchObject({ statusCode: 1, username: 'Erika Erstmal', isFirstLogin: true });
  });

  it.each([
    ['a wrong code', 'WRONG999'],
    ['another assessment\'s code', 'RESUME4711'],
    ['the code in lower case', 'rank4711'],
  ])('%s → Ok with a NOT logged-in token and no name', async (_label, code) => {
    const { json } = await call('submit/kodekodex/login', { passwordHash: encrypt(code), token: await identToken() });
    expect(json.statusCode).toBe(1);
    expect(json.token).toEqual(expect.any(String));
    expect(decodeClaims(json.token)).toEqual({ product: 1, isLoggedIn: false });
    expect(json).not.toHaveProperty('username');
  });

  it('an assessor without a key can never log in', async () => {
    const { json } = await call('submit/kodekodex/login', { passwordHash: encrypt(''), token: await identToken('P1REG0001') });
    expect(decodeClaims(json.token).isLoggedIn).toBe(false);
  });

  it('without a token → TokenInvalid (3) / TokenIsEmpty', async () => {
    expect((await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711') })).json).toMatchObject({ statusCode: 3, detailCode: 17 });
  });

  it('a code that does not decrypt → PostDataIsInvalid / UnableToDecryptClientData', async () => {
    const { json } = await call('submit/kodekodex/login', { passwordHash: 'bm90IGVuY3J5cHRlZA==', token: await identToken() });
    expect(json).toMatchObject({ statusCode: 5, detailCode: 19 });
  });

  it('a token without an assessment → TokenInvalid / UnknownAssessmentId', async () => {
    const token = signToken({ product: 1, isLoggedIn: false }, settings.tokenSecret, 3600);
    expect((await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token })).json).toMatchObject({ statusCode: 3, detailCode: 16 });
  });
});

describe('access-code guessing limit', () => {
  it('after the maximum of failures for an assessment even the right code is refused (locked, not logged in)', async () => {
    const strict = createRequestHandler(db, { ...settings, guessing: { ...settings.guessing, maxPerAssessment: 3 } });
    const attempt = async (code: string) =>
      (await call('submit/kodekodex/login', { passwordHash: encrypt(code), token: await identToken('P1SELF001') }, { via: strict, client: '198.51.100.7' })).json;
    for (let i = 0; i < 3; i += 1) expect(decodeClaims((await attempt('WRONG000')).token).isLoggedIn).toBe(false);
    const locked = await attempt('SELF4711');
    expect(locked).toMatchObject({ statusCode: 1, locked: true });
    expect(decodeClaims(locked.token).isLoggedIn).toBe(false);
    // Other assessments are not affected.
    const other = await call('submit/kodekodex/login', { passwordHash: encrypt('GRID4711'), token: await identToken('P2DEMO01') }, { via: strict, client: '198.51.100.7' });
    expect(decodeClaims(other.json.token).isLoggedIn).toBe(true);
    await db.query('delete from access_code_failure');
  });
});

describe('tokens', () => {
  it('an expired token → TokenExpired (4)', async () => {
    const token = signToken({ product: 1, isLoggedIn: false, assessment: 1 }, settings.tokenSecret, 60, Date.now() - 2 * 3600 * 1000);
    expect((await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token })).json).toMatchObject({ statusCode: 4 });
    expect((await call('pageinfo', { token })).json).toMatchObject({ statusCode: 4 });
  });

  it('a token that expires exactly now is expired', async () => {
    const token = signToken({ product: 1, isLoggedIn: false, assessment: 1 }, settings.tokenSecret, 0);
    expect((await call('pageinfo', { token })).json.statusCode).toBe(4);
  });

  it.each<[string, (token: string) => string, number]>([
    ['a changed payload (logged in forged)', (t) => {
      const [h, p, s] = t.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
      return `${h}.${Buffer.from(JSON.stringify({ ...claims, isLoggedIn: true })).toString('base64url')}.${s}`;
    }, 23],
    ['a changed signature', (t) => `${t.slice(0, -3)}${t.endsWith('AAA') ? 'BBB' : 'AAA'}`, 23],
    ['a token signed with another secret', () => signToken({ product: 1, isLoggedIn: true, assessment: 1 }, 'o'.repeat(40), 3600), 23],
    ['two parts only', (t) => t.split('.').slice(0, 2).join('.'), 18],
    ['garbage', () => 'garbage', 18],
  ])('%s → TokenInvalid (3) detail %i', async (_label, change, detailCode) => {
    const token = change(await identToken());
    expect((await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token })).json).toMatchObject({ statusCode: 3, detailCode });
    expect((await call('pageinfo', { token })).json).toMatchObject({ statusCode: 3 });
  });

  it('page info with a bad token still carries translations', async () => {
    const { json } = await call('pageinfo', { token: 'garbage', uiLanguage: 'en-US' });
    expect(json.statusCode).toBe(3);
    expect(json.translations).toContainEqual({ key: 'ErrorPageTitle', value: 'Error' });
  });
});

describe('sign-out (pageinfo/error with category SignOut)', () => {
  it('answers Ok + SucessfullyLoggedOut, and the token is refused from then on', async () => {
    const token = await loggedInToken();
    expect((await call('pageinfo', { token })).json.statusCode).toBe(1);

    const { json } = await call('pageinfo/error', { category: 'SignOut', token, uiLanguage: 'de-DE' });
    expect(json).toMatchObject({ statusCode: 1, detailCode: 20 });
    expect(json.translations).toContainEqual({ key: 'SignOutMessage', value: CATALOGUES['de-DE'].SignOutMessage });

    expect((await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token })).json).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect((await call('pageinfo', { token })).json.statusCode).toBe(3);
    expect((await call('pageinfo/kodekodex/login', { token })).json.statusCode).toBe(3);
  });

  it('signing out twice is still Ok', async () => {
    const token = await loggedInToken();
    await call('pageinfo/error', { category: 'SignOut', token });
    expect((await call('pageinfo/error', { category: 'SignOut', token })).json).toMatchObject({ statusCode: 1, detailCode: 20 });
  });

  it('signing out ends every earlier token of the same person (another tab, a copy); a login afterwards is valid', async () => {
    const first = await loggedInToken();
    const second = await loggedInToken();
    await call('pageinfo/error', { category: 'SignOut', token: second });
    expect((await call('pageinfo', { token: first })).json).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect((await call('pageinfo', { token: await loggedInToken() })).json.statusCode).toBe(1);
  });

  it('pageinfo/error without SignOut does not sign out', async () => {
    const token = await loggedInToken();
    expect((await call('pageinfo/error', { category: 'Error', token })).json).toMatchObject({ statusCode: 1, detailCode: 0 });
    expect((await call('pageinfo', { token })).json.statusCode).toBe(1);
  });
});

describe('the HTTP surface', () => {
  it('GET → 405', async () => {
    const { status, json } = await call('pageinfo', undefined, { method: 'GET' });
    expect(status).toBe(405);
    expect(json.error).toBe('only POST is supported');
  });

  it.each(['nothing/here', 'submit/kodekodex/logout', '__proto__', 'constructor'])('unknown path %p → 404 unknown call', async (path) => {
    const { status, json } = await call(path, {});
    expect(status).toBe(404);
    expect(json.error).toBe(`unknown call '${path}'`);
  });

  // Every call of the catalogue is answered; one whose handler is missing (an upstream that does not
  // offer a flow) would be a clear 4xx in the upstream's shape, logged nowhere.
  it('every catalogue path has a handler', () => {
    expect(CALL_PATHS.filter((p) => !ROUTES[p])).toEqual([]);
  });
  it('a catalogue path without a handler → 404 not available, logged nowhere', async () => {
    const path = 'submit/portal/sucessfullyPaid';
    const handler = ROUTES[path];
    delete ROUTES[path];
    const spies = [jest.spyOn(console, 'error'), jest.spyOn(console, 'log'), jest.spyOn(process.stdout, 'write'), jest.spyOn(process.stderr, 'write')];
    try {
      const { status, json } = await call(path, { token: 'anything' });
      expect(status).toBe(404);
      expect(json).toEqual({ statusCode: 0, detailCode: 0, error: `call '${path}' is not available` });
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      ROUTES[path] = handler;
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('a leading api/ is accepted', async () => {
    expect((await call('api/pageinfo', {})).json.statusCode).toBe(1);
  });

  it.each<[string, string, unknown, RegExp]>([
    ['submit/kodekodex/identcode', 'a missing code', {}, /^assessmentIdentCode: /],
    ['submit/kodekodex/identcode', 'a numeric code', { assessmentIdentCode: 12345678 }, /^assessmentIdentCode: /],
    ['submit/kodekodex/login', 'an empty passwordHash', { passwordHash: '' }, /^passwordHash: is required$/],
    ['pageinfo', 'a wrong language', { uiLanguage: 'xx' }, /^uiLanguage: /],
    ['pageinfo', 'an unknown field', { hack: 1 }, /hack/],
    ['pageinfo', 'an array body', [], /^body: /],
  ])('%s with %s → 200 + PostDataIsInvalid (5) naming the field', async (path, _label, body, errorInfo) => {
    const { status, json } = await call(path, body);
    expect(status).toBe(200);
    expect(json).toMatchObject({ statusCode: 5, detailCode: 0 });
    expect(String(json.errorInfo)).toMatch(errorInfo);
  });

  it('a body that is not JSON → PostDataIsInvalid', async () => {
    const { json } = await call('pageinfo', undefined, { raw: '{not json' });
    expect(json).toMatchObject({ statusCode: 5, detailCode: 0, errorInfo: 'body is not JSON' });
  });
});

describe('keys', () => {
  it('hashKey never contains the plain key and verifies only the right key', async () => {
    const hash = await hashKey('RANK4711');
    expect(hash).not.toContain('RANK4711');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyKey('RANK4711', hash)).toBe(true);
    expect(await verifyKey('RANK4712', hash)).toBe(false);
    expect(await verifyKey('rank4711', hash)).toBe(false);
    expect(await verifyKey('', hash)).toBe(false);
  });

  it('the same key hashes differently each time (salted)', async () => {
    const [a, b] = await Promise.all([hashKey('same'), hashKey('same')]);
    expect(a).not.toBe(b);
    expect(await verifyKey('same', a)).toBe(true);
    expect(await verifyKey('same', b)).toBe(true);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['another scheme', 'bcrypt$10$abc$def'],
    ['no hash part', 'scrypt$16384$8$1$c2FsdA=='],
  ])('a stored value that is %s verifies nothing', async (_label, stored) => {
    expect(await verifyKey('RANK4711', stored)).toBe(false);
  });
});

describe('client crypto', () => {
  it('encryptClientValue gives base64 that is not the plain text', () => {
    const encrypted = encrypt('RANK4711');
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(encrypted).not.toContain('RANK4711');
    expect(encrypt('RANK4711')).toBe(encrypted); // fixed key and IV, as the legacy client does
  });
});

describe('resetDemo', () => {
  it('restores a finished assessment and its key', async () => {
    await db.query("update assessment set finished_at = now() where ident_code = 'P1DEMO01'");
    await db.query("update assessor set key_hash = null where id = (select assessor_id from assessment where ident_code = 'P1DEMO01')");
    expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' })).json.statusCode).toBe(9);

    await resetDemo(db);

    const { json } = await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token: await identToken('P1DEMO01') });
    expect(json).toMatchObject({ statusCode: 1, username: 'Paula Bereit' });
    expect(decodeClaims(json.token).isLoggedIn).toBe(true);
    // The demo's own finished assessment stays finished.
    expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DONE001' })).json.statusCode).toBe(9);
  });

  it('keeps rows that are not demo rows and leaves one row per demo code', async () => {
    const [assessor] = await db.query<{ id: number }>("insert into assessor (first_name, last_name) values ('Other', 'Person') returning id");
    await db.query("insert into assessment (ident_code, product, assessor_id) values ('OTHER0001', 2, $1)", [assessor!.id]);
    await resetDemo(db);
    expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: 'OTHER0001' })).json.statusCode).toBe(1);
    const rows = await db.query<{ ident_code: string; n: number }>('select ident_code, count(*)::int as n from assessment group by ident_code having count(*) > 1');
    expect(rows).toEqual([]);
  });
});
