import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { createTestStore } from './db/testDatabase';
import { seedDemoIfEmpty } from './demo/seed';
import { keyStrengtheningOf } from './keyStrengthening';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/** The questionnaire calls against a real database: saving, validating, resuming, finishing, guessing limits. */
const settings = testSettings('q'.repeat(40), { guessing: { maxPerAssessment: 5, maxPerClient: 1000 }, identCodeGuessing: { maxPerClient: 1000 } });

type Question = { id: number; questionIndex: number; isInvalid: boolean; errorMessage: string; answerInfos: Array<{ id: number; value: number }> };

let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

async function call(path: string, body: unknown, via = handle, client = '198.51.100.7'): Promise<Answer> {
  return (await sendTo(via, path, body, client)).answer;
}

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const encode = (questionStartIndex: number, answers: Array<{ id: number; value: number }>) =>
  Buffer.from(JSON.stringify({ questionStartIndex, answers })).toString('base64');

async function login(identCode: string, code: string, via = handle): Promise<string> {
  const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: identCode }, via);
  const answer = await call('submit/kodekodex/login', { passwordHash: encrypt(code), token: ident.token }, via);
  expect(answer.token).toBeTruthy();
  return answer.token as string;
}

/** Ranks every question of a page: answer n gets rank n (rotated by shift). */
function ranked(questions: Question[], shift = 0) {
  return questions.flatMap((q) => q.answerInfos.map((a, i) => ({ id: a.id, value: ((i + shift) % 4) + 1 })));
}

async function page(token: string, body: Record<string, unknown> = {}) {
  const answer = await call('pageinfo/questionnaire', { token, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', questionsPerPage: 4, ...body });
  return answer as Answer & { questions: Question[]; currentPage: number; totalNumberOfPages: number; canFinish: boolean };
}

describe('pageinfo/questionnaire', () => {
  it('answers with a page of four ranking questions and the participant’s context', async () => {
    const token = await login('P1DEMO01', 'RANK4711');
    const first = await page(token, { questionStartIndex: 1 });
    expect(first).toMatchObject({ statusCode: 1, currentPage: 1, totalNumberOfPages: 6, prevNavButtonQuestionStartIndex: null, nextNavButtonQuestionStartIndex: 5 });
    expect(first.questions.map((q) => q.questionIndex)).toEqual([1, 2, 3, 4]);
    expect(first.questions.every((q) => q.answerInfos.length === 4 && q.answerInfos.every((a) => a.value === 0))).toBe(true);
    expect(first).toMatchObject({ candidateFirstName: 'Clara', candidateLastName: 'Kandidatin', isSelfAssessment: false });
    const english = await page(token, { questionStartIndex: 1, questionnaireLanguage: 'en-US' });
    expect(english.questionnaireTitle).toBe('Competency profile: leadership and collaboration');
    const italian = await page(token, { questionStartIndex: 1, questionnaireLanguage: 'it-IT' });
    expect(italian.questionnaireTitle).toBe('Kompetenzprofil Führung und Zusammenarbeit');
    // The content has no Italian: the page says it is German, so the screen can mark it as such.
    expect(italian.questionnaireLanguage).toBe('de-DE');
    expect(english.questionnaireLanguage).toBe('en-US');
  });

  it('refuses a token that is not logged in', async () => {
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
    expect((await page(ident.token as string)).statusCode).toBe(3);
  });

  it('an invalid page saves nothing and comes back flagged, with the answers as sent', async () => {
    const token = await login('P1SELF001', 'SELF4711');
    const first = await page(token, { questionStartIndex: 1 });
    const answers = ranked(first.questions);
    answers[1]!.value = 1; // question 1 now ranks two answers first
    const refused = await page(token, { questionStartIndex: 5, answers: encode(1, answers.slice(0, 8)) });
    expect(refused.currentPage).toBe(1);
    expect(refused.questions.map((q) => q.isInvalid)).toEqual([true, false, true, true]);
    expect(refused.questions[0]!.errorMessage).toBe('Bitte vergeben Sie jeden Rang von 1 bis 4 genau einmal: Jede Aussage braucht ihren eigenen Rang.');
    expect(refused.questions[0]!.answerInfos.map((a) => a.value)).toEqual([1, 1, 3, 4]);
    const [stored] = await db.query<{ n: number }>(
      `select count(*)::int as n from answer a join assessment s on s.id = a.assessment_id where s.ident_code = 'P1SELF001'`,
    );
    expect(stored!.n).toBe(0);
  });

  it('going back accepts untouched questions but not half-ranked ones', async () => {
    const token = await login('P1SELF001', 'SELF4711');
    const second = await page(token, { questionStartIndex: 5 });
    const back = await page(token, { questionStartIndex: 1, answers: encode(5, []) });
    expect(back.currentPage).toBe(1);
    const half = [{ id: second.questions[0]!.answerInfos[0]!.id, value: 2 }];
    const refused = await page(token, { questionStartIndex: 1, answers: encode(5, half) });
    expect(refused.currentPage).toBe(2);
    expect(refused.questions[0]!.isInvalid).toBe(true);
  });

  it('saving the same page twice stores the same rows once: a retry is harmless', async () => {
    const token = await login('P1SELF001', 'SELF4711');
    const first = await page(token, { questionStartIndex: 1 });
    const body = { questionStartIndex: 5, answers: encode(1, ranked(first.questions, 2)) };
    const [a, b] = await Promise.all([page(token, body), page(token, body)]);
    expect([a.currentPage, b.currentPage]).toEqual([2, 2]);
    await page(token, body);
    const rows = await db.query<{ answer_id: number; value: number }>(
      `select a.answer_id, a.value from answer a join assessment s on s.id = a.assessment_id where s.ident_code = 'P1SELF001' order by a.answer_id`,
    );
    expect(rows).toHaveLength(16);
    const again = await page(token, { questionStartIndex: 1 });
    expect(again.questions[0]!.answerInfos.map((x) => x.value)).toEqual([3, 4, 1, 2]);
  });

  it('refuses answers that are not on the page or not allowed', async () => {
    const token = await login('P1SELF001', 'SELF4711');
    expect((await page(token, { questionStartIndex: 5, answers: encode(1, [{ id: 9999, value: 1 }]) })).statusCode).toBe(5);
    expect((await page(token, { questionStartIndex: 5, answers: encode(1, [{ id: 1011, value: 7 }]) })).statusCode).toBe(5);
    expect((await page(token, { questionStartIndex: 5, answers: encode(2, []) })).statusCode).toBe(5);
    expect((await page(token, { questionStartIndex: 5, answers: 'not base64 json' })).statusCode).toBe(5);
  });

  it('resumes where the participant left off (P1-RESUME: page 3 of 6)', async () => {
    const token = await login('P1RESUME1', 'RESUME4711');
    const resumed = await page(token);
    expect(resumed.currentPage).toBe(3);
    expect(resumed.questions[0]!.questionIndex).toBe(9);
  });

  it('finishes only when complete, finishing twice is harmless, and afterwards no answers are taken', async () => {
    const token = await login('P1DEMO01', 'RANK4711');
    expect((await call('submit/finishassessment', { token })).statusCode).toBe(5);
    let current = await page(token, { questionStartIndex: 1 });
    for (let p = 1; p <= 6; p++) {
      const start = current.questions[0]!.questionIndex;
      const last = p === 6;
      current = await page(token, { questionStartIndex: last ? start : start + 4, answers: encode(start, ranked(current.questions, p)) });
      expect(current.canFinish).toBe(last);
    }
    expect(await call('submit/finishassessment', { token })).toMatchObject({ statusCode: 1, logout: true });
    expect(await call('submit/finishassessment', { token })).toMatchObject({ statusCode: 1, logout: true });
    // Finishing revoked the token: it reads and saves nothing any more.
    expect(await page(token, { questionStartIndex: 1 })).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect((await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' })).statusCode).toBe(9);
  });

  it('grid (P2-READY): one question a page, not rated (0) allowed, half-rated refused', async () => {
    const token = await login('P2DEMO01', 'GRID4711');
    const first = await page(token, { questionStartIndex: 1, questionsPerPage: 1 });
    expect(first).toMatchObject({ totalNumberOfPages: 10, notRated: true });
    expect(first.questions).toHaveLength(1);
    const items = first.questions[0]!.answerInfos;
    expect(items.every((a) => a.value === -1)).toBe(true);
    const half = await page(token, { questionStartIndex: 2, answers: encode(1, [{ id: items[0]!.id, value: 3 }]) });
    expect(half.questions[0]!.isInvalid).toBe(true);
    // A grid has no ranks: its message says the question is not fully answered.
    expect(half.questions[0]!.errorMessage).toBe('Diese Frage ist noch nicht vollständig und gültig beantwortet.');
    const notRated = await page(token, { questionStartIndex: 2, answers: encode(1, items.map((a) => ({ id: a.id, value: 0 }))) });
    expect(notRated.currentPage).toBe(2);
  });
});

describe('access-code guessing limits', () => {
  it('locks an address out of an assessment after too many failures, even for the right code, and the lock survives a restart', async () => {
    // A PGlite folder, or a database of its own on TEST_DATABASE_URL's server: both outlive a restart.
    const store = await createTestStore();
    const open = async () => {
      const disk = await store.open();
      await migrate(disk);
      await seedDemoIfEmpty(disk);
      return disk;
    };
    let disk = await open();
    let via = createRequestHandler(disk, settings);
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1LOCK001' }, via);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await call('submit/kodekodex/login', { passwordHash: encrypt(`WRONG${attempt}`), token: ident.token }, via);
      expect(wrong.locked).toBeUndefined();
    }
    const refused = await call('submit/kodekodex/login', { passwordHash: encrypt('LOCK4711'), token: ident.token }, via);
    expect(refused).toMatchObject({ statusCode: 1, locked: true });
    expect(refused.username).toBeUndefined();
    await disk.close();

    disk = await open();
    via = createRequestHandler(disk, settings);
    const afterRestart = await call('submit/kodekodex/login', { passwordHash: encrypt('LOCK4711'), token: ident.token }, via);
    expect(afterRestart.locked).toBe(true);

    // After the lock period the right code works again and ends the run of failures.
    const lockEnded = Date.now() + settings.guessing.lockSeconds * 1000;
    const later = createRequestHandler(disk, settings, { now: () => lockEnded });
    const allowed = await call('submit/kodekodex/login', { passwordHash: encrypt('LOCK4711'), token: ident.token }, later);
    expect(allowed.username).toBe('Lars Sperre');
    await disk.close();
    await store.remove();
  }, 60_000);

  it('counts the assessments one address failed on: past the limit it may not start on another, but may go on with its own', async () => {
    const strict = createRequestHandler(db, { ...settings, guessing: { ...settings.guessing, maxPerAssessment: 1000, maxPerClient: 3 } });
    const client = '192.0.2.99';
    const attempt = async (identCode: string, code: string, from = client) => {
      const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: identCode }, strict, from);
      return call('submit/kodekodex/login', { passwordHash: encrypt(code), token: ident.token }, strict, from);
    };
    for (const identCode of ['P1BACK001', 'P1LAST001', 'P1LEAVE01']) expect((await attempt(identCode, 'NOPE')).locked).toBeUndefined();
    // More wrong codes for one of them are that assessment's business (its own limit).
    expect((await attempt('P1BACK001', 'NOPE2')).locked).toBeUndefined();
    expect((await attempt('P2DEMO01', 'GRID4711')).locked).toBe(true);
    expect((await attempt('P1BACK001', 'BACK4711')).username).toBeTruthy();
    // Another address is not affected.
    expect((await attempt('P2DEMO01', 'GRID4711', '192.0.2.100')).username).toBe('Gregor Raster');
  });
});

describe('personal keys', () => {
  it('first login keeps or sets a key; a set key replaces the access code', async () => {
    const token = await login('P1FIRST01', 'FIRST4711');
    const pageInfo = await call('pageinfo/kodekodex/personalinfo', { token });
    expect(pageInfo).toMatchObject({ statusCode: 1, isPasswordSet: true });
    expect((await call('submit/kodekodex/personalinfo', { passwordEncrypted: encrypt('abc'), token })).statusCode).toBe(5);
    const saved = await call('submit/kodekodex/personalinfo', { passwordEncrypted: encrypt('  Neu2026  '), token });
    expect(saved).toMatchObject({ statusCode: 1, username: 'Erika Erstmal' });
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1FIRST01' });
    const old = await call('submit/kodekodex/login', { passwordHash: encrypt('FIRST4711'), token: ident.token });
    expect(old.username).toBeUndefined();
    const fresh = await call('submit/kodekodex/login', { passwordHash: encrypt('Neu2026'), token: ident.token });
    expect(fresh).toMatchObject({ username: 'Erika Erstmal', isFirstLogin: false });
    await keyStrengtheningOf(db).idle();
    const [row] = await db.query<{ key_hash: string }>(
      `select s.key_hash from assessor s join assessment a on a.assessor_id = s.id where a.ident_code = 'P1FIRST01'`,
    );
    expect(row!.key_hash).toMatch(/^scrypt\+scrypt\$/);
    expect(row!.key_hash).not.toContain('Neu2026');
  });

  it('registration stores the data and a key, then the assessor logs in with it', async () => {
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1REG0001' });
    expect(ident.assessorMustRegister).toBe(true);
    const registerPage = await call('pageinfo/kodekodex/register', { token: ident.token });
    expect(registerPage).toMatchObject({ isPasswordSet: false, registrationData: { isRegistered: false } });
    const body = { gender: 1, firstName: 'Rita', lastName: 'Neu', emailAddress: 'rita@example.com', token: ident.token };
    expect((await call('submit/kodekodex/register', { ...body, lastName: '  ', passwordEncrypted: encrypt('Mond2026') })).statusCode).toBe(5);
    expect((await call('submit/kodekodex/register', { ...body, passwordEncrypted: '' })).statusCode).toBe(5);
    expect(await call('submit/kodekodex/register', { ...body, passwordEncrypted: encrypt('Mond2026') })).toMatchObject({ statusCode: 1, username: 'Rita Neu' });
    const again = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1REG0001' });
    expect(again.assessorMustRegister).toBe(false);
    expect((await call('submit/kodekodex/login', { passwordHash: encrypt('Mond2026'), token: again.token })).username).toBe('Rita Neu');
  });
});

describe('token renewal', () => {
  it('a page answer renews a token older than a minute, long before half its lifetime: same claims, a full lifetime from now', async () => {
    const token = await login('P2DEMO01', 'GRID4711');
    const claimsOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString());
    // 61 s after login, far from half the lifetime: the session-timeout dialog's extend loads a page, whenever it warns.
    const soon = Date.now() + 61_000;
    const early = await call('pageinfo/questionnaire', { token, questionStartIndex: 1, questionsPerPage: 1 }, createRequestHandler(db, settings, { now: () => soon }));
    expect(typeof early.token).toBe('string');
    expect(early.token).not.toBe(token);
    const { product, isLoggedIn, assessorId, assessment } = claimsOf(token);
    const claims = { product, isLoggedIn, assessorId, assessment };
    expect(claimsOf(early.token as string)).toMatchObject({ ...claims, product: 2, isLoggedIn: true });
    expect(claimsOf(early.token as string).exp * 1000).toBeGreaterThan(soon + (settings.tokenTtlSeconds - 5) * 1000);
    const pastHalf = Date.now() + (settings.tokenTtlSeconds / 2 + 60) * 1000;
    const later = createRequestHandler(db, settings, { now: () => pastHalf });
    const renewed = await call('pageinfo/questionnaire', { token: early.token, questionStartIndex: 1, questionsPerPage: 1 }, later);
    expect(typeof renewed.token).toBe('string');
    expect(claimsOf(renewed.token as string)).toMatchObject(claims);
    expect(claimsOf(renewed.token as string).exp * 1000).toBeGreaterThan(pastHalf + (settings.tokenTtlSeconds - 5) * 1000);
  });
});
