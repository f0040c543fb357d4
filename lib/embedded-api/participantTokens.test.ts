import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { createMember, findGroupCode } from './groups/store';
import { hashKey } from './keys';
import { bundledDefinition, sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';
import { demoValue } from './demo/seed';
import { signToken } from './tokens';

/**
 * Tokens end with what they stand for (SECURITY.md, "Threats"): sign-out, a key change and finishing
 * end every earlier token of the participant; the finishing token retries once within a minute;
 * valid_until and a closed group code are checked on every call; key changes are limited per
 * participant, and a group participant's key keeps their flow's minimum on every call that sets it.
 */
const KEY_CHANGES = 3;
const settings = testSettings('p'.repeat(40), { keyChanges: { maxPerParticipantPerHour: KEY_CHANGES } });
const KEY = 'Geheim4711';

let db: Database;
let handle: Handle;
let keyHash: string;
let serial = 0;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings, { demo: false, questionnaires: true }));
  keyHash = await hashKey(KEY);
}, 60_000);

afterAll(async () => db?.close());

const call = async (path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, '203.0.113.5')).answer;
const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
const refusedAsRevoked = { statusCode: 3, detailCode: 23 };

type Participant = { assessorId: number; assessmentId: number; identCode: string };

/** An ident-code participant with a key; `secondsAgo` dates the token as one taken that long before. */
async function participant(): Promise<Participant> {
  serial += 1;
  const [assessor] = await db.query<{ id: number }>(
    "insert into assessor (first_name, last_name, email, is_registered, key_hash) values ('Tina', 'Token', 'tina@example.org', true, $1) returning id",
    [keyHash],
  );
  const identCode = `PTOK${String(serial).padStart(4, '0')}`;
  const [assessment] = await db.query<{ id: number }>(
    `insert into assessment (ident_code, product, assessor_id, first_login_done, questionnaire_key, questionnaire_version)
     values ($1, 1, $2, true, 'competency-24', (select max(version) from questionnaire where key = 'competency-24')) returning id`,
    [identCode, assessor!.id],
  );
  return { assessorId: assessor!.id, assessmentId: assessment!.id, identCode };
}

const tokenOf = (p: { assessorId?: number; assessmentId: number }, secondsAgo = 0, product = 1) =>
  signToken({ product: product as 1, isLoggedIn: true, ...(p.assessorId && { assessorId: p.assessorId }), assessment: p.assessmentId }, settings.tokenSecret, 3600, Date.now() - secondsAgo * 1000);

async function answerEverything(assessmentId: number): Promise<void> {
  const [row] = await db.query<{ questionnaire_key: string }>('select questionnaire_key from assessment where id = $1', [assessmentId]);
  const definition = bundledDefinition(row!.questionnaire_key);
  const rows = definition.questions.flatMap((q, index) => q.answerInfos.map((a, i) => [q.id, a.id, demoValue(definition, index, i, q.answerInfos.length)] as const));
  await db.query(
    'insert into answer (assessment_id, question_id, answer_id, value) select $1, q, a, v from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)',
    [assessmentId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}

/** A kodew participant past personal info (key set), with a second questionnaire still to choose. */
async function groupParticipant(): Promise<Participant & { memberId: number; groupCodeId: number }> {
  serial += 1;
  const code = `PTOKG${String(serial).padStart(4, '0')}`;
  await db.query(`insert into group_code (code, variant, product, questionnaires) values ($1, 'kodew', 4, $2::jsonb)`, [
    code,
    JSON.stringify([
      { key: 'kodew-strengths', questionnaireType: 1, selectable: true },
      { key: 'kodew-motivation', questionnaireType: 2, selectable: true },
    ]),
  ]);
  const group = (await findGroupCode(db, code))!;
  const member = await db.transaction((tx) => createMember(tx, group));
  await db.query('update assessor set key_hash = $2 where id = $1', [member.assessorId, keyHash]);
  await db.query("update group_member set field_values = '{}'::jsonb, personal_info_saved_at = now() where id = $1", [member.memberId]);
  return { assessorId: member.assessorId, assessmentId: member.assessmentId, identCode: member.accessCode, memberId: member.memberId, groupCodeId: group.id };
}

const passwordPage = (token: string) => call('pageinfo/kodekodex/personalinfo', { token, uiLanguage: 'de-DE' });
const setKey = (token: string, key: string) => call('submit/kodekodex/personalinfo', { passwordEncrypted: encrypt(key), token });
const loginWith = async (identCode: string, key: string) => {
  const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: identCode });
  return decodeClaims((await call('submit/kodekodex/login', { passwordHash: encrypt(key), token: ident.token })).token).isLoggedIn;
};

describe('sign-out ends every earlier token of the participant', () => {
  it('a copy taken before a page-turn renewal reads nothing after the renewed token signed out', async () => {
    const p = await participant();
    const copy = tokenOf(p, 5);
    const renewed = tokenOf(p);
    expect(await passwordPage(copy)).toMatchObject({ statusCode: 1, isPasswordSet: true });
    expect((await call('pageinfo/error', { category: 'SignOut', token: renewed })).detailCode).toBe(20);
    expect(await passwordPage(copy)).toMatchObject(refusedAsRevoked);
    expect(await call('pageinfo/questionnaire', { token: copy, questionStartIndex: 1, questionsPerPage: 4 })).toMatchObject(refusedAsRevoked);
    // A new login afterwards works, in the same millisecond or later.
    expect(await loginWith(p.identCode, KEY)).toBe(true);
  });

  it('an old copy, refused since a sign-out, cannot sign out the login that followed', async () => {
    const p = await participant();
    const copy = tokenOf(p, 5);
    expect((await call('pageinfo/error', { category: 'SignOut', token: tokenOf(p, 1) })).detailCode).toBe(20);
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: p.identCode });
    const next = (await call('submit/kodekodex/login', { passwordHash: encrypt(KEY), token: ident.token })).token!;
    expect((await call('pageinfo/error', { category: 'SignOut', token: copy })).detailCode).toBe(20);
    expect(await passwordPage(next)).toMatchObject({ statusCode: 1 });
  });
});

describe('a key change ends every earlier token; the answer’s token carries on', () => {
  it('the other browser’s token and the one that changed the key are refused, the new one works', async () => {
    const p = await participant();
    const otherBrowser = tokenOf(p, 5);
    const changing = tokenOf(p, 1);
    const changed = await setKey(changing, 'NeuerSchluessel1');
    expect(changed).toMatchObject({ statusCode: 1 });
    expect(await passwordPage(otherBrowser)).toMatchObject(refusedAsRevoked);
    expect(await passwordPage(changing)).toMatchObject(refusedAsRevoked);
    expect(await passwordPage(changed.token!)).toMatchObject({ statusCode: 1 });
  });

  it('keeping the key (an empty key) ends nothing', async () => {
    const p = await participant();
    const otherBrowser = tokenOf(p, 5);
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: '', token: tokenOf(p) })).toMatchObject({ statusCode: 1 });
    expect(await passwordPage(otherBrowser)).toMatchObject({ statusCode: 1 });
  });
});

describe('finishing', () => {
  it('ends the participant’s earlier tokens for their other assessments', async () => {
    const p = await participant();
    const [other] = await db.query<{ id: number }>(
      "insert into assessment (ident_code, product, assessor_id, first_login_done) values ($1, 1, $2, true) returning id",
      [`${p.identCode}B`, p.assessorId],
    );
    const otherToken = tokenOf({ assessorId: p.assessorId, assessmentId: other!.id }, 5);
    await answerEverything(p.assessmentId);
    expect(await call('submit/finishassessment', { token: tokenOf(p, 1) })).toMatchObject({ statusCode: 1, logout: true });
    expect(await passwordPage(otherToken)).toMatchObject(refusedAsRevoked);
  });

  it('the token that finished may retry once, and only within a minute', async () => {
    const p = await participant();
    await answerEverything(p.assessmentId);
    const finishing = tokenOf(p);
    expect(await call('submit/finishassessment', { token: finishing })).toMatchObject({ statusCode: 1, logout: true });
    expect(await call('submit/finishassessment', { token: finishing })).toMatchObject({ statusCode: 1, logout: true });
    expect(await call('submit/finishassessment', { token: finishing })).toEqual(refusedAsRevoked);

    const late = await participant();
    await answerEverything(late.assessmentId);
    const lateToken = tokenOf(late);
    expect(await call('submit/finishassessment', { token: lateToken })).toMatchObject({ statusCode: 1 });
    await db.query("update revoked_token set revoked_at = revoked_at - interval '61 seconds' where reason = 'finished'");
    expect(await call('submit/finishassessment', { token: lateToken })).toEqual(refusedAsRevoked);
  });

  it('a group participant who signed out after finishing gets no token for the next questionnaire from a retry', async () => {
    const p = await groupParticipant();
    await answerEverything(p.assessmentId);
    const finishing = tokenOf(p, 0, 4);
    const first = await call('submit/finishassessment', { token: finishing });
    expect(first).toMatchObject({ statusCode: 1, logout: false });
    expect(first.token).toBeDefined();
    expect((await call('pageinfo/error', { category: 'SignOut', token: first.token })).detailCode).toBe(20);
    const retry = await call('submit/finishassessment', { token: finishing });
    expect(retry).toEqual(refusedAsRevoked);
    expect(retry.token).toBeUndefined();
  });
});

describe('validity and closing are checked on every call', () => {
  it('past the assessment’s valid_until: AssessmentIdentCodeIsExpired, as the ident code answers', async () => {
    const p = await participant();
    const token = tokenOf(p);
    await db.query("update assessment set valid_until = now() - interval '1 minute' where id = $1", [p.assessmentId]);
    expect(await passwordPage(token)).toMatchObject({ statusCode: 14, detailCode: 0 });
    expect(await call('pageinfo/questionnaire', { token, questionStartIndex: 1, questionsPerPage: 4 })).toMatchObject({ statusCode: 14, detailCode: 0 });
    expect(await setKey(token, 'NachDemEnde1')).toEqual({ statusCode: 14, detailCode: 0 });
    expect(await call('pageinfo', { token, uiLanguage: 'de-DE' })).toMatchObject({ statusCode: 14, detailCode: 0 });
  });

  it('a group code the operator closed: AssessmentAlreadyFinished, as its login answers', async () => {
    const p = await groupParticipant();
    const token = tokenOf(p, 0, 4);
    expect(await call('pageinfo/kodew/assessmentselection', { token, uiLanguage: 'de-DE' })).toMatchObject({ statusCode: 1 });
    await db.query('update group_code set closed_at = now() where id = $1', [p.groupCodeId]);
    expect(await call('pageinfo/kodew/assessmentselection', { token, uiLanguage: 'de-DE' })).toMatchObject({ statusCode: 9, detailCode: 0 });
    expect(await call('pageinfo/kodew/personalinfo', { token, uiLanguage: 'de-DE' })).toMatchObject({ statusCode: 9, detailCode: 0 });
  });

  it('past the group code’s valid_until: AssessmentIdentCodeIsExpired', async () => {
    const p = await groupParticipant();
    const token = tokenOf(p, 0, 4);
    await db.query("update group_code set valid_until = now() - interval '1 minute' where id = $1", [p.groupCodeId]);
    expect(await call('pageinfo/kodew/assessmentselection', { token, uiLanguage: 'de-DE' })).toMatchObject({ statusCode: 14, detailCode: 0 });
  });
});

describe('key changes', () => {
  it(`at most ${KEY_CHANGES} per participant within an hour; then 5/111 and the key in use stays`, async () => {
    const p = await participant();
    let token = tokenOf(p);
    for (let i = 1; i <= KEY_CHANGES; i++) {
      const answer = await setKey(token, `Wechsel${i}xx`);
      expect(answer).toMatchObject({ statusCode: 1 });
      token = answer.token!;
    }
    const refused = await setKey(token, 'EinZuViel99');
    expect(refused).toMatchObject({ statusCode: 5, detailCode: 111 });
    expect(refused.token).toBeUndefined();
    expect(await loginWith(p.identCode, 'EinZuViel99')).toBe(false);
    expect(await loginWith(p.identCode, `Wechsel${KEY_CHANGES}xx`)).toBe(true);
    // Keeping the key is no change: it still passes.
    expect(await call('submit/kodekodex/personalinfo', { passwordEncrypted: '', token })).toMatchObject({ statusCode: 1 });
    // An hour later the participant may change it again.
    await db.query("update key_change set changed_at = changed_at - interval '61 minutes' where assessor_id = $1", [p.assessorId]);
    expect(await setKey(token, 'SpaeterNeu1')).toMatchObject({ statusCode: 1 });
  });

  it('concurrent changes of one participant pass the limit no more than it allows', async () => {
    const p = await participant();
    const token = tokenOf(p);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => setKey(token, `Parallel${i}xx`)));
    const [counted] = await db.query<{ n: number }>('select count(*)::int as n from key_change where assessor_id = $1', [p.assessorId]);
    expect(counted!.n).toBeLessThanOrEqual(KEY_CHANGES);
    expect(answers.filter((a) => a.statusCode === 1).length).toBeLessThanOrEqual(KEY_CHANGES);
  });

  it('a group participant cannot set a key below their flow’s 6 characters through submit/kodekodex/personalinfo', async () => {
    const p = await groupParticipant();
    const answer = await setKey(tokenOf(p, 0, 4), 'Kurz5');
    expect(answer).toMatchObject({ statusCode: 5, detailCode: 0, errorInfo: 'key: at least 6 characters' });
    expect(await loginWith(p.identCode, 'Kurz5')).toBe(false);
    expect(await loginWith(p.identCode, KEY)).toBe(true);
  });
});
