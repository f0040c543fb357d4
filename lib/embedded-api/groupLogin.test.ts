import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { createRequestHandler } from './server';
import { signToken } from './tokens';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/**
 * The group-code entry of the web variant (pageinfo/kodew/login, submit/kodew/login) on an
 * in-memory PGlite with the demo data: every outcome of groups/loginRule.ts, the participant a
 * login starts, and both guessing limits, also under concurrency.
 */
const settings = testSettings('k'.repeat(40), { groupCodeGuessing: { maxFailuresPerClient: 5, maxLoginsPerClient: 8 } });

let db: Database;
let handle: Handle;
let clients = 0;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

/** Each test signs in from addresses of its own, so that no limit carries over between tests. */
const newClient = () => `198.51.100.${(clients += 1)}`;

const call = async (path: string, body: unknown, client: string, via = handle): Promise<Answer> => (await sendTo(via, path, body, client)).answer;

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

const login = (code: string, client: string, extra: Record<string, unknown> = {}, via = handle) =>
  call('submit/kodew/login', { groupcode: encrypt(code), ...extra }, client, via);

const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params))[0]!.n;
const membersOf = (code: string) =>
  count('select count(*)::int as n from group_member m join group_code g on g.id = m.group_code_id where g.code = $1', [code]);

describe('pageinfo/kodew/login', () => {
  it('answers the entry page’s texts in the asked language, without a token', async () => {
    const answer = await call('pageinfo/kodew/login', { uiLanguage: 'en-US', groupCodeIdent: 'KWDEMO01' }, newClient());
    expect(answer).toMatchObject({ statusCode: 1, detailCode: 0 });
    const texts = new Map((answer.translations as Array<{ key: string; value: string }>).map((t) => [t.key, t.value]));
    expect(texts.get('GroupCodeTitle')).toBe('Sign in with a group code');
    expect(texts.get('ErrorGroupCodeKey')).toMatch(/incorrect/);
  });

  it('tells nothing about the code in the address: a known and an unknown code get the same answer', async () => {
    const known = await call('pageinfo/kodew/login', { uiLanguage: 'de-DE', groupCodeIdent: 'KWDEMO01' }, newClient());
    const unknown = await call('pageinfo/kodew/login', { uiLanguage: 'de-DE', groupCodeIdent: 'ZZZZZZZZ' }, newClient());
    expect(unknown).toEqual(known);
  });

  it('a token that is sent must be genuine', async () => {
    const forged = signToken({ product: 4, isLoggedIn: true, assessment: 1 }, 'f'.repeat(40), 3600);
    expect(await call('pageinfo/kodew/login', { token: forged }, newClient())).toMatchObject({ statusCode: 3, detailCode: 23 });
  });
});

describe('submit/kodew/login: the outcomes', () => {
  it.each<[string, string, { statusCode: number; detailCode: number }]>([
    ['an empty code', '   ', { statusCode: 6, detailCode: 1 }],
    ['a code too short', 'KW01', { statusCode: 6, detailCode: 2 }],
    ['a code too long', 'KWDEMO01KWDEMO01K', { statusCode: 6, detailCode: 2 }],
    ['a code with other characters', 'KW-DEMO1', { statusCode: 6, detailCode: 6 }],
    ['an expired code (KWEXPIR1)', 'KWEXPIR1', { statusCode: 14, detailCode: 0 }],
    ['a closed code (KWDONE01)', 'KWDONE01', { statusCode: 9, detailCode: 0 }],
    ['a code of the other group flow (KGSLIDE1)', 'KGSLIDE1', { statusCode: 8, detailCode: 12 }],
  ])('%s → %j, no token, no participant, nothing counted', async (_name, code, expected) => {
    const client = newClient();
    const before = await count('select count(*)::int as n from group_member');
    const answer = await login(code, client);
    expect(answer).toEqual(expected);
    expect(await count('select count(*)::int as n from group_member')).toBe(before);
    expect(await count('select count(*)::int as n from group_code_failure where client_address = $1', [client])).toBe(0);
  });

  it('a code whose questionnaires are not imported → AssessmentDoesNotExist', async () => {
    await db.query(
      `insert into group_code (code, variant, product, questionnaires) values ('KWNOQN01', 'kodew', 4, '[{"key":"kodew-missing","questionnaireType":1,"selectable":true}]')`,
    );
    expect(await login('KWNOQN01', newClient())).toEqual({ statusCode: 8, detailCode: 12 });
    expect(await membersOf('KWNOQN01')).toBe(0);
  });

  it('a text that does not decrypt → PostDataIsInvalid / UnableToDecryptClientData', async () => {
    expect(await call('submit/kodew/login', { groupcode: 'bm90IGVuY3J5cHRlZA==' }, newClient())).toEqual({ statusCode: 5, detailCode: 19 });
  });

  it('an unknown code → Ok with a token that is not logged in and speaks for nothing; counted for the address', async () => {
    const client = newClient();
    const answer = await login('ZZZZ9999', client);
    expect(answer).toMatchObject({ statusCode: 1, detailCode: 0 });
    expect(answer.locked).toBeUndefined();
    expect(answer.username).toBeUndefined();
    expect(decodeClaims(answer.token)).toEqual({ product: 4, isLoggedIn: false });
    expect(JSON.parse(Buffer.from(answer.token!.split('.')[1]!, 'base64url').toString()).assessment).toBeUndefined();
    expect(await count('select count(*)::int as n from group_code_failure where client_address = $1', [client])).toBe(1);
    // The token reads nothing.
    expect(await call('pageinfo/questionnaire', { token: answer.token }, client)).toMatchObject({ statusCode: 3 });
  });

  it('the right code, typed with spaces and in small letters, starts a new participant with a logged-in token without assessorId', async () => {
    const before = await membersOf('KWDEMO01');
    const answer = await login(' kw demo01 ', newClient(), { uiLanguage: 'en-US' });
    expect(answer).toMatchObject({ statusCode: 1, detailCode: 0, username: '', uiLanguage: 'en-US', questionnaireLanguage: 'en-US' });
    expect(answer.locked).toBeUndefined();
    const claims = decodeClaims(answer.token);
    expect(claims).toEqual({ product: 4, isLoggedIn: true });
    const assessment = JSON.parse(Buffer.from(answer.token!.split('.')[1]!, 'base64url').toString()).assessment as number;
    expect(await membersOf('KWDEMO01')).toBe(before + 1);
    const [row] = await db.query<{ ui_language: string; questionnaire_language: string; key_hash: string | null; current: number }>(
      `select a.ui_language, a.questionnaire_language, s.key_hash, m.current_assessment_id as current
         from assessment a join assessor s on s.id = a.assessor_id join group_member m on m.id = a.group_member_id where a.id = $1`,
      [assessment],
    );
    expect(row).toEqual({ ui_language: 'en-US', questionnaire_language: 'en-US', key_hash: null, current: assessment });
  });

  it('without a language the group’s is answered', async () => {
    await db.query(`update group_code set ui_language = 'fr-FR' where code = 'KWDEMO01'`);
    try {
      expect(await login('KWDEMO01', newClient())).toMatchObject({ statusCode: 1, uiLanguage: 'fr-FR', questionnaireLanguage: 'fr-FR' });
    } finally {
      await db.query(`update group_code set ui_language = 'de-DE' where code = 'KWDEMO01'`);
    }
  });

  it('every login starts a new participant with a personal access code of its own', async () => {
    const client = newClient();
    const first = await login('KWDEMO01', client);
    const second = await login('KWDEMO01', client);
    const ids = [first, second].map((a) => JSON.parse(Buffer.from(a.token!.split('.')[1]!, 'base64url').toString()).assessment as number);
    expect(ids[0]).not.toBe(ids[1]);
    const codes = await db.query<{ access_code: string }>(
      'select m.access_code from group_member m join assessment a on a.group_member_id = m.id where a.id = any($1)',
      [ids],
    );
    expect(new Set(codes.map((c) => c.access_code)).size).toBe(2);
  });

  it('the token in the body is not read: a forged or an expired one does not stop a new start', async () => {
    const forged = signToken({ product: 4, isLoggedIn: true, assessment: 1 }, 'f'.repeat(40), 3600);
    expect(decodeClaims((await login('KWDEMO01', newClient(), { token: forged })).token).isLoggedIn).toBe(true);
    const expired = signToken({ product: 4, isLoggedIn: true }, settings.tokenSecret, 60, Date.now() - 7200_000);
    expect(decodeClaims((await login('KWDEMO01', newClient(), { token: expired })).token).isLoggedIn).toBe(true);
  });
});

describe('submit/kodew/login: unknown codes are limited per client address', () => {
  it('after 5 unknown codes an address is refused even with the right code; other addresses are not', async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++) expect((await login(`NOPE000${i}`, client)).locked).toBeUndefined();
    const before = await membersOf('KWDEMO01');
    const locked = await login('KWDEMO01', client);
    expect(locked).toMatchObject({ statusCode: 1, detailCode: 0, locked: true });
    expect(decodeClaims(locked.token).isLoggedIn).toBe(false);
    expect(await login('NOPE0009', client)).toMatchObject({ statusCode: 1, locked: true });
    expect(await membersOf('KWDEMO01')).toBe(before);
    expect(decodeClaims((await login('KWDEMO01', newClient())).token).isLoggedIn).toBe(true);
    // Refused attempts are not counted again.
    expect(await count('select count(*)::int as n from group_code_failure where client_address = $1', [client])).toBe(5);
  });

  it('known codes (right, expired, closed, of another flow) and malformed ones are not counted', async () => {
    const client = newClient();
    for (const code of ['KWDEMO01', 'KWEXPIR1', 'KWDONE01', 'KGSLIDE1', 'X', 'KW-DEMO1']) for (let i = 0; i < 3; i++) await login(code, client);
    for (let i = 0; i < 4; i++) await login(`MISS000${i}`, client);
    expect(decodeClaims((await login('KWDEMO01', client)).token).isLoggedIn).toBe(true);
  });

  it('after the lock period the address may log in again', async () => {
    const client = newClient();
    let clock = Date.now();
    const timed = createRequestHandler(db, settings, { now: () => clock });
    for (let i = 0; i < 5; i++) await login(`LATE000${i}`, client, {}, timed);
    expect((await login('KWDEMO01', client, {}, timed)).locked).toBe(true);
    clock += settings.groupCodeGuessing.lockSeconds * 1000 - 1;
    expect((await login('KWDEMO01', client, {}, timed)).locked).toBe(true);
    clock += 1;
    expect(decodeClaims((await login('KWDEMO01', client, {}, timed)).token).isLoggedIn).toBe(true);
  });

  it('the limit holds under concurrency: 60 concurrent unknown codes from one address record exactly 5 failures', async () => {
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`RACE${String(i).padStart(4, '0')}`, client)));
    expect(answers.filter((a) => a.statusCode === 1 && !a.locked)).toHaveLength(5);
    expect(answers.filter((a) => a.locked)).toHaveLength(55);
    expect(await count('select count(*)::int as n from group_code_failure where client_address = $1', [client])).toBe(5);
  });
});

describe('submit/kodew/login: participants per group code are limited per client address', () => {
  it('an address starts at most 8 participants with one code within the window; another address may', async () => {
    const client = newClient();
    const before = await membersOf('KWDEMO01');
    for (let i = 0; i < 8; i++) expect(decodeClaims((await login('KWDEMO01', client)).token).isLoggedIn).toBe(true);
    const refused = await login('KWDEMO01', client);
    expect(refused).toMatchObject({ statusCode: 1, locked: true });
    expect(decodeClaims(refused.token).isLoggedIn).toBe(false);
    expect(await membersOf('KWDEMO01')).toBe(before + 8);
    expect(decodeClaims((await login('KWDEMO01', newClient())).token).isLoggedIn).toBe(true);
    // A refusal is no unknown code: the address is not one step nearer the failure lock.
    expect(await count('select count(*)::int as n from group_code_failure where client_address = $1', [client])).toBe(0);
  });

  it('once the oldest login leaves the window, the address may start another', async () => {
    const client = newClient();
    let clock = Date.now();
    const timed = createRequestHandler(db, settings, { now: () => clock });
    for (let i = 0; i < 8; i++) await login('KWDEMO01', client, {}, timed);
    expect((await login('KWDEMO01', client, {}, timed)).locked).toBe(true);
    clock += settings.groupCodeGuessing.loginWindowSeconds * 1000;
    expect(decodeClaims((await login('KWDEMO01', client, {}, timed)).token).isLoggedIn).toBe(true);
  });

  it('the limit holds under concurrency: 40 concurrent logins from one address start exactly 8 participants', async () => {
    const client = newClient();
    const before = await membersOf('KWDEMO01');
    const answers = await Promise.all(Array.from({ length: 40 }, () => login('KWDEMO01', client)));
    expect(answers.filter((a) => decodeClaims(a.token).isLoggedIn)).toHaveLength(8);
    expect(answers.filter((a) => a.locked)).toHaveLength(32);
    expect(await membersOf('KWDEMO01')).toBe(before + 8);
  });

  it('at the default limit a classroom of 200 behind one address all get in, at once', async () => {
    const classroom = createRequestHandler(db, testSettings('k'.repeat(40), { groupCodeGuessing: { maxLoginsPerClient: 500, maxFailuresPerClient: 100 } }));
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 200 }, () => login('KWDEMO01', client, {}, classroom)));
    expect(answers.filter((a) => decodeClaims(a.token).isLoggedIn)).toHaveLength(200);
  }, 60_000);
});
