import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeClaims } from '@/lib/session/claims';
import type { Database } from './db/database';
import { createMember, findGroupCode } from './groups/store';
import { importQuestionnaireFile } from './questionnaires/import';
import { signToken } from './tokens';
import { bundledDefinition, sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/**
 * The selection loop of the web variant on the demo group code KWDEMO01: the
 * selection page, the choice, /kodewinfo's texts and finishing with questionnaires left, as the
 * participant's browser would call them. A participant is made as the group login makes one
 * (groups/store.ts createMember) and holds the logged-in token it hands out.
 */
const settings = testSettings('s'.repeat(40));

let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const call = async (path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, '203.0.113.8')).answer;

type Participant = { memberId: number; assessorId: number; assessmentId: number; token: string };

/**
 * A new participant of KWDEMO01 past the personal-info page (the selection comes after it:
 * personalInfoFirst.test.ts), with a logged-in token; assessorId only withAccount.
 */
async function newParticipant(options: { withAccount?: boolean } = {}): Promise<Participant> {
  const group = (await findGroupCode(db, 'KWDEMO01'))!;
  const member = await db.transaction((tx) => createMember(tx, group));
  await db.query('update group_member set personal_info_saved_at = now() where id = $1', [member.memberId]);
  const token = signToken(
    { product: 4, isLoggedIn: true, ...(options.withAccount && { assessorId: member.assessorId }), assessment: member.assessmentId },
    settings.tokenSecret,
    3600,
  );
  return { ...member, token };
}

const page = (token: string, uiLanguage = 'en-US') => call('pageinfo/kodew/assessmentselection', { token, uiLanguage });
const choose = (token: string, selectedQuestionnaireId: number, type: number) => call('submit/kodew/assessmentselection', { token, selectedQuestionnaireId, type });
const finish = (token: string) => call('submit/finishassessment', { token });

/** Saves every page of the token's questionnaire (or the first `pages`), each item at the top of the scale. */
async function answer(token: string, key: string, pages?: number): Promise<void> {
  const definition = bundledDefinition(key);
  const questions = definition.questions.slice(0, pages ?? definition.questions.length);
  for (const [index, question] of questions.entries()) {
    const answers = Buffer.from(JSON.stringify({ questionStartIndex: index + 1, answers: question.answerInfos.map((a) => ({ id: a.id, value: 100 })) })).toString('base64');
    const saved = await call('pageinfo/questionnaire', { token, questionStartIndex: index + 2, questionsPerPage: 1, answers });
    expect({ key, index, statusCode: saved.statusCode }).toEqual({ key, index, statusCode: 1 });
  }
}

/** The participant's assessments, oldest first. */
const assessments = (memberId: number) =>
  db.query<{ id: number; questionnaire_key: string; assessment_type: number | null; finished: boolean }>(
    'select id, questionnaire_key, assessment_type, finished_at is not null as finished from assessment where group_member_id = $1 order by id',
    [memberId],
  );
const currentOf = async (memberId: number) => (await db.query<{ id: number }>('select current_assessment_id as id from group_member where id = $1', [memberId]))[0]!.id;
const selections = (answer: Answer) => answer.questionnaireSelections as Array<{ id: number; questionnaireType: number; title: string; selectable: boolean; finished: boolean }>;

describe('pageinfo/kodew/assessmentselection', () => {
  it("lists the group's three questionnaires with their titles in the asked language; the one not offered is not selectable", async () => {
    const { token } = await newParticipant();
    const english = await page(token);
    expect(english).toMatchObject({ statusCode: 1, selectedQuestionnaireType: 1 });
    expect(selections(english)).toEqual([
      { id: 1, questionnaireType: 1, title: 'Strengths profile', selectable: true, finished: false },
      { id: 2, questionnaireType: 2, title: 'Motivation', selectable: true, finished: false },
      { id: 3, questionnaireType: 3, title: 'Leadership potential', selectable: false, finished: false },
    ]);
    expect(selections(await page(token, 'de-DE')).map((s) => s.title)).toEqual(['Stärkenprofil', 'Motivation', 'Führungspotenzial']);
    // Texts of the page come with it, in the asked language.
    expect((english.translations as Array<{ key: string; value: string }>).find((t) => t.key === 'SelectionTitle')?.value).toBe('Choose a questionnaire');
  });

  it("an ident-code participant's logged-in token is refused: the selection is the group flow's", async () => {
    const identCode = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
    const [row] = await db.query<{ id: number; assessor_id: number }>("select id, assessor_id from assessment where ident_code = 'P1DEMO01'");
    const token = signToken({ product: 1, isLoggedIn: true, assessorId: row!.assessor_id, assessment: row!.id }, settings.tokenSecret, 3600);
    expect(identCode.statusCode).toBe(1);
    expect(await page(token)).toMatchObject({ statusCode: 3, detailCode: 23 });
    expect(await choose(token, 1, 1)).toEqual({ statusCode: 3, detailCode: 23 });
  });
});

describe('submit/kodew/assessmentselection', () => {
  it.each([
    ['an id not in the list', 9, 1, 'selectedQuestionnaireId: 9 is not one of'],
    ['a type that is not the entry’s', 2, 1, 'type: 1 is not the type of questionnaire 2'],
    ['the questionnaire not offered', 3, 3, 'questionnaire 3 cannot be chosen (not offered)'],
  ])('refuses %s with PostDataIsInvalid, naming it, and changes nothing', async (_name, id, type, info) => {
    const participant = await newParticipant();
    const before = await assessments(participant.memberId);
    const answer = await choose(participant.token, id, type);
    expect(answer).toMatchObject({ statusCode: 5, detailCode: 0 });
    expect(answer.errorInfo).toContain(info);
    expect(answer.token).toBeUndefined();
    expect(await assessments(participant.memberId)).toEqual(before);
    expect(await currentOf(participant.memberId)).toBe(participant.assessmentId);
  });

  it('the first choice re-targets the assessment nobody has answered yet: a token with assessmentType for it, no assessorId without an account', async () => {
    const participant = await newParticipant();
    const answer = await choose(participant.token, 2, 2);
    expect(answer).toMatchObject({ statusCode: 1, detailCode: 0 });
    expect(decodeClaims(answer.token)).toEqual({ product: 4, isLoggedIn: true, assessmentType: 2 });
    expect(await assessments(participant.memberId)).toEqual([{ id: participant.assessmentId, questionnaire_key: 'kodew-motivation', assessment_type: 2, finished: false }]);
    expect(await currentOf(participant.memberId)).toBe(participant.assessmentId);
    // The token speaks for that questionnaire: its first page is Motivation's.
    const first = await call('pageinfo/questionnaire', { token: answer.token, questionStartIndex: 1, questionsPerPage: 1, questionnaireLanguage: 'en-US' });
    expect(first).toMatchObject({ statusCode: 1, questionnaireTitle: 'Motivation', totalNumberOfPages: 3 });
    // Choosing the same again (a retried request) gives the same assessment.
    await choose(participant.token, 2, 2);
    expect((await assessments(participant.memberId)).map((a) => a.id)).toEqual([participant.assessmentId]);
  });

  it("keeps an account's assessorId in the token", async () => {
    const participant = await newParticipant({ withAccount: true });
    const answer = await choose(participant.token, 1, 1);
    expect(decodeClaims(answer.token)).toEqual({ product: 4, isLoggedIn: true, assessorId: String(participant.assessorId), assessmentType: 1 });
  });

  it('a questionnaire begun stays: choosing another makes a new assessment, choosing it again goes back to it and preselects it', async () => {
    const participant = await newParticipant();
    const motivation = (await choose(participant.token, 2, 2)).token!;
    await answer(motivation, 'kodew-motivation', 1);
    const strengths = await choose(participant.token, 1, 1);
    const [begun, fresh] = await assessments(participant.memberId);
    expect(begun).toMatchObject({ id: participant.assessmentId, questionnaire_key: 'kodew-motivation' });
    expect(fresh).toMatchObject({ questionnaire_key: 'kodew-strengths', assessment_type: 1, finished: false });
    expect(decodeClaims(strengths.token).assessmentType).toBe(1);
    // Nothing answered in the current one: the first selectable is preselected.
    expect((await page(strengths.token!)).selectedQuestionnaireType).toBe(1);
    const back = await choose(participant.token, 2, 2);
    expect(await currentOf(participant.memberId)).toBe(participant.assessmentId);
    expect((await page(back.token!)).selectedQuestionnaireType).toBe(2);
    // Switching back and forth makes nothing more.
    await choose(participant.token, 1, 1);
    expect(await assessments(participant.memberId)).toHaveLength(2);
  });

  it('two choices at once leave one unfinished assessment per questionnaire', async () => {
    const participant = await newParticipant();
    const answers = await Promise.all([choose(participant.token, 1, 1), choose(participant.token, 2, 2), choose(participant.token, 2, 2)]);
    expect(answers.map((a) => a.statusCode)).toEqual([1, 1, 1]);
    const keys = (await assessments(participant.memberId)).map((a) => a.questionnaire_key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('finishing in the group flow (spec §4)', () => {
  it('goes on to the selection while questionnaires are left, the finished one no longer selectable; the last one logs out', async () => {
    const participant = await newParticipant();
    const motivation = (await choose(participant.token, 2, 2)).token!;
    await answer(motivation, 'kodew-motivation');

    const first = await finish(motivation);
    expect(first).toMatchObject({ statusCode: 1, detailCode: 0, logout: false });
    const next = first.token!;
    const [done, fresh] = await assessments(participant.memberId);
    expect(done).toMatchObject({ questionnaire_key: 'kodew-motivation', finished: true });
    expect(fresh).toMatchObject({ questionnaire_key: 'kodew-strengths', finished: false });
    expect(decodeClaims(next)).toEqual({ product: 4, isLoggedIn: true, assessmentType: 1 });
    expect(await currentOf(participant.memberId)).toBe(fresh!.id);

    // The selection loads with the new token: Motivation finished, Strengths preselected.
    const selection = await page(next);
    expect(selection).toMatchObject({ statusCode: 1, selectedQuestionnaireType: 1 });
    expect(selections(selection).map(({ id, selectable, finished }) => ({ id, selectable, finished }))).toEqual([
      { id: 1, selectable: true, finished: false },
      { id: 2, selectable: false, finished: true },
      { id: 3, selectable: false, finished: false },
    ]);
    const again = await choose(next, 2, 2);
    expect(again).toMatchObject({ statusCode: 5 });
    expect(again.errorInfo).toContain('finished already');

    // The finishing token reads nothing more.
    expect(await call('pageinfo/questionnaire', { token: motivation, questionStartIndex: 1, questionsPerPage: 1 })).toMatchObject({ statusCode: 3, detailCode: 23 });

    const strengths = (await choose(next, 1, 1)).token!;
    await answer(strengths, 'kodew-strengths');
    expect(await finish(strengths)).toEqual({ statusCode: 1, detailCode: 0, logout: true });
    expect(await assessments(participant.memberId)).toHaveLength(2);
    expect(await finish(strengths)).toEqual({ statusCode: 1, detailCode: 0, logout: true });
    expect(await page(strengths)).toMatchObject({ statusCode: 3, detailCode: 23 });
  });

  it("the finishing token's retry answers like the first, with a token for the same next assessment, until that one is begun", async () => {
    const participant = await newParticipant({ withAccount: true });
    const motivation = (await choose(participant.token, 2, 2)).token!;
    await answer(motivation, 'kodew-motivation');
    const first = await finish(motivation);
    // The first answer is lost on the way: the browser still holds the finishing token and retries.
    const retry = await finish(motivation);
    expect(retry).toMatchObject({ statusCode: 1, detailCode: 0, logout: false });
    expect(retry.token).not.toBe(first.token);
    const claims = { product: 4, isLoggedIn: true, assessorId: String(participant.assessorId), assessmentType: 1 };
    expect(decodeClaims(retry.token)).toEqual(claims);
    expect(await assessments(participant.memberId)).toHaveLength(2);
    expect(await page(retry.token!)).toMatchObject({ statusCode: 1, selectedQuestionnaireType: 1 });

    // One retry only: a second one is refused like the revoked token it is.
    expect(await finish(motivation)).toEqual({ statusCode: 3, detailCode: 23 });

    // Once the participant has gone on (a page of Strengths saved), the stale finishing token's retry gets no token.
    const other = await newParticipant({ withAccount: true });
    const otherMotivation = (await choose(other.token, 2, 2)).token!;
    await answer(otherMotivation, 'kodew-motivation');
    const otherFirst = await finish(otherMotivation);
    await answer(otherFirst.token!, 'kodew-strengths', 1);
    expect(await finish(otherMotivation)).toEqual({ statusCode: 1, detailCode: 0, logout: false });
  });

  it('an ident-code assessment finishes with logout as before', async () => {
    const [row] = await db.query<{ id: number; assessor_id: number }>("select id, assessor_id from assessment where ident_code = 'P1RESUME1'");
    const token = signToken({ product: 1, isLoggedIn: true, assessorId: row!.assessor_id, assessment: row!.id }, settings.tokenSecret, 3600);
    const ranks = bundledDefinition('competency-24').questions;
    await db.query(
      `insert into answer (assessment_id, question_id, answer_id, value) select $1, q, a, v from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)
       on conflict (assessment_id, answer_id) do update set value = excluded.value`,
      [row!.id, ranks.flatMap((q) => q.answerInfos.map(() => q.id)), ranks.flatMap((q) => q.answerInfos.map((a) => a.id)), ranks.flatMap((q) => q.answerInfos.map((_a, i) => i + 1))],
    );
    expect(await finish(token)).toEqual({ statusCode: 1, detailCode: 0, logout: true });
    expect(await finish(token)).toEqual({ statusCode: 1, detailCode: 0, logout: true });
  });
});

describe('/kodewinfo: pageinfo with category kodewinfo', () => {
  const texts = (answer: Answer) => new Map((answer.translations as Array<{ key: string; value: string }>).map((t) => [t.key, t.value]));

  it("a participant's token adds their group's info text and title per questionnaire type, in the asked language", async () => {
    const { token } = await newParticipant();
    const english = texts(await call('pageinfo', { category: 'kodewinfo', token, uiLanguage: 'en-US' }));
    expect(english.get('KodewInfoText_1')).toBe('In the strengths profile you rate eight strengths on a scale from 0 to 100.');
    expect(english.get('KodewInfoText_2')).toBe('In the motivation questionnaire you rate three motives.');
    expect(english.get('KodewInfoTitle_1')).toBe('Strengths profile');
    // kodew-leadership has no info of its own: the page falls back to the general text.
    expect(english.has('KodewInfoText_3')).toBe(false);
    expect(english.get('KodewInfoText')).toMatch(/slider from 0 to 100/);
    const czech = texts(await call('pageinfo', { category: 'kodewinfo', token, uiLanguage: 'cz-CZ' }));
    expect(czech.get('KodewInfoText_2')).toBe('V dotazníku motivace ohodnotíte tři motivy.');
  });

  it("without a token, or with one that is not logged in, only the general text: the group's texts are not given out", async () => {
    const { assessmentId } = await newParticipant();
    const notLoggedIn = signToken({ product: 4, isLoggedIn: false, assessment: assessmentId }, settings.tokenSecret, 3600);
    for (const token of [undefined, notLoggedIn]) {
      const answer = await call('pageinfo', { category: 'kodewinfo', uiLanguage: 'en-US', ...(token && { token }) });
      expect(answer.statusCode).toBe(1);
      expect([...texts(answer).keys()].filter((k) => k.startsWith('KodewInfo'))).toEqual(['KodewInfoTitle', 'KodewInfoText']);
    }
  });
});

describe("the questionnaires' titles", () => {
  it('follow a new version at once, on the selection page and on /kodewinfo', async () => {
    const { token } = await newParticipant();
    // Both pages read the titles first: anything that kept them must not keep the old version's.
    expect(selections(await page(token)).map((s) => s.title)).toEqual(['Strengths profile', 'Motivation', 'Leadership potential']);
    const infoTitle = async () =>
      new Map((((await call('pageinfo', { category: 'kodewinfo', token, uiLanguage: 'en-US' })).translations ?? []) as Array<{ key: string; value: string }>).map((t) => [t.key, t.value])).get('KodewInfoTitle_2');
    expect(await infoTitle()).toBe('Motivation');

    const motivation = JSON.parse(fs.readFileSync('content/questionnaires/kodew-motivation.json', 'utf8')) as { title: Record<string, string> };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'titles-'));
    try {
      // Its images go beside it, as the import asks.
      fs.cpSync('content/questionnaires/kodew-motivation', path.join(folder, 'kodew-motivation'), { recursive: true });
      const file = path.join(folder, 'kodew-motivation.json');
      fs.writeFileSync(file, JSON.stringify({ ...motivation, title: { ...motivation.title, de: 'Motivation (neu)', en: 'Motivation (new)' } }));
      const imported = await importQuestionnaireFile(db, file);
      expect(imported).toMatchObject({ status: 'new-version', version: 2 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }

    expect(selections(await page(token)).map((s) => s.title)).toEqual(['Strengths profile', 'Motivation (new)', 'Leadership potential']);
    expect(selections(await page(token, 'de-DE')).map((s) => s.title)).toEqual(['Stärkenprofil', 'Motivation (neu)', 'Führungspotenzial']);
    expect(await infoTitle()).toBe('Motivation (new)');
  });
});
