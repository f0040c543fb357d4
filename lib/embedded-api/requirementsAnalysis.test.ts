import { decodeClaims } from '@/lib/session/claims';
import { translator } from '@/lib/i18n/translate';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { findGroupCode } from './groups/store';
import { keyStrengtheningOf } from './keyStrengthening';
import { verifyKey } from './keys';
import { outboxMail } from './mail/outbox';
import { signToken } from './tokens';
import { sendTo, startTestApi, testSettings, TEST_PUBLIC_URL, type Answer, type Handle } from './testApi';

/**
 * The requirements-analysis flow's calls (pageinfo/ra/login, submit/ra/login,
 * pageinfo/ra/personalinfo, submit/ra/personalinfo), the manual's access code, and coming back
 * with the personal access code and key, against the embedded API on the demo data (RADEMO01,
 * RAEXPIR1; KWDEMO01 and KGDEMO01 of the other flows). Mail goes to the outbox; at most 2 mails
 * per participant an hour, so that the limit is reachable.
 */
const settings = testSettings('r'.repeat(40), { mail: { maxPerParticipantPerHour: 2 } });
let db: Database;
let handle: Handle;
let clients = 0;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const newClient = () => `203.0.113.${(clients += 1)}`;
const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const call = async (path: string, body: unknown, client = '198.51.100.9'): Promise<Answer & { httpStatus: number }> => {
  const { httpStatus, answer } = await sendTo(handle, path, body, client);
  return { ...answer, httpStatus };
};

type Participant = { token: string; assessmentId: number; assessorId: number; memberId: number; accessCode: string };

/** A new participant of RADEMO01 through the login call, as the page makes one. */
async function loggedIn(): Promise<Participant> {
  const answer = await call('submit/ra/login', { groupcode: encrypt('RADEMO01') }, newClient());
  expect(answer).toMatchObject({ statusCode: 1, username: '' });
  const claims = decodeClaims(answer.token);
  expect(claims).toEqual({ product: 3, isLoggedIn: true });
  const [row] = await db.query<{ assessment_id: number; assessor_id: number; member_id: number; access_code: string }>(
    `select a.id as assessment_id, a.assessor_id, m.id as member_id, m.access_code from assessment a join group_member m on m.id = a.group_member_id
      order by a.id desc limit 1`,
  );
  return { token: answer.token!, assessmentId: row!.assessment_id, assessorId: row!.assessor_id, memberId: row!.member_id, accessCode: row!.access_code };
}

const assessorRow = async (id: number) =>
  (await db.query<{ first_name: string; last_name: string; email: string; key_hash: string | null }>('select * from assessor where id = $1', [id]))[0]!;
const memberRow = async (id: number) => (await db.query<{ personal_info_saved_at: Date | null }>('select * from group_member where id = $1', [id]))[0]!;
const mailsTo = async (to: string) => db.query<{ id: string }>('select id from mail_outbox where recipient = $1 order by id', [to]);

let addresses = 0;
const address = () => `ra.${(addresses += 1)}@example.com`;

describe('pageinfo/ra/login and submit/ra/login', () => {
  it('the entry page: texts without a token; a token that is sent must be genuine', async () => {
    const page = await call('pageinfo/ra/login', { uiLanguage: 'en-US', groupCodeIdent: 'RADEMO01' }, newClient());
    expect(page.statusCode).toBe(1);
    expect(translator(page.translations as never)('GroupCodeTitle')).toBe('Sign in with a group code');
    const forged = signToken({ product: 3, isLoggedIn: true, assessment: 1 }, 'f'.repeat(40), 3600);
    expect(await call('pageinfo/ra/login', { token: forged }, newClient())).toMatchObject({ statusCode: 3, detailCode: 23 });
  });

  it.each([
    ['RAEXPIR1 (expired)', 'RAEXPIR1', 14],
    ['a web-variant code', 'KWDEMO01', 8],
    ['a code of the other group flow', 'KGDEMO01', 8],
  ])('%s: status %d, not logged in, no participant started', async (_label, code, statusCode) => {
    const before = (await db.query<{ n: number }>('select count(*)::int as n from group_member'))[0]!.n;
    const answer = await call('submit/ra/login', { groupcode: encrypt(code) }, newClient());
    expect(answer.statusCode).toBe(statusCode);
    expect(answer.token === undefined || decodeClaims(answer.token).isLoggedIn === false).toBe(true);
    expect((await db.query<{ n: number }>('select count(*)::int as n from group_member'))[0]!.n).toBe(before);
  });

  it('an unknown code: Ok with a token that is not logged in (counted like kodew); a code sent in clear: PostDataIsInvalid', async () => {
    const client = newClient();
    const unknown = await call('submit/ra/login', { groupcode: encrypt('ZZZZ9999') }, client);
    expect(unknown.statusCode).toBe(1);
    expect(decodeClaims(unknown.token).isLoggedIn).toBe(false);
    expect((await db.query<{ n: number }>('select count(*)::int as n from group_code_failure where client_address = $1', [client]))[0]!.n).toBe(1);
    expect(await call('submit/ra/login', { groupcode: 'RADEMO01' }, newClient())).toMatchObject({ statusCode: 5, detailCode: 19 });
  });

  it('the contract of spec §7: no uiLanguage on the ra login', async () => {
    const answer = await call('submit/ra/login', { groupcode: encrypt('RADEMO01'), uiLanguage: 'en-US' }, newClient());
    expect(answer).toMatchObject({ statusCode: 5 });
    expect(answer.errorInfo).toMatch(/uiLanguage/);
    expect(answer.token).toBeUndefined();
  });

  it('RADEMO01 (any case, spaces around): a new participant of product 3 without account, at ra-requirements', async () => {
    const answer = await call('submit/ra/login', { groupcode: encrypt('  radem o01 ') }, newClient());
    expect(answer).toMatchObject({ statusCode: 1, username: '' });
    const p = await loggedIn();
    const [assessment] = await db.query<{ questionnaire_key: string; product: number }>('select questionnaire_key, product from assessment where id = $1', [p.assessmentId]);
    expect(assessment).toEqual({ questionnaire_key: 'ra-requirements', product: 3 });
    expect((await assessorRow(p.assessorId)).key_hash).toBeNull();
  });
});

describe('pageinfo/ra/personalinfo', () => {
  it('a participant just logged in: empty name and e-mail, no account, no access code', async () => {
    const p = await loggedIn();
    const page = await call('pageinfo/ra/personalinfo', { token: p.token, uiLanguage: 'en-US' });
    expect(page).toMatchObject({ statusCode: 1, name: '', email: '', hasAccount: false, accessCode: null });
    expect(page.additionalFieldsWithValues).toBeUndefined();
    expect(translator(page.translations as never)('PersonalInfoEmailLabel')).toBe('E-mail address (optional)');
    expect(JSON.stringify(page)).not.toContain(p.accessCode);
  });

  it('refuses a token that is not logged in, a web-variant participant and an ident-code participant, with nothing personal', async () => {
    const p = await loggedIn();
    const saved = await call('submit/ra/personalinfo', { name: 'Nora Geheim', email: 'nora@example.com', password: encrypt('Sonne2026'), token: p.token });
    const notLoggedIn = signToken({ product: 3, isLoggedIn: false, assessment: p.assessmentId }, settings.tokenSecret, 3600);
    const refused = await call('pageinfo/ra/personalinfo', { token: notLoggedIn });
    expect(refused).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(JSON.stringify(refused)).not.toMatch(/Nora|nora@/);
    const kodew = await call('submit/kodew/login', { groupcode: encrypt('KWDEMO01') }, newClient());
    expect(await call('pageinfo/ra/personalinfo', { token: kodew.token })).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(await call('pageinfo/kodew/personalinfo', { token: saved.token })).toMatchObject({ statusCode: 3, detailCode: 23 });
    const [ident] = await db.query<{ id: number }>("select id from assessment where ident_code = 'P1DEMO01'");
    expect(await call('pageinfo/ra/personalinfo', { token: signToken({ product: 1, isLoggedIn: true, assessment: ident!.id }, settings.tokenSecret, 3600) })).toMatchObject({
      statusCode: 3,
      detailCode: 23,
    });
  });
});

describe('submit/ra/personalinfo', () => {
  it.each([
    ['an e-mail that is no address', { name: 'Anna', email: 'anna@example' }, 'email: not an e-mail address', 0],
    // The contract's limit of short texts is the rule's (lib/validation/nameEmail.ts): it answers first.
    ['a name of 201 characters', { name: 'x'.repeat(201), email: '' }, expect.stringMatching(/^name: /), 0],
    ['no key to keep', { name: 'Anna', email: '', password: '' }, 'password: a key must be set', 0],
    ['a key of 5 characters', { name: 'Anna', email: '', password: encrypt(' abcde ') }, 'password: at least 6 characters', 0],
    ['a key that does not decrypt', { name: 'Anna', email: '', password: 'plain' }, 'password: cannot be decrypted', 19],
  ])('%s: PostDataIsInvalid naming it, nothing stored, no mail', async (_label, body, named, detailCode) => {
    const p = await loggedIn();
    const before = [await assessorRow(p.assessorId), await memberRow(p.memberId)];
    const outbox = (await db.query('select id from mail_outbox')).length;
    const answer = await call('submit/ra/personalinfo', { password: encrypt('Sonne2026'), ...body, token: p.token });
    expect(answer).toMatchObject({ statusCode: 5, detailCode, errorInfo: named });
    expect(answer.token).toBeUndefined();
    expect([await assessorRow(p.assessorId), await memberRow(p.memberId)]).toEqual(before);
    expect((await db.query('select id from mail_outbox')).length).toBe(outbox);
  });

  it('the contract: additional fields are not the ra page’s', async () => {
    const p = await loggedIn();
    const answer = await call('submit/ra/personalinfo', { name: '', email: '', password: encrypt('Sonne2026'), additionalFieldsWithValues: [], token: p.token });
    expect(answer).toMatchObject({ statusCode: 5 });
    expect(answer.errorInfo).toMatch(/additionalFieldsWithValues/);
    expect((await memberRow(p.memberId)).personal_info_saved_at).toBeNull();
  });

  it('stores name and e-mail (trimmed) once, on the assessor, with key and time; the welcome line is the name; the access code is mailed with the link back', async () => {
    const p = await loggedIn();
    const to = address();
    const answer = await call('submit/ra/personalinfo', { name: '  Nora Berg ', email: ` ${to} `, password: encrypt('Sonne2026'), uiLanguage: 'en-US', token: p.token });
    expect(answer).toMatchObject({ statusCode: 1, username: 'Nora Berg', accessCodeMailed: true });
    expect(decodeClaims(answer.token)).toEqual({ product: 3, isLoggedIn: true, assessorId: String(p.assessorId) });
    expect(await assessorRow(p.assessorId)).toMatchObject({ first_name: '', last_name: 'Nora Berg', email: to });
    expect((await memberRow(p.memberId)).personal_info_saved_at).not.toBeNull();
    expect(await verifyKey('Sonne2026', (await assessorRow(p.assessorId)).key_hash)).toBe(true);
    await keyStrengtheningOf(db).idle();
    expect((await assessorRow(p.assessorId)).key_hash).toMatch(/^scrypt\+scrypt\$/);

    const [mail] = await mailsTo(to);
    const body = (await outboxMail(db, Number(mail!.id)))!;
    expect(body).toMatchObject({ kind: 'accessCode', language: 'en-US', subject: 'Your personal access code' });
    expect(body.body).toContain(`Your personal access code: ${p.accessCode}`);
    expect(body.body).toContain(`${TEST_PUBLIC_URL}/home/${p.accessCode}/en\n`);

    // Shown back: name, e-mail, keep offered, the access code now that a key exists.
    const page = await call('pageinfo/ra/personalinfo', { token: answer.token, uiLanguage: 'de-DE' });
    expect(page).toMatchObject({ statusCode: 1, name: 'Nora Berg', email: to, hasAccount: true, accessCode: p.accessCode, uiLanguage: 'en-US' });

    // Keeping the key changes name and e-mail only, and mails nothing.
    const hash = (await assessorRow(p.assessorId)).key_hash;
    const kept = await call('submit/ra/personalinfo', { name: 'Nora Berg-Lind', email: '', password: '', token: answer.token });
    expect(kept).toMatchObject({ statusCode: 1, username: 'Nora Berg-Lind' });
    expect(kept.accessCodeMailed).toBeUndefined();
    expect(await assessorRow(p.assessorId)).toMatchObject({ last_name: 'Nora Berg-Lind', email: '', key_hash: hash });
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('no e-mail given: saved, nothing mailed', async () => {
    const p = await loggedIn();
    const outbox = (await db.query('select id from mail_outbox')).length;
    const answer = await call('submit/ra/personalinfo', { name: '', email: '  ', password: encrypt('Sonne2026'), token: p.token });
    expect(answer).toMatchObject({ statusCode: 1, username: '' });
    expect(answer.accessCodeMailed).toBeUndefined();
    expect((await db.query('select id from mail_outbox')).length).toBe(outbox);
  });

  it('the mail limit per participant reached: the save stands, accessCodeMailed false, no further mail', async () => {
    const p = await loggedIn();
    const to = address();
    // A new key ends the earlier tokens: each save goes on with the token the last one answered with.
    let token = p.token;
    for (const key of ['Sonne2026', 'Mond2026']) {
      const saved = await call('submit/ra/personalinfo', { name: 'A', email: to, password: encrypt(key), token });
      expect(saved).toMatchObject({ statusCode: 1, accessCodeMailed: true });
      token = saved.token!;
    }
    const third = await call('submit/ra/personalinfo', { name: 'A', email: to, password: encrypt('Stern2026'), token });
    expect(third).toMatchObject({ statusCode: 1, accessCodeMailed: false });
    expect(await verifyKey('Stern2026', (await assessorRow(p.assessorId)).key_hash)).toBe(true);
    expect(await mailsTo(to)).toHaveLength(2);
  });

  it('consent before content: the questionnaire answers 3/103 until personal info is saved', async () => {
    const p = await loggedIn();
    expect(await call('pageinfo/questionnaire', { token: p.token, questionStartIndex: 1, questionsPerPage: 1 })).toMatchObject({ statusCode: 3, detailCode: 103 });
    const saved = await call('submit/ra/personalinfo', { name: '', email: '', password: encrypt('Sonne2026'), token: p.token });
    const page = await call('pageinfo/questionnaire', { token: saved.token, questionStartIndex: 1, questionsPerPage: 1 });
    expect(page).toMatchObject({ statusCode: 1, totalNumberOfPages: 12, notRated: true });
  });
});

describe('the manual shows an ra participant their personal access code', () => {
  const manual = (token: string | undefined) => call('pageinfo', { category: 'questionnairemanual', uiLanguage: 'de-DE', ...(token && { token }) });

  it('with a key: the code; before personal info, with a token not logged in, or in another category: none', async () => {
    const p = await loggedIn();
    expect((await manual(p.token)).accessCode).toBeUndefined();
    const saved = await call('submit/ra/personalinfo', { name: '', email: '', password: encrypt('Sonne2026'), token: p.token });
    expect(await manual(saved.token)).toMatchObject({ statusCode: 1, accessCode: p.accessCode });
    expect((await call('pageinfo', { category: 'finishedquestionnaire', token: saved.token })).accessCode).toBeUndefined();
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: p.accessCode }, newClient());
    expect(decodeClaims(ident.token).isLoggedIn).toBe(false);
    expect((await manual(ident.token)).accessCode).toBeUndefined();
    expect((await manual(undefined)).accessCode).toBeUndefined();
  });

  it('a web-variant participant (who has the e-mail step) gets none', async () => {
    const kodew = await call('submit/kodew/login', { groupcode: encrypt('KWDEMO01') }, newClient());
    const saved = await call('submit/kodew/personalinfo', {
      additionalFieldsWithValues: [
        { id: 1, value: 'QA' },
        { id: 2, value: '3-5' },
      ],
      password: encrypt('Sonne2026'),
      token: kodew.token,
    });
    expect(saved.statusCode).toBe(1);
    const answer = await manual(saved.token);
    expect(answer.statusCode).toBe(1);
    expect(answer.accessCode).toBeUndefined();
  });
});

describe('coming back with the personal access code and key', () => {
  it('the access code finds the assessment, the key logs in with an account where the participant left off; name and e-mail shown back', async () => {
    const p = await loggedIn();
    const saved = await call('submit/ra/personalinfo', { name: 'Nora', email: 'nora.back@example.com', password: encrypt('Sonne2026'), token: p.token });
    await call('pageinfo/questionnaire', {
      token: saved.token,
      questionStartIndex: 2,
      questionsPerPage: 1,
      answers: Buffer.from(JSON.stringify({ questionStartIndex: 1, answers: [{ id: (await firstAnswerId()), value: -2 }] })).toString('base64'),
    });

    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: p.accessCode.toLowerCase() }, newClient());
    expect(ident).toMatchObject({ statusCode: 1 });
    expect(decodeClaims(ident.token)).toEqual({ product: 3, isLoggedIn: false });
    const wrong = await call('submit/kodekodex/login', { passwordHash: encrypt('Mond2026'), token: ident.token }, newClient());
    expect(decodeClaims(wrong.token).isLoggedIn).toBe(false);
    const back = await call('submit/kodekodex/login', { passwordHash: encrypt('Sonne2026'), token: ident.token }, newClient());
    expect(back).toMatchObject({ statusCode: 1, hasAnsweredSomeQuestions: true, isPasswordSet: true });
    expect(decodeClaims(back.token)).toMatchObject({ product: 3, isLoggedIn: true, assessorId: String(p.assessorId) });
    expect(await call('pageinfo/ra/personalinfo', { token: back.token })).toMatchObject({ statusCode: 1, name: 'Nora', email: 'nora.back@example.com', hasAccount: true });
  });
});

/** The first answer item of ra-requirements, as the questionnaire page gives it. */
async function firstAnswerId(): Promise<number> {
  const group = (await findGroupCode(db, 'RADEMO01'))!;
  expect(group.questionnaires[0]!.key).toBe('ra-requirements');
  const p = await loggedIn();
  const saved = await call('submit/ra/personalinfo', { name: '', email: '', password: encrypt('Sonne2026'), token: p.token });
  const page = await call('pageinfo/questionnaire', { token: saved.token, questionStartIndex: 1, questionsPerPage: 1 });
  return (page.questions as Array<{ answerInfos: Array<{ id: number }> }>)[0]!.answerInfos[0]!.id;
}
