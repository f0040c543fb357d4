import { translator } from '@/lib/i18n/translate';
import { decodeClaims } from '@/lib/session/claims';
import { bundledDefinition, sendTo, startTestApi, TEST_PUBLIC_URL, testSettings, type Answer } from './testApi';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { verifyKey } from './keys';
import { outboxMail } from './mail/outbox';
import { signToken } from './tokens';

/**
 * The other group flow's five calls (pageinfo|submit/kodegroupcode/login, …/personalinfo,
 * submit/kodegroupcode/sendaccesscode) on the demo data, every one through the real login:
 * KGDEMO01 (product 2, grid-10, fields Text "Team" required sortNumber 1 and List "Rolle" optional
 * sortNumber 2), KGDONE01 (closed), KGSLIDE1 (kodegroupcode on product 4). The group code travels
 * as typed (spec §7 marks ra's and kodew's "(encrypted)", not this one).
 */
const settings = testSettings('g'.repeat(40), { groupCodeGuessing: { maxFailuresPerClient: 4, maxLoginsPerClient: 50 } });
let db: Database;
let handle: Awaited<ReturnType<typeof startTestApi>>['handle'];
let clients = 0;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const newClient = () => `203.0.113.${(clients += 1)}`;
const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const call = async (path: string, body: unknown, client = '203.0.113.250'): Promise<Answer> => (await sendTo(handle, path, body, client)).answer;
const claims = (answer: Answer) => decodeClaims(answer.token);

const login = (groupcode: string, client = newClient(), extra: Record<string, unknown> = {}) => call('submit/kodegroupcode/login', { groupcode, ...extra }, client);

/** A participant just logged in with KGDEMO01 through submit/kodegroupcode/login. */
async function participant(language = 'de-DE') {
  const answer = await login('KGDEMO01', newClient(), { uiLanguage: language });
  expect(answer.statusCode).toBe(1);
  const assessment = JSON.parse(Buffer.from(answer.token!.split('.')[1]!, 'base64url').toString()).assessment as number;
  const [member] = await db.query<{ id: number; access_code: string; assessor_id: number }>(
    'select m.id, m.access_code, m.assessor_id from group_member m join assessment a on a.group_member_id = m.id where a.id = $1',
    [assessment],
  );
  return { token: answer.token!, assessment, memberId: member!.id, accessCode: member!.access_code, assessorId: member!.assessor_id };
}

const FIELDS = [
  { id: 1, value: ' Blau ' },
  { id: 2, value: 'Teamleitung' },
];

/** The same after the personal-info page with a key: the answer's token carries the account. */
async function withKey(key = 'Sonne2026') {
  const p = await participant();
  const saved = await call('submit/kodegroupcode/personalinfo', { additionalFieldsWithValues: FIELDS, password: encrypt(key), uiLanguage: 'de-DE', token: p.token });
  expect(saved.statusCode).toBe(1);
  return { ...p, token: saved.token! };
}

/** A kodew participant's token; with consent, after their personal-info page (a key, so an account). */
async function kodewParticipant(consent = false) {
  const answer = await call('submit/kodew/login', { groupcode: encrypt('KWDEMO01') }, newClient());
  expect(claims(answer).isLoggedIn).toBe(true);
  if (!consent) return answer.token!;
  const fields = [{ id: 1, value: 'Vertrieb' }, { id: 2, value: '3-5' }];
  const saved = await call('submit/kodew/personalinfo', { additionalFieldsWithValues: fields, password: encrypt('Sonne2026'), token: answer.token });
  expect(saved.statusCode).toBe(1);
  return saved.token!;
}

describe('pageinfo/kodegroupcode/login', () => {
  it('the entry page’s texts in the asked language, without a token', async () => {
    const answer = await call('pageinfo/kodegroupcode/login', { uiLanguage: 'en-US', groupCodeIdent: 'KGDEMO01' });
    expect(answer.statusCode).toBe(1);
    expect(translator(answer.translations as never)('ErrorGroupCodeFinished')).not.toMatch(/^KEY:/);
  });

  it('a token that is sent must be genuine', async () => {
    const forged = signToken({ product: 2, isLoggedIn: true, assessment: 1 }, 'x'.repeat(40), 3600);
    expect(await call('pageinfo/kodegroupcode/login', { token: forged })).toMatchObject({ statusCode: 3, detailCode: 23 });
  });
});

describe('submit/kodegroupcode/login', () => {
  it('the code as typed (spaces, small letters) starts a participant of product 2 with a logged-in token without an account, in the chosen language', async () => {
    const answer = await login(' kgdemo 01 ', newClient(), { uiLanguage: 'fr-FR' });
    expect(answer).toMatchObject({ statusCode: 1, username: '', uiLanguage: 'fr-FR', questionnaireLanguage: 'fr-FR' });
    expect(claims(answer)).toMatchObject({ product: 2, isLoggedIn: true });
    expect(claims(answer).assessorId).toBeUndefined();
    // Our embedded API names no next page: the client's default, the personal page.
    expect(answer.nextPage).toBeUndefined();
  });

  it.each<[string, string, { statusCode: number; detailCode: number }]>([
    ['a closed code → AssessmentAlreadyFinished (ErrorGroupCodeFinished)', 'KGDONE01', { statusCode: 9, detailCode: 0 }],
    ['a kodew code → AssessmentDoesNotExist (ErrorPasswordInvalid)', 'KWDEMO01', { statusCode: 8, detailCode: 12 }],
    ['an ra code → AssessmentDoesNotExist (ErrorPasswordInvalid)', 'RADEMO01', { statusCode: 8, detailCode: 12 }],
    ['a malformed code → AssessmentIdentCodeIsInvalid', 'KG-DEMO', { statusCode: 6, detailCode: 6 }],
  ])('%s', async (_what, code, status) => {
    const answer = await login(code);
    expect(answer).toMatchObject(status);
    expect(answer.token).toBeUndefined();
  });

  it('a kodegroupcode code of another product logs in with that product (KGSLIDE1: the slider)', async () => {
    expect(claims(await login('KGSLIDE1'))).toMatchObject({ product: 4, isLoggedIn: true });
  });

  it('the code is not decrypted: what the kodew page sends (the encrypted text) is no code here', async () => {
    expect(await login(encrypt('KGDEMO01'))).toMatchObject({ statusCode: 6 });
  });

  it('an unknown code → Ok, not logged in; the limit of unknown codes per address is the one of every group flow', async () => {
    const client = newClient();
    const first = await login('KGNOPE01', client);
    expect(first.statusCode).toBe(1);
    expect(claims(first)).toEqual({ product: 2, isLoggedIn: false });
    // Two more here and one on /kodew: the fourth unknown code of the address.
    await login('KGNOPE02', client);
    await login('KGNOPE03', client);
    await call('submit/kodew/login', { groupcode: encrypt('KWNOPE04') }, client);
    const locked = await login('KGDEMO01', client);
    expect(locked).toMatchObject({ statusCode: 1, locked: true });
    expect(claims(locked).isLoggedIn).toBe(false);
    expect(claims(await login('KGDEMO01'))).toMatchObject({ isLoggedIn: true });
  });
});

describe('pageinfo/kodegroupcode/personalinfo', () => {
  it('a participant just logged in: the group’s fields in their language, empty, no account, no access code', async () => {
    const p = await participant();
    const answer = await call('pageinfo/kodegroupcode/personalinfo', { token: p.token, uiLanguage: 'cz-CZ' });
    expect(answer).toMatchObject({ statusCode: 1, hasAccount: false, accessCode: null });
    expect((answer.additionalFieldsWithValues as { name: string; fieldType: string; required: boolean; value: string }[]).map((f) => [f.name, f.fieldType, f.required, f.value])).toEqual([
      ['Tým', 'Text', true, ''],
      ['Role', 'List', false, ''],
    ]);
    expect(JSON.stringify(answer)).not.toContain(p.accessCode);
  });

  it('refuses a token that is not logged in, a kodew participant’s and an ident-code participant’s, with nothing of the page', async () => {
    const p = await participant();
    const notLoggedIn = signToken({ product: 2, isLoggedIn: false, assessment: p.assessment }, settings.tokenSecret, 3600);
    const [ident] = await db.query<{ id: number }>("select id from assessment where ident_code = 'P2DEMO01'");
    for (const token of [notLoggedIn, await kodewParticipant(), signToken({ product: 2, isLoggedIn: true, assessment: ident!.id }, settings.tokenSecret, 3600)]) {
      const answer = await call('pageinfo/kodegroupcode/personalinfo', { token });
      expect(answer).toMatchObject({ statusCode: 3, detailCode: 23 });
      expect(answer.additionalFieldsWithValues).toBeUndefined();
    }
  });

  it('and a kodegroupcode participant is refused on the kodew page', async () => {
    const p = await participant();
    expect(await call('pageinfo/kodew/personalinfo', { token: p.token })).toMatchObject({ statusCode: 3, detailCode: 23 });
  });
});

describe('submit/kodegroupcode/personalinfo', () => {
  it('stores the values once (trimmed), the key and the consent; the answer’s token has the account; the page shows them back with the access code', async () => {
    const p = await participant();
    const saved = await call('submit/kodegroupcode/personalinfo', { additionalFieldsWithValues: FIELDS, password: encrypt('Sonne2026'), uiLanguage: 'en-US', token: p.token });
    expect(saved.statusCode).toBe(1);
    expect(claims(saved)).toMatchObject({ product: 2, isLoggedIn: true, assessorId: String(p.assessorId) });
    const [member] = await db.query<{ field_values: unknown; personal_info_saved_at: Date | null }>('select field_values, personal_info_saved_at from group_member where id = $1', [p.memberId]);
    expect(member!.field_values).toEqual({ 1: 'Blau', 2: 'Teamleitung' });
    expect(member!.personal_info_saved_at).not.toBeNull();
    const [assessor] = await db.query<{ key_hash: string }>('select key_hash from assessor where id = $1', [p.assessorId]);
    expect(await verifyKey('Sonne2026', assessor!.key_hash)).toBe(true);

    const page = await call('pageinfo/kodegroupcode/personalinfo', { token: saved.token, uiLanguage: 'de-DE' });
    expect(page).toMatchObject({ statusCode: 1, hasAccount: true, accessCode: p.accessCode, uiLanguage: 'en-US' });
    expect((page.additionalFieldsWithValues as { value: string }[]).map((f) => f.value)).toEqual(['Blau', 'Teamleitung']);
  });

  it('the required Team missing, a Rolle not offered, a short key: PostDataIsInvalid naming the problem, nothing stored', async () => {
    const p = await participant();
    for (const [body, problem] of [
      [{ additionalFieldsWithValues: [{ id: 2, value: 'Teamleitung' }], password: encrypt('Sonne2026') }, 'additionalFieldsWithValues: field 1: required'],
      [{ additionalFieldsWithValues: [{ id: 1, value: 'Blau' }, { id: 2, value: 'Chef' }], password: encrypt('Sonne2026') }, 'additionalFieldsWithValues: field 2: not one of its allowedValues'],
      [{ additionalFieldsWithValues: FIELDS, password: encrypt('kurz') }, 'password: at least 6 characters'],
      [{ additionalFieldsWithValues: FIELDS, password: '' }, 'password: a key must be set'],
    ] as const) {
      expect(await call('submit/kodegroupcode/personalinfo', { ...body, token: p.token })).toMatchObject({ statusCode: 5, errorInfo: problem });
    }
    const [member] = await db.query<{ personal_info_saved_at: Date | null }>('select personal_info_saved_at from group_member where id = $1', [p.memberId]);
    expect(member!.personal_info_saved_at).toBeNull();
  });

  it('keeps the key with an empty password once there is one, and changes the values', async () => {
    const p = await withKey();
    const again = await call('submit/kodegroupcode/personalinfo', { additionalFieldsWithValues: [{ id: 1, value: 'Grün' }], password: '', token: p.token });
    expect(again.statusCode).toBe(1);
    const [assessor] = await db.query<{ key_hash: string }>('select key_hash from assessor where id = $1', [p.assessorId]);
    expect(await verifyKey('Sonne2026', assessor!.key_hash)).toBe(true);
    const page = await call('pageinfo/kodegroupcode/personalinfo', { token: again.token });
    expect((page.additionalFieldsWithValues as { value: string }[]).map((f) => f.value)).toEqual(['Grün', '']);
  });

  it('a kodew participant cannot save here, nor a kodegroupcode participant on the kodew call', async () => {
    expect(await call('submit/kodegroupcode/personalinfo', { additionalFieldsWithValues: FIELDS, password: encrypt('Sonne2026'), token: await kodewParticipant() })).toMatchObject({ statusCode: 3, detailCode: 23 });
    const p = await participant();
    expect(await call('submit/kodew/personalinfo', { additionalFieldsWithValues: [], password: encrypt('Sonne2026'), token: p.token })).toMatchObject({ statusCode: 3, detailCode: 23 });
  });
});

describe('submit/kodegroupcode/sendaccesscode', () => {
  it('mails the participant’s own access code with the link back (outbox), and answers a token for the same participant', async () => {
    const p = await withKey();
    const to = `kgc-${p.memberId}@example.com`;
    const answer = await call('submit/kodegroupcode/sendaccesscode', { email: to, accessCode: p.accessCode, uiLanguage: 'en-US', token: p.token });
    expect(answer.statusCode).toBe(1);
    expect(claims(answer)).toMatchObject({ product: 2, isLoggedIn: true, assessorId: String(p.assessorId) });
    const [row] = await db.query<{ id: string }>('select id from mail_outbox where recipient = $1', [to]);
    const mail = await outboxMail(db, Number(row!.id));
    expect(mail!.body).toContain(p.accessCode);
    expect(mail!.body).toContain(`${TEST_PUBLIC_URL}/home/${p.accessCode}/en`);
  });

  it('before personal info is saved: 3/103 (consent before content), nothing sent', async () => {
    const p = await participant();
    const before = (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]!.n;
    expect(await call('submit/kodegroupcode/sendaccesscode', { email: 'a@example.com', accessCode: p.accessCode, token: p.token })).toMatchObject({ statusCode: 3, detailCode: 103 });
    expect((await db.query<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]!.n).toBe(before);
  });

  it('another participant’s code is refused (5); a kodew participant is refused (3/23); a bad address is refused (5)', async () => {
    const p = await withKey();
    const other = await withKey();
    expect(await call('submit/kodegroupcode/sendaccesscode', { email: 'a@example.com', accessCode: other.accessCode, token: p.token })).toMatchObject({ statusCode: 5 });
    expect(await call('submit/kodegroupcode/sendaccesscode', { email: 'kein-mail', accessCode: p.accessCode, token: p.token })).toMatchObject({ statusCode: 5 });
    expect(await call('submit/kodegroupcode/sendaccesscode', { email: 'a@example.com', accessCode: p.accessCode, token: await kodewParticipant(true) })).toMatchObject({ statusCode: 3, detailCode: 23 });
  });
});

describe('coming back to kodegroupcode with the personal access code and key', () => {
  it('the access code finds the grid assessment, the key logs in with the account, the answers given are there', async () => {
    const p = await withKey();
    const first = bundledDefinition('grid-10').questions[0]!;
    const answers = first.answerInfos.map((a) => ({ id: a.id, value: 3 }));
    const encoded = Buffer.from(JSON.stringify({ questionStartIndex: 1, answers })).toString('base64');
    expect((await call('pageinfo/questionnaire', { token: p.token, questionStartIndex: 2, questionsPerPage: 1, answers: encoded })).statusCode).toBe(1);

    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: p.accessCode.toLowerCase() });
    expect(claims(ident)).toEqual({ product: 2, isLoggedIn: false });
    const wrong = await call('submit/kodekodex/login', { passwordHash: encrypt('Mond2026'), token: ident.token });
    expect(claims(wrong).isLoggedIn).toBe(false);
    const back = await call('submit/kodekodex/login', { passwordHash: encrypt('Sonne2026'), token: ident.token });
    expect(back).toMatchObject({ statusCode: 1, hasAnsweredSomeQuestions: true, isFirstLogin: false });
    expect(claims(back)).toMatchObject({ product: 2, isLoggedIn: true, assessorId: String(p.assessorId) });

    const page = await call('pageinfo/questionnaire', { token: back.token, questionStartIndex: 1, questionsPerPage: 1 });
    const shown = (page.questions as { answerInfos: { value: number }[] }[])[0]!.answerInfos.map((a) => a.value);
    expect(shown).toEqual(answers.map(() => 3));
    expect(await call('pageinfo/kodegroupcode/personalinfo', { token: back.token })).toMatchObject({ statusCode: 1, hasAccount: true, accessCode: p.accessCode });
  });
});
