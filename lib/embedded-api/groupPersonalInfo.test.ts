import { decodeClaims } from '@/lib/session/claims';
import { translator } from '@/lib/i18n/translate';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { createMember, findGroupCode, type NewMember } from './groups/store';
import { keyStrengtheningOf } from './keyStrengthening';
import { verifyKey } from './keys';
import { signToken } from './tokens';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/**
 * The personal-info calls of the web variant (pageinfo/kodew/personalinfo, submit/kodew/personalinfo)
 * and coming back with the personal access code and key (identcode, the /accesscode texts, login),
 * against the embedded API on the demo data (KWDEMO01: List "Berufserfahrung" sortNumber 1 and Text
 * "Abteilung" sortNumber 2, both required; KWMODAL1: the same plus two optional fields without a
 * place, and the finish/cancel modal).
 */
const settings = testSettings('p'.repeat(40));
let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const call = async (path: string, body: unknown, client = '198.51.100.7'): Promise<Answer> => (await sendTo(handle, path, body, client)).answer;

/** A participant just after the group login: logged in, no key, so no assessorId in the token (DESIGN "Tokens"). */
async function newParticipant(code = 'KWDEMO01'): Promise<NewMember & { token: string }> {
  const group = (await findGroupCode(db, code))!;
  const member = await db.transaction((tx) => createMember(tx, group));
  const token = signToken({ product: 4, isLoggedIn: true, assessment: member.assessmentId }, settings.tokenSecret, 3600);
  return { ...member, token };
}

const memberRow = async (id: number) => (await db.query<Record<string, unknown>>('select * from group_member where id = $1', [id]))[0]!;
const assessorRow = async (id: number) => (await db.query<{ key_hash: string | null }>('select * from assessor where id = $1', [id]))[0]!;

const VALID = [
  { id: 1, value: '  Vertrieb ' },
  { id: 2, value: '3-5' },
];

describe('pageinfo/kodew/personalinfo', () => {
  it('a participant without a key: the fields in their language, empty, no account, no access code', async () => {
    const p = await newParticipant();
    const answer = await call('pageinfo/kodew/personalinfo', { token: p.token, uiLanguage: 'en-US' });
    expect(answer).toMatchObject({ statusCode: 1, hasAccount: false, accessCode: null, finishModal: false, uiLanguage: 'de-DE' });
    expect(answer.additionalFieldsWithValues).toEqual([
      { id: 1, name: 'Department', value: '', fieldType: 'Text', allowedValues: null, sortNumber: 2, required: true },
      { id: 2, name: 'Work experience', value: '', fieldType: 'List', allowedValues: ['0-2', '3-5', '6-10', '10+'], sortNumber: 1, required: true },
    ]);
    expect(JSON.stringify(answer)).not.toContain(p.accessCode);
    expect(translator(answer.translations as never)('PersonalInfoTitle')).toBe('Personal details');
  });

  it('a group code with the finish/cancel modal says so; optional fields without a place come too', async () => {
    const p = await newParticipant('KWMODAL1');
    const answer = await call('pageinfo/kodew/personalinfo', { token: p.token, uiLanguage: 'de-DE' });
    expect(answer).toMatchObject({ statusCode: 1, finishModal: true });
    expect((answer.additionalFieldsWithValues as { name: string; sortNumber: number; required: boolean }[]).map((f) => [f.name, f.sortNumber, f.required])).toEqual([
      ['Abteilung', 2, true],
      ['Berufserfahrung', 1, true],
      ['Standort', 0, false],
      ['Führungsverantwortung', 0, false],
    ]);
  });

  it('refuses a token that is not logged in, and the logged-in token of an ident-code participant', async () => {
    const p = await newParticipant();
    const notLoggedIn = signToken({ product: 4, isLoggedIn: false, assessment: p.assessmentId }, settings.tokenSecret, 3600);
    expect(await call('pageinfo/kodew/personalinfo', { token: notLoggedIn })).toMatchObject({ statusCode: 3, detailCode: 23 });
    const [ident] = await db.query<{ id: number }>("select id from assessment where ident_code = 'P1DEMO01'");
    const identToken = signToken({ product: 1, isLoggedIn: true, assessment: ident!.id }, settings.tokenSecret, 3600);
    const refused = await call('pageinfo/kodew/personalinfo', { token: identToken });
    expect(refused).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(refused.additionalFieldsWithValues).toBeUndefined();
  });
});

describe('submit/kodew/personalinfo', () => {
  it.each([
    ['an unknown field', [...VALID, { id: 9, value: 'x' }], 'field 9: no such field'],
    ['a required Text left empty', [{ id: 1, value: '   ' }, VALID[1]!], 'field 1: required'],
    ['a required List left out', [VALID[0]!], 'field 2: required'],
    ['a List value outside allowedValues', [VALID[0]!, { id: 2, value: '99' }], 'field 2: not one of its allowedValues'],
    ['a Text too long', [{ id: 1, value: 'x'.repeat(201) }, VALID[1]!], 'field 1: too long'],
  ])('%s: PostDataIsInvalid naming the field, nothing saved', async (_name, fields, named) => {
    const p = await newParticipant();
    const before = [await memberRow(p.memberId), await assessorRow(p.assessorId)];
    const answer = await call('submit/kodew/personalinfo', { additionalFieldsWithValues: fields, password: encrypt('Sonne2026'), uiLanguage: 'en-US', token: p.token });
    expect(answer).toMatchObject({ statusCode: 5 });
    expect(answer.errorInfo).toContain(named);
    expect(answer.token).toBeUndefined();
    expect([await memberRow(p.memberId), await assessorRow(p.assessorId)]).toEqual(before);
  });

  it.each([
    ['no key to keep', '', 'password: a key must be set', 0],
    ['a key of 5 characters (trimmed)', '  abcde  ', 'password: at least 6 characters', 0],
    ['a key that does not decrypt', 'not-encrypted', 'password: cannot be decrypted', 19],
  ])('%s: refused, nothing saved', async (_name, plain, named, detailCode) => {
    const p = await newParticipant();
    const before = [await memberRow(p.memberId), await assessorRow(p.assessorId)];
    const password = plain === '' || plain === 'not-encrypted' ? plain : encrypt(plain);
    const answer = await call('submit/kodew/personalinfo', { additionalFieldsWithValues: VALID, password, token: p.token });
    expect(answer).toMatchObject({ statusCode: 5, detailCode, errorInfo: named });
    expect([await memberRow(p.memberId), await assessorRow(p.assessorId)]).toEqual(before);
  });

  it('stores values, key and time together; the answer makes an account; the page then offers keep', async () => {
    const p = await newParticipant();
    const answer = await call('submit/kodew/personalinfo', { additionalFieldsWithValues: VALID, password: encrypt('  Sonne2026 '), uiLanguage: 'fr-FR', token: p.token });
    expect(answer).toMatchObject({ statusCode: 1, username: '' });
    expect(decodeClaims(answer.token)).toEqual({ product: 4, isLoggedIn: true, assessorId: String(p.assessorId) });
    const member = await memberRow(p.memberId);
    expect(member.field_values).toEqual({ 1: 'Vertrieb', 2: '3-5' });
    expect(member.personal_info_saved_at).not.toBeNull();
    expect(await verifyKey('Sonne2026', (await assessorRow(p.assessorId)).key_hash)).toBe(true);
    // The strong scrypt layer follows off the request's path; the key verifies before and after.
    await keyStrengtheningOf(db).idle();
    expect((await assessorRow(p.assessorId)).key_hash).toMatch(/^scrypt\+scrypt\$1024\$16384\$/);
    expect(await verifyKey('Sonne2026', (await assessorRow(p.assessorId)).key_hash)).toBe(true);
    const [assessment] = await db.query<{ ui_language: string }>('select ui_language from assessment where id = $1', [p.assessmentId]);
    expect(assessment!.ui_language).toBe('fr-FR');

    const page = await call('pageinfo/kodew/personalinfo', { token: answer.token, uiLanguage: 'de-DE' });
    expect(page).toMatchObject({ statusCode: 1, hasAccount: true, accessCode: p.accessCode, uiLanguage: 'fr-FR' });
    expect((page.additionalFieldsWithValues as { id: number; value: string }[]).map((f) => [f.id, f.value])).toEqual([
      [1, 'Vertrieb'],
      [2, '3-5'],
    ]);

    // Keeping the key (empty password) changes the values only.
    const hash = (await assessorRow(p.assessorId)).key_hash;
    const kept = await call('submit/kodew/personalinfo', { additionalFieldsWithValues: [{ id: 1, value: 'Einkauf' }, VALID[1]!], password: '', token: answer.token });
    expect(kept.statusCode).toBe(1);
    expect((await assessorRow(p.assessorId)).key_hash).toBe(hash);
    expect((await memberRow(p.memberId)).field_values).toEqual({ 1: 'Einkauf', 2: '3-5' });
  });

  it('refuses a participant whose assessment was finished meanwhile, storing nothing', async () => {
    const p = await newParticipant();
    await db.query('update assessment set finished_at = now() where id = $1', [p.assessmentId]);
    const answer = await call('submit/kodew/personalinfo', { additionalFieldsWithValues: VALID, password: encrypt('Sonne2026'), token: p.token });
    expect(answer).toMatchObject({ statusCode: 9 });
    expect((await memberRow(p.memberId)).personal_info_saved_at).toBeNull();
  });
});

describe('coming back with the personal access code and key', () => {
  async function withKey(code = 'KWDEMO01') {
    const p = await newParticipant(code);
    const saved = await call('submit/kodew/personalinfo', { additionalFieldsWithValues: VALID, password: encrypt('Mond2026'), token: p.token });
    expect(saved.statusCode).toBe(1);
    return p;
  }

  it('the access code (any case) finds the assessment the participant is at; /accesscode then asks for the personal key; the key logs in with an account', async () => {
    const p = await withKey();
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: ` ${p.accessCode.toLowerCase()}`, questionnaireLanguage: 'en-US' });
    expect(ident).toMatchObject({ statusCode: 1, assessorMustRegister: false, uiLanguage: 'en-US' });
    expect(decodeClaims(ident.token)).toEqual({ product: 4, isLoggedIn: false });

    const page = translator((await call('pageinfo/kodekodex/login', { token: ident.token, uiLanguage: 'en-US' })).translations as never);
    expect([page('AccessCodeLabel'), page('ErrorAccessCodeKey')]).toEqual(['Personal key', 'The personal key you entered is incorrect. Please check your entry.']);

    const wrong = await call('submit/kodekodex/login', { passwordHash: encrypt(p.accessCode), token: ident.token });
    expect(decodeClaims(wrong.token).isLoggedIn).toBe(false);
    const login = await call('submit/kodekodex/login', { passwordHash: encrypt('Mond2026'), token: ident.token });
    expect(login).toMatchObject({ statusCode: 1, isFirstLogin: false, assessorMustRegister: false, hasAnsweredSomeQuestions: false, isPasswordSet: true });
    expect(decodeClaims(login.token)).toEqual({ product: 4, isLoggedIn: true, assessorId: String(p.assessorId), assessmentType: 1 });

    // With the account, the personal-info page offers keep and shows the values saved.
    expect(await call('pageinfo/kodew/personalinfo', { token: login.token })).toMatchObject({ statusCode: 1, hasAccount: true });
  });

  it('an answered question leads back to the questionnaire (hasAnsweredSomeQuestions)', async () => {
    const p = await withKey();
    await db.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, 401, 4011, 50)', [p.assessmentId]);
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: p.accessCode });
    const login = await call('submit/kodekodex/login', { passwordHash: encrypt('Mond2026'), token: ident.token });
    expect(login).toMatchObject({ statusCode: 1, hasAnsweredSomeQuestions: true });
  });

  it('the participant is at another assessment: the access code finds that one', async () => {
    const p = await withKey();
    const [other] = await db.query<{ id: number }>(
      `insert into assessment (ident_code, product, assessor_id, first_login_done, questionnaire_key, group_member_id, assessment_type)
       values ($1, 4, $2, true, 'kodew-motivation', $3, 2) returning id`,
      [`G-${p.memberId}-2`, p.assessorId, p.memberId],
    );
    await db.query('update group_member set current_assessment_id = $2 where id = $1', [p.memberId, other!.id]);
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: p.accessCode });
    const login = await call('submit/kodekodex/login', { passwordHash: encrypt('Mond2026'), token: ident.token });
    expect(decodeClaims(login.token).assessmentType).toBe(2);
    const page = await call('pageinfo/kodew/personalinfo', { token: login.token });
    expect(page).toMatchObject({ statusCode: 1, hasAccount: true, accessCode: p.accessCode });
  });

  it('a participant who never set a key is found, but no key logs them in', async () => {
    const p = await newParticipant();
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: p.accessCode });
    expect(ident.statusCode).toBe(1);
    for (const attempt of ['', p.accessCode, 'Mond2026']) {
      const login = await call('submit/kodekodex/login', { passwordHash: encrypt(attempt), token: ident.token });
      expect(decodeClaims(login.token).isLoggedIn).toBe(false);
    }
  });

  it('an ident-code participant keeps the access-code texts', async () => {
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
    const page = translator((await call('pageinfo/kodekodex/login', { token: ident.token, uiLanguage: 'en-US' })).translations as never);
    expect(page('AccessCodeLabel')).toBe('Personal access code');
  });

  it('a closed group code counts as finished, an ended one as expired', async () => {
    const closed = await withKey();
    await db.query('update group_code set closed_at = now() where id = (select group_code_id from group_member where id = $1)', [closed.memberId]);
    expect(await call('submit/kodekodex/identcode', { assessmentIdentCode: closed.accessCode })).toMatchObject({ statusCode: 9 });
    await db.query("update group_code set closed_at = null, valid_until = now() - interval '1 day' where id = (select group_code_id from group_member where id = $1)", [closed.memberId]);
    expect(await call('submit/kodekodex/identcode', { assessmentIdentCode: closed.accessCode })).toMatchObject({ statusCode: 14 });
    await db.query('update group_code set valid_until = null where id = (select group_code_id from group_member where id = $1)', [closed.memberId]);
  });

  it('an access code found is not counted as a failure; an unknown one is', async () => {
    const p = await withKey();
    const client = '192.0.2.77';
    const failures = async () => (await db.query<{ n: number }>('select count(*)::int as n from ident_code_lookup where client_address = $1 and failed', [client]))[0]!.n;
    await call('submit/kodekodex/identcode', { assessmentIdentCode: p.accessCode }, client);
    expect(await failures()).toBe(0);
    expect(await call('submit/kodekodex/identcode', { assessmentIdentCode: 'QQQQQQQQ9' }, client)).toMatchObject({ statusCode: 6 });
    expect(await failures()).toBe(1);
  });
});
