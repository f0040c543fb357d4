import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { bundledDefinition, sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/** The attacks on tokens and codes replayed as a participant or an attacker would, on the demo data. */
const settings = testSettings('t'.repeat(40));

let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const call = async (path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, '198.51.100.9')).answer;

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const identToken = async (code: string) => (await call('submit/kodekodex/identcode', { assessmentIdentCode: code })).token!;
const login = (token: string, key: string) => call('submit/kodekodex/login', { passwordHash: encrypt(key), token });
const register = (token: string, key: string, lastName = 'Uebernahme') =>
  call('submit/kodekodex/register', { gender: 1, firstName: 'Mallory', lastName, emailAddress: 'mallory@example.com', passwordEncrypted: encrypt(key), token });

describe('taking over an assessment with its ident code alone', () => {
  it('P1-READY: register with any key is refused, the page gives no name or e-mail, and the owner keeps their key', async () => {
    const token = await identToken('P1DEMO01');
    const page = await call('pageinfo/kodekodex/register', { token });
    expect(page).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(JSON.stringify(page)).not.toMatch(/Paula|Bereit|paula\.bereit/);
    expect(await register(token, 'Gestohlen1')).toEqual({ statusCode: 3, detailCode: 23 });
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: encrypt('Gestohlen1'), token })).toEqual({ statusCode: 3, detailCode: 23 });
    // The attacker's key opens nothing, the owner's still does.
    expect(decodeClaims((await login(await identToken('P1DEMO01'), 'Gestohlen1')).token).isLoggedIn).toBe(false);
    expect((await login(await identToken('P1DEMO01'), 'RANK4711')).username).toBe('Paula Bereit');
  });

  it('P1-REGISTER: the ident code registers once; afterwards its holder can neither read nor change the data', async () => {
    const first = await identToken('P1REG0001');
    const page = await call('pageinfo/kodekodex/register', { token: first });
    expect(page).toMatchObject({ statusCode: 1, isPasswordSet: false, registrationData: { isRegistered: false, firstName: '', lastName: '', emailAddress: '' } });
    expect(await register(first, 'Mond2026', 'Neu')).toMatchObject({ statusCode: 1, username: 'Mallory Neu' });

    const later = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1REG0001' });
    expect(later.assessorMustRegister).toBe(false);
    expect(await call('pageinfo/kodekodex/register', { token: later.token })).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(await register(later.token!, 'Gestohlen1')).toEqual({ statusCode: 3, detailCode: 23 });
    expect(await register(first, 'Gestohlen1')).toEqual({ statusCode: 3, detailCode: 23 });
    expect((await login(later.token!, 'Mond2026')).username).toBe('Mallory Neu');
  });

  it('two holders registering at once: exactly one gets through, and only that key opens the assessment', async () => {
    const [assessor] = await db.query<{ id: number }>("insert into assessor (must_register) values (true) returning id");
    await db.query("insert into assessment (ident_code, product, assessor_id) values ('RACE0001', 1, $1)", [assessor!.id]);
    const [a, b] = await Promise.all([identToken('RACE0001'), identToken('RACE0001')]);
    const answers = await Promise.all([register(a, 'Schluessel-A', 'Anton'), register(b, 'Schluessel-B', 'Berta')]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([1, 3]);
    const winner = answers[0]!.statusCode === 1 ? 'A' : 'B';
    const loser = winner === 'A' ? 'B' : 'A';
    expect(decodeClaims((await login(await identToken('RACE0001'), `Schluessel-${winner}`)).token).isLoggedIn).toBe(true);
    expect(decodeClaims((await login(await identToken('RACE0001'), `Schluessel-${loser}`)).token).isLoggedIn).toBe(false);
  });

  it('an assessor who must register but has a key logs in first, then registers with the logged-in token', async () => {
    await db.query("update assessor set must_register = true where id = (select assessor_id from assessment where ident_code = 'P1SELF001')");
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1SELF001' });
    expect(ident.assessorMustRegister).toBe(false);
    expect(await call('pageinfo/kodekodex/register', { token: ident.token })).toMatchObject({ statusCode: 3, detailCode: 23 });
    const loggedIn = await login(ident.token!, 'SELF4711');
    expect(loggedIn).toMatchObject({ statusCode: 1, assessorMustRegister: true });
    expect(await call('pageinfo/kodekodex/register', { token: loggedIn.token })).toMatchObject({
      statusCode: 1,
      isPasswordSet: true,
      registrationData: { firstName: 'Selma', lastName: 'Selbst' },
    });
    const kept = await call('submit/kodekodex/register', { gender: 1, firstName: 'Selma', lastName: 'Selbst', emailAddress: 'selma@example.com', passwordEncrypted: '', token: loggedIn.token });
    expect(kept).toMatchObject({ statusCode: 1, username: 'Selma Selbst' });
    // Done: the registration is closed, even for a logged-in holder.
    expect(await call('pageinfo/kodekodex/register', { token: loggedIn.token })).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect((await login(await identToken('P1SELF001'), 'SELF4711')).assessorMustRegister).toBe(false);
  });
});

describe('P1-REREG: a registered assessor who must register again', () => {
  it('the ident code shows nothing; after the key the data is offered, the last name may stay empty, and the kept key goes on', async () => {
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1REREG1' });
    expect(ident.assessorMustRegister).toBe(false);
    const page = await call('pageinfo/kodekodex/register', { token: ident.token });
    expect(page).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(JSON.stringify(page)).not.toMatch(/Rita|Registriert/);

    const loggedIn = await login(ident.token!, 'REREG4711');
    expect(loggedIn).toMatchObject({ statusCode: 1, assessorMustRegister: true });
    expect(await call('pageinfo/kodekodex/register', { token: loggedIn.token })).toMatchObject({
      statusCode: 1,
      isPasswordSet: true,
      registrationData: { isRegistered: true, firstName: 'Rita', lastName: 'Registriert', emailAddress: 'rita.registriert@example.org' },
    });
    const body = { gender: 1, firstName: 'Rita', lastName: '  ', emailAddress: 'rita.registriert@example.org', passwordEncrypted: '', token: loggedIn.token };
    // A given e-mail must still be one; the last name is not required of a registered assessor (spec §5).
    expect(await call('submit/kodekodex/register', { ...body, emailAddress: 'kaputt' })).toMatchObject({ statusCode: 5 });
    expect(await call('submit/kodekodex/register', body)).toMatchObject({ statusCode: 1, username: 'Rita' });
    expect((await login(await identToken('P1REREG1'), 'REREG4711')).assessorMustRegister).toBe(false);
  });

  it('one not registered before must give a last name, even after logging in with a key', async () => {
    await db.query("update assessor set must_register = true, is_registered = false where id = (select assessor_id from assessment where ident_code = 'P1LAST001')");
    const loggedIn = await login(await identToken('P1LAST001'), 'LAST4711');
    expect(loggedIn.assessorMustRegister).toBe(true);
    const body = { gender: 1, firstName: 'Lena', lastName: '', emailAddress: '', passwordEncrypted: '', token: loggedIn.token };
    expect(await call('submit/kodekodex/register', body)).toMatchObject({ statusCode: 5, errorInfo: 'lastName or emailAddress: invalid' });
    expect(await call('submit/kodekodex/register', { ...body, lastName: 'Letzte' })).toMatchObject({ statusCode: 1, username: 'Lena Letzte' });
  });
});

describe('finishing revokes the token', () => {
  async function finishP2(): Promise<string> {
    const token = (await login(await identToken('P2DEMO01'), 'GRID4711')).token!;
    const questions = bundledDefinition('grid-10').questions;
    for (const [index, question] of questions.entries()) {
      const answers = Buffer.from(JSON.stringify({ questionStartIndex: index + 1, answers: question.answerInfos.map((a) => ({ id: a.id, value: 2 })) })).toString('base64');
      expect((await call('pageinfo/questionnaire', { token, questionStartIndex: Math.min(index + 2, questions.length), questionsPerPage: 1, answers })).statusCode).toBe(1);
    }
    expect(await call('submit/finishassessment', { token })).toMatchObject({ statusCode: 1, logout: true });
    return token;
  }

  it('the cookie left behind reads no personal data, sets no key and renames nobody; a retried finish answers like the first', async () => {
    const token = await finishP2();
    const page = await call('pageinfo/kodekodex/register', { token });
    expect(page).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(JSON.stringify(page)).not.toMatch(/Gregor|Raster/);
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: encrypt('Neu12345'), token })).toEqual({ statusCode: 3, detailCode: 23 });
    expect(await register(token, 'Neu12345')).toEqual({ statusCode: 3, detailCode: 23 });
    expect(await call('pageinfo/questionnaire', { token, questionStartIndex: 1, questionsPerPage: 1 })).toMatchObject({ statusCode: 3, detailCode: 23 });
    const [row] = await db.query<{ first_name: string }>("select s.first_name from assessor s join assessment a on a.assessor_id = s.id where a.ident_code = 'P2DEMO01'");
    expect(row!.first_name).toBe('Gregor');
    expect(await call('submit/finishassessment', { token })).toEqual({ statusCode: 1, detailCode: 0, logout: true });
  });
});

describe('two tabs saving the same page', () => {
  const ranking = (shift: number) =>
    bundledDefinition('competency-24').questions.slice(0, 4).flatMap((q) => q.answerInfos.map((a, i) => ({ id: a.id, value: ((i + shift) % 4) + 1 })));
  const save = (token: string, shift: number) =>
    call('pageinfo/questionnaire', {
      token,
      questionStartIndex: 5,
      questionsPerPage: 4,
      answers: Buffer.from(JSON.stringify({ questionStartIndex: 1, answers: ranking(shift) })).toString('base64'),
    });
  const stored = async (token: string) => {
    const page = (await call('pageinfo/questionnaire', { token, questionStartIndex: 1, questionsPerPage: 4 })) as Answer & {
      questions: Array<{ answerInfos: Array<{ id: number; value: number }> }>;
    };
    return page.questions.flatMap((q) => q.answerInfos.map((a) => ({ id: a.id, value: a.value })));
  };

  it('last write wins: both saves are accepted, the later one is what is stored (the upstream contract has no revision)', async () => {
    const token = (await login(await identToken('P1RESUME1'), 'RESUME4711')).token!;
    expect((await save(token, 1)).statusCode).toBe(1);
    expect((await save(token, 2)).statusCode).toBe(1);
    expect(await stored(token)).toEqual(ranking(2));
  });

  it('saved at the same moment, the page holds one tab’s answers whole, never a mix of both', async () => {
    const token = (await login(await identToken('P1RESUME1'), 'RESUME4711')).token!;
    const answers = await Promise.all([save(token, 0), save(token, 3)]);
    expect(answers.map((a) => a.statusCode)).toEqual([1, 1]);
    expect([ranking(0), ranking(3)]).toContainEqual(await stored(token));
  });
});
