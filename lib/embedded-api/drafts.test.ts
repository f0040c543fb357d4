import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';
import { signToken } from './tokens';

/**
 * Drafts, page revisions and idempotent saves of pageinfo/questionnaire (SECURITY.md, "Drafts"): a
 * draft is kept per participant and page and shown again, never counts as an answer, and goes when
 * the page is saved, the assessment finished or deleted; a save or draft naming a stale revision
 * writes nothing and gets the page as held (conflict), unless it is the retry of the page's last
 * write (same saveId). A page shown with a draft says hasDraft. Every page answer renews a token
 * older than a minute.
 *
 * Each case runs on a participant of its own (competency-24: six pages of four ranking questions,
 * page starts 1, 5, 9, 13, 17, 21; 0 is the unset value). With TEST_DATABASE_URL the concurrent
 * saves meet on PostgreSQL, where only the row lock keeps both from passing the check.
 */
const settings = testSettings('d'.repeat(40));

type Question = { id: number; questionIndex: number; isInvalid: boolean; answerInfos: Array<{ id: number; value: number }> };
type PageAnswer = Answer & { questions: Question[]; currentPage: number; canFinish: boolean; revision?: number; conflict?: boolean; hasDraft?: boolean };
type Participant = { assessmentId: number; token: string };
type Item = { id: number; value: number };

let db: Database;
let handle: Handle;
let serial = 0;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const call = async (path: string, body: unknown): Promise<Answer> => (await sendTo(handle, path, body, '198.51.100.40')).answer;
const encode = (start: number, answers: Item[]) => Buffer.from(JSON.stringify({ questionStartIndex: start, answers })).toString('base64');

/** A logged-in participant of competency-24 with nothing answered, and a token taken a minute ago. */
async function participant(): Promise<Participant> {
  serial += 1;
  const [assessor] = await db.query<{ id: number }>(
    "insert into assessor (first_name, last_name, email, is_registered) values ('Dora', 'Entwurf', 'dora@example.org', true) returning id",
  );
  const [assessment] = await db.query<{ id: number }>(
    `insert into assessment (ident_code, product, assessor_id, first_login_done, questionnaire_key, questionnaire_version)
     values ($1, 1, $2, true, 'competency-24', (select max(version) from questionnaire where key = 'competency-24')) returning id`,
    [`PDRAFT${String(serial).padStart(3, '0')}`, assessor!.id],
  );
  const token = signToken({ product: 1, isLoggedIn: true, assessorId: assessor!.id, assessment: assessment!.id }, settings.tokenSecret, 3600, Date.now() - 60_000);
  return { assessmentId: assessment!.id, token };
}

async function page(p: Participant, body: Record<string, unknown>): Promise<PageAnswer> {
  return (await call('pageinfo/questionnaire', { token: p.token, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', questionsPerPage: 4, ...body })) as PageAnswer;
}
const load = (p: Participant, start?: number) => page(p, start === undefined ? {} : { questionStartIndex: start });
const save = (p: Participant, start: number, answers: Item[], extra: Record<string, unknown> = {}) =>
  page(p, { questionStartIndex: start + 4, answers: encode(start, answers), ...extra });
const draft = (p: Participant, start: number, answers: Item[], extra: Record<string, unknown> = {}) =>
  page(p, { questionStartIndex: start + 4, answers: encode(start, answers), draft: true, ...extra });

/** Every question of the page ranked 1–4 (rotated by shift): a valid page. */
async function rankedPage(p: Participant, start: number, shift = 0): Promise<Item[]> {
  const shown = await load(p, start);
  return shown.questions.flatMap((q) => q.answerInfos.map((a, i) => ({ id: a.id, value: ((i + shift) % 4) + 1 })));
}
const valuesOf = (answer: PageAnswer) => answer.questions.flatMap((q) => q.answerInfos.map((a) => a.value));
const firstStarts = [1, 5, 9, 13, 17];

async function rows(table: 'answer' | 'answer_draft', p: Participant): Promise<Array<{ answer_id: number; value: number }>> {
  return db.query(`select answer_id, value from ${table} where assessment_id = $1 order by answer_id`, [p.assessmentId]);
}
async function revisionRow(p: Participant, start: number): Promise<{ revision: number; last_save_id: string | null } | undefined> {
  const [row] = await db.query<{ revision: number; last_save_id: string | null }>('select revision, last_save_id from page_revision where assessment_id = $1 and page_start = $2', [
    p.assessmentId,
    start,
  ]);
  return row;
}

const CASES: Array<[string, (p: Participant) => Promise<void>]> = [
  [
    'a draft is shown when the page loads again, with the page’s revision and hasDraft; its answer is its own page, whatever the index asked',
    async (p) => {
      const fresh = await load(p, 1);
      expect(fresh).toMatchObject({ revision: 0, hasDraft: false });
      const items = (await rankedPage(p, 1)).slice(0, 3);
      const kept = await draft(p, 1, items, { baseRevision: 0 });
      expect(kept).toMatchObject({ statusCode: 1, currentPage: 1, revision: 1, hasDraft: true });
      expect(kept.conflict).toBeUndefined();
      expect(kept.questions.every((q) => !q.isInvalid)).toBe(true);
      expect(valuesOf(kept).slice(0, 4)).toEqual([1, 2, 3, 0]);
      const again = await load(p, 1);
      expect(again).toMatchObject({ currentPage: 1, revision: 1, hasDraft: true });
      expect(await load(p, 5)).toMatchObject({ revision: 0, hasDraft: false });
      expect(valuesOf(again).slice(0, 4)).toEqual([1, 2, 3, 0]);
      expect(await rows('answer', p)).toEqual([]);
      expect(await rows('answer_draft', p)).toHaveLength(3);
    },
  ],
  [
    'a draft of the unset value shows the saved choice cleared, and the saved answer stays',
    async (p) => {
      const items = await rankedPage(p, 1);
      expect((await save(p, 1, items, { baseRevision: 0 })).currentPage).toBe(2);
      const cleared = await draft(p, 1, [{ id: items[0]!.id, value: 0 }], { baseRevision: 1 });
      expect(cleared).toMatchObject({ statusCode: 1, currentPage: 1, revision: 2 });
      expect(valuesOf(cleared).slice(0, 4)).toEqual([0, 2, 3, 4]);
      expect(valuesOf(await load(p, 1)).slice(0, 4)).toEqual([0, 2, 3, 4]);
      expect((await rows('answer', p)).find((r) => r.answer_id === items[0]!.id)?.value).toBe(1);
    },
  ],
  [
    'drafts never count: not for canFinish, finishing or where the participant resumes',
    async (p) => {
      for (const start of firstStarts) await save(p, start, await rankedPage(p, start));
      // The last page complete and valid, but only as a draft.
      const last = await draft(p, 21, await rankedPage(p, 21), { questionStartIndex: 21 });
      expect(last).toMatchObject({ statusCode: 1, currentPage: 6, canFinish: false });
      expect(await call('submit/finishassessment', { token: p.token })).toMatchObject({ statusCode: 5, errorInfo: 'not every question is answered' });
      expect((await load(p)).currentPage).toBe(6);
      // A page saved before and a draft after it: resuming goes to the draft's page, not past it.
      const other = await participant();
      await save(other, 1, await rankedPage(other, 1));
      await draft(other, 5, await rankedPage(other, 5));
      expect((await load(other)).currentPage).toBe(2);
    },
  ],
  [
    'a page saved clears its drafts and raises its revision; the answer carries the target page’s revision',
    async (p) => {
      const items = await rankedPage(p, 1, 1);
      await draft(p, 5, (await rankedPage(p, 5)).slice(0, 2));
      expect((await draft(p, 1, items.slice(0, 2), { baseRevision: 0 })).revision).toBe(1);
      const saved = await save(p, 1, items, { baseRevision: 1 });
      expect(saved).toMatchObject({ statusCode: 1, currentPage: 2, revision: 1, hasDraft: true });
      expect(valuesOf(saved).slice(0, 2)).toEqual([1, 2]);
      const drafts = await rows('answer_draft', p);
      // Page 1's drafts are gone; page 2's stay.
      expect(drafts.map((r) => r.answer_id)).toEqual(saved.questions[0]!.answerInfos.slice(0, 2).map((a) => a.id));
      expect(await load(p, 1)).toMatchObject({ revision: 2, hasDraft: false });
      expect(await rows('answer', p)).toHaveLength(16);
    },
  ],
  [
    'a save or draft on a stale revision writes nothing and answers with the page as held, flagged conflict',
    async (p) => {
      const mine = await rankedPage(p, 1, 0);
      const theirs = await rankedPage(p, 1, 2);
      // Another tab saved page 1 first.
      expect((await save(p, 1, theirs, { baseRevision: 0, saveId: 'other-tab-0001' })).currentPage).toBe(2);
      const before = await rows('answer', p);
      const stale = await save(p, 1, mine, { baseRevision: 0, saveId: 'this-tab-00001' });
      expect(stale).toMatchObject({ statusCode: 1, conflict: true, currentPage: 1, revision: 1 });
      expect(valuesOf(stale)).toEqual(theirs.map((a) => a.value));
      expect(await rows('answer', p)).toEqual(before);
      const staleDraft = await draft(p, 1, mine.slice(0, 1), { baseRevision: 0, saveId: 'this-tab-00002' });
      expect(staleDraft).toMatchObject({ statusCode: 1, conflict: true, currentPage: 1, revision: 1 });
      expect(await rows('answer_draft', p)).toEqual([]);
      expect(await revisionRow(p, 1)).toEqual({ revision: 1, last_save_id: 'other-tab-0001' });
    },
  ],
  [
    'the retry of a save that landed (same saveId) answers as the save did and writes nothing again',
    async (p) => {
      const items = await rankedPage(p, 1, 3);
      const body = { baseRevision: 0, saveId: 'save-retry-0001' };
      const first = await save(p, 1, items, body);
      expect(first).toMatchObject({ statusCode: 1, currentPage: 2, revision: 0 });
      const retry = await save(p, 1, items, body);
      const { token: _a, ...firstPage } = first;
      const { token: _b, ...retryPage } = retry;
      expect([typeof _a, typeof _b]).toEqual(['string', 'string']);
      expect(retryPage).toEqual(firstPage);
      expect(await revisionRow(p, 1)).toEqual({ revision: 1, last_save_id: 'save-retry-0001' });
      // A draft's retry likewise: the page with its revision, no second raise, no conflict.
      const draftBody = { baseRevision: 1, saveId: 'draft-retry-001' };
      const kept = await draft(p, 1, [{ id: items[0]!.id, value: 0 }], draftBody);
      expect(kept).toMatchObject({ revision: 2 });
      const draftRetry = await draft(p, 1, [{ id: items[0]!.id, value: 0 }], draftBody);
      expect(draftRetry).toMatchObject({ statusCode: 1, currentPage: 1, revision: 2 });
      expect(draftRetry.conflict).toBeUndefined();
      expect(await revisionRow(p, 1)).toEqual({ revision: 2, last_save_id: 'draft-retry-001' });
      // Another save on the stale revision is no retry: a conflict.
      expect(await save(p, 1, items, { baseRevision: 0, saveId: 'save-retry-0002' })).toMatchObject({ conflict: true, revision: 2 });
    },
  ],
  [
    'two saves at once on the same revision: exactly one writes, the other gets the conflict',
    async (p) => {
      const a = await rankedPage(p, 1, 0);
      const b = await rankedPage(p, 1, 1);
      const answers = await Promise.all([save(p, 1, a, { baseRevision: 0, saveId: 'concurrent-aaaa' }), save(p, 1, b, { baseRevision: 0, saveId: 'concurrent-bbbb' })]);
      expect(answers.map((x) => x.statusCode)).toEqual([1, 1]);
      const conflicts = answers.filter((x) => x.conflict === true);
      expect(conflicts).toHaveLength(1);
      const winner = answers[0]!.conflict ? b : a;
      expect(valuesOf(conflicts[0]!)).toEqual(winner.map((x) => x.value));
      expect((await rows('answer', p)).map((r) => r.value)).toEqual([...winner].sort((x, y) => x.id - y.id).map((x) => x.value));
      expect((await revisionRow(p, 1))!.revision).toBe(1);
      // Drafts the same way, ten at once on the page's revision row (which exists now): one is kept.
      const drafts = await Promise.all(Array.from({ length: 10 }, (_, n) => draft(p, 1, [{ id: a[0]!.id, value: (n % 4) + 1 }], { baseRevision: 1, saveId: `concurrent-draft-${n}` })));
      expect(drafts.map((x) => x.statusCode)).toEqual(Array(10).fill(1));
      expect(drafts.filter((x) => x.conflict !== true)).toHaveLength(1);
      expect(await rows('answer_draft', p)).toHaveLength(1);
      expect((await revisionRow(p, 1))!.revision).toBe(2);
    },
  ],
  [
    'finishing deletes the drafts; the finished assessment refuses a draft and keeps none',
    async (p) => {
      for (const start of [...firstStarts, 21]) await save(p, start, await rankedPage(p, start));
      const items = await rankedPage(p, 1);
      await draft(p, 1, [{ id: items[0]!.id, value: 0 }]);
      expect(valuesOf(await load(p, 1))[0]).toBe(0);
      expect(await rows('answer_draft', p)).toHaveLength(1);
      // Another tab's token, still genuine: the assessment is finished with this one.
      const other = { ...p, token: signToken({ product: 1, isLoggedIn: true, assessment: p.assessmentId }, settings.tokenSecret, 3600) };
      expect(await call('submit/finishassessment', { token: p.token })).toMatchObject({ statusCode: 1, logout: true });
      expect(await rows('answer_draft', p)).toEqual([]);
      const refused = await draft(other, 1, [{ id: items[0]!.id, value: 0 }]);
      expect(refused).toMatchObject({ statusCode: 9, detailCode: 0 });
      expect(refused.token).toBeUndefined();
      expect(await rows('answer_draft', p)).toEqual([]);
      expect(await rows('answer', p)).toHaveLength(96);
    },
  ],
  [
    'a draft naming an answer not on the page, or a value not allowed, is PostDataIsInvalid naming it; the page’s draft stays',
    async (p) => {
      const items = await rankedPage(p, 1);
      expect((await draft(p, 1, items.slice(0, 2), { baseRevision: 0 })).revision).toBe(1);
      const next = await rankedPage(p, 5);
      for (const [answers, named] of [
        [[{ id: 999_999, value: 1 }], 'answer 999999 is not on the page starting at 1'],
        [[items[0]!, next[0]!], `answer ${next[0]!.id} is not on the page starting at 1`],
        [[{ id: items[0]!.id, value: 7 }], `value 7 of answer ${items[0]!.id} is not allowed`],
      ] as Array<[Item[], string]>) {
        const refused = await draft(p, 1, answers, { baseRevision: 1 });
        expect(refused).toMatchObject({ statusCode: 5 });
        expect(refused.errorInfo).toContain(named);
        expect(refused.token).toBeUndefined();
      }
      const again = await load(p, 1);
      expect(again.revision).toBe(1);
      expect(valuesOf(again).slice(0, 4)).toEqual([1, 2, 0, 0]);
      expect(await rows('answer_draft', p)).toHaveLength(2);
    },
  ],
  [
    'drafts are the token’s own assessment’s: another participant with the same answer ids neither sees nor changes them',
    async (p) => {
      const items = await rankedPage(p, 1);
      await draft(p, 1, items.slice(0, 1));
      const other = await participant();
      expect(valuesOf(await load(other, 1)).slice(0, 4)).toEqual([0, 0, 0, 0]);
      expect((await draft(other, 1, [{ id: items[0]!.id, value: 4 }])).revision).toBe(1);
      expect(await rows('answer_draft', p)).toEqual([{ answer_id: items[0]!.id, value: 1 }]);
      expect(valuesOf(await load(p, 1))[0]).toBe(1);
      expect(valuesOf(await load(other, 1))[0]).toBe(4);
    },
  ],
  [
    'deleting the assessment deletes its drafts and page revisions',
    async (p) => {
      await draft(p, 1, (await rankedPage(p, 1)).slice(0, 2));
      expect(valuesOf(await load(p, 1)).slice(0, 2)).toEqual([1, 2]);
      expect(await rows('answer_draft', p)).toHaveLength(2);
      await db.query('delete from assessment where id = $1', [p.assessmentId]);
      expect(await rows('answer_draft', p)).toEqual([]);
      expect(await revisionRow(p, 1)).toBeUndefined();
    },
  ],
  [
    'every page answer renews a token older than a minute, long before half its lifetime: a load, a draft, a save, a conflict',
    async (p) => {
      const claimsOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString('utf8')) as { jti: string; exp: number; assessment: number };
      // A token issued 90 s ago, as the page's last renewal left it (the old rule renewed past half of 3600 s only).
      const aged = () => ({ ...p, token: signToken({ product: 1, isLoggedIn: true, assessment: p.assessmentId }, settings.tokenSecret, 3600, Date.now() - 90_000) });
      const items = await rankedPage(aged(), 1);
      const answers = [
        await load(aged(), 1),
        await draft(aged(), 1, items.slice(0, 1), { baseRevision: 0 }),
        await save(aged(), 1, items, { baseRevision: 1 }),
        await save(aged(), 1, items, { baseRevision: 0 }),
      ];
      expect(answers.map((a) => [a.statusCode, a.conflict ?? false])).toEqual([[1, false], [1, false], [1, false], [1, true]]);
      for (const answer of answers) {
        expect(typeof answer.token).toBe('string');
        expect(claimsOf(answer.token as string)).toMatchObject({ assessment: p.assessmentId });
        expect(claimsOf(answer.token as string).exp * 1000).toBeGreaterThan(Date.now() + 3590_000);
      }
      // A demo participant's own login token, a minute on: the same.
      const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);
      const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
      const login = await call('submit/kodekodex/login', { passwordHash: encrypt('RANK4711'), token: ident.token });
      const minuteOn = Date.now() + 61_000;
      const later = createRequestHandler(db, settings, { now: () => minuteOn });
      const loaded = (await sendTo(later, 'pageinfo/questionnaire', { token: login.token, questionsPerPage: 4, questionStartIndex: 1 }, '198.51.100.40')).answer;
      expect(loaded.statusCode).toBe(1);
      expect(claimsOf(loaded.token as string).exp * 1000).toBeGreaterThan(minuteOn + 3590_000);
    },
  ],
];

describe('pageinfo/questionnaire: drafts, revisions, idempotent saves', () => {
  it.each(CASES)('%s', async (_name, run) => run(await participant()));
});
