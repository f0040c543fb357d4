import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { signToken } from './tokens';
import { bundledDefinition, sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/**
 * Consent before content (SECURITY.md): a web-variant participant who logged in with the group code
 * but has not saved the personal-info page (additional fields, key, data-privacy consent) gets
 * nothing beyond that page: every such call answers TokenInvalid/PersonalInfoFirst (3/103) and
 * changes nothing. Played as the browser would, on the demo group code KWDEMO01: the group login's
 * own token, then the personal-info page, then the same calls again.
 */
const settings = testSettings('c'.repeat(40));
let db: Database;
let handle: Handle;
let client = 0;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
// Each participant from an address of their own: the guessing limits are not what is tested here.
const call = async (path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, `198.51.100.${client}`)).answer;

const PERSONAL_INFO_FIRST = { statusCode: 3, detailCode: 103, errorInfo: 'personal info first' };
const strengths = bundledDefinition('kodew-strengths');

/** The group login of KWDEMO01: a new participant and the logged-in token it hands out. */
async function groupLogin(): Promise<{ token: string; assessmentId: number; memberId: number; accessCode: string }> {
  client += 1;
  const answer = await call('submit/kodew/login', { groupcode: encrypt('KWDEMO01'), uiLanguage: 'en-US' });
  expect(answer).toMatchObject({ statusCode: 1 });
  const { assessment } = JSON.parse(Buffer.from(answer.token!.split('.')[1]!, 'base64url').toString('utf8')) as { assessment: number };
  const [member] = await db.query<{ id: number; access_code: string }>('select m.id, m.access_code from group_member m join assessment a on a.group_member_id = m.id where a.id = $1', [assessment]);
  return { token: answer.token!, assessmentId: assessment, memberId: member!.id, accessCode: member!.access_code };
}

/** Every call beyond the personal-info page, with the body that would read or change the most. */
function beyondPersonalInfo(token: string, accessCode: string): Array<[string, Record<string, unknown>]> {
  const first = strengths.questions[0]!;
  const answers = Buffer.from(JSON.stringify({ questionStartIndex: 1, answers: first.answerInfos.map((a) => ({ id: a.id, value: 100 })) })).toString('base64');
  return [
    ['pageinfo/kodew/assessmentselection', { token, uiLanguage: 'en-US' }],
    ['submit/kodew/assessmentselection', { token, selectedQuestionnaireId: 2, type: 2 }],
    ['pageinfo', { token, category: 'kodewinfo', uiLanguage: 'en-US' }],
    ['pageinfo/questionnaire', { token, questionStartIndex: 2, questionsPerPage: 1, answers }],
    ['loadImage', { token, category: first.imageKey! }],
    ['submit/finishassessment', { token }],
    ['submit/kodew/sendaccesscode', { token, email: 'teilnehmer@example.com', accessCode, uiLanguage: 'en-US' }],
  ];
}

/** What the calls could change: the participant's assessments, answers, choice and mails. */
async function snapshot(memberId: number): Promise<string> {
  const parts = await Promise.all([
    db.query('select * from group_member where id = $1', [memberId]),
    db.query('select id, questionnaire_key, assessment_type, finished_at from assessment where group_member_id = $1 order by id', [memberId]),
    db.query('select a.assessment_id, a.answer_id, a.value from answer a join assessment s on s.id = a.assessment_id where s.group_member_id = $1 order by 1, 2', [memberId]),
    db.query('select count(*)::int as n from mail_outbox'),
  ]);
  return JSON.stringify(parts);
}

describe('a group participant who has not saved personal info', () => {
  it('is refused every call beyond the personal-info page with 3/103, and nothing changes', async () => {
    const p = await groupLogin();
    const before = await snapshot(p.memberId);
    for (const [path, body] of beyondPersonalInfo(p.token, p.accessCode)) {
      expect({ path, answer: await call(path, body) }).toEqual({ path, answer: expect.objectContaining(PERSONAL_INFO_FIRST) });
    }
    expect(await snapshot(p.memberId)).toBe(before);
  });

  it('the refusals carry no token and nothing of the group (titles, info texts, image data)', async () => {
    const p = await groupLogin();
    for (const [path, body] of beyondPersonalInfo(p.token, p.accessCode)) {
      const answer = await call(path, body);
      expect(answer.token).toBeUndefined();
      expect(answer).not.toHaveProperty('questionnaireSelections');
      expect(answer).not.toHaveProperty('questions');
      expect(JSON.stringify(answer)).not.toMatch(/Strengths profile|KodewInfoText_/);
    }
  });

  it('may load and save the personal-info page itself; after saving it, the same calls are answered', async () => {
    const p = await groupLogin();
    expect(await call('pageinfo/kodew/personalinfo', { token: p.token, uiLanguage: 'en-US' })).toMatchObject({ statusCode: 1, hasAccount: false });
    const saved = await call('submit/kodew/personalinfo', {
      token: p.token,
      additionalFieldsWithValues: [
        { id: 1, value: 'Vertrieb' },
        { id: 2, value: '3-5' },
      ],
      password: encrypt('Geheim4711'),
      uiLanguage: 'en-US',
    });
    expect(saved).toMatchObject({ statusCode: 1 });
    const token = saved.token!;

    expect(await call('pageinfo/kodew/assessmentselection', { token, uiLanguage: 'en-US' })).toMatchObject({ statusCode: 1, selectedQuestionnaireType: 1 });
    const info = await call('pageinfo', { token, category: 'kodewinfo', uiLanguage: 'en-US' });
    expect(JSON.stringify(info.translations)).toContain('KodewInfoTitle_1');
    const chosen = await call('submit/kodew/assessmentselection', { token, selectedQuestionnaireId: 1, type: 1 });
    expect(chosen).toMatchObject({ statusCode: 1 });
    const [, body] = beyondPersonalInfo(chosen.token!, p.accessCode).find(([path]) => path === 'pageinfo/questionnaire')!;
    expect(await call('pageinfo/questionnaire', body)).toMatchObject({ statusCode: 1, currentPage: 2 });
    const [, image] = beyondPersonalInfo(chosen.token!, p.accessCode).find(([path]) => path === 'loadImage')!;
    expect(await call('loadImage', image)).toMatchObject({ statusCode: 1, text: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
    const mail = await call('submit/kodew/sendaccesscode', { token: chosen.token, email: 'teilnehmer@example.com', accessCode: p.accessCode, uiLanguage: 'en-US' });
    expect(mail).toMatchObject({ statusCode: 1 });
  });

  it('an ident-code participant is unaffected: the same token rule as before', async () => {
    const identCode = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
    const [row] = await db.query<{ id: number; assessor_id: number }>("select id, assessor_id from assessment where ident_code = 'P1DEMO01'");
    expect(identCode).toMatchObject({ statusCode: 1 });
    const token = signToken({ product: 1, isLoggedIn: true, assessorId: row!.assessor_id, assessment: row!.id }, settings.tokenSecret, 3600);
    expect(await call('pageinfo/questionnaire', { token, questionStartIndex: 1, questionsPerPage: 4 })).toMatchObject({ statusCode: 1 });
  });
});
