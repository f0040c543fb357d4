import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { loadOverview, STUCK_MINUTES } from './overview';

/**
 * The overview's states, one assessment each: not started (nothing saved), in progress (an answer,
 * or only a draft), stuck (in progress, nothing saved for STUCK_MINUTES), finished; per
 * questionnaire, per group code (an empty one too), and the timeline's buckets.
 */
const NOW = new Date('2030-05-04T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
let db: Database;

async function assessment(code: string, key: string, options: { answerAt?: Date; draftAt?: Date; finishedAt?: Date; member?: number } = {}): Promise<void> {
  const [assessor] = await db.query<{ id: number }>('insert into assessor default values returning id');
  const [row] = await db.query<{ id: number }>(
    'insert into assessment (ident_code, product, assessor_id, questionnaire_key, finished_at, group_member_id) values ($1, 1, $2, $3, $4, $5) returning id',
    [code, assessor!.id, key, options.finishedAt ?? null, options.member ?? null],
  );
  if (options.answerAt) await db.query('insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 11, 2, $2)', [row!.id, options.answerAt]);
  if (options.draftAt) await db.query('insert into answer_draft (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 12, 3, $2)', [row!.id, options.draftAt]);
}

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await assessment('NOTSTART1', 'team', {});
  await assessment('WORKING01', 'team', { answerAt: minutesAgo(2) });
  await assessment('DRAFTONLY', 'team', { draftAt: minutesAgo(1) });
  await assessment('STUCK0001', 'team', { answerAt: minutesAgo(STUCK_MINUTES + 5) });
  await assessment('FINISHED1', 'other', { answerAt: minutesAgo(40), finishedAt: minutesAgo(20) });
  const [group] = await db.query<{ id: number }>("insert into group_code (code, variant, product) values ('GROUPA01', 'kodew', 4) returning id");
  await db.query("insert into group_code (code, variant, product, closed_at) values ('EMPTYGRP', 'ra', 3, now())");
  const [assessor] = await db.query<{ id: number }>('insert into assessor default values returning id');
  const [member] = await db.query<{ id: number }>('insert into group_member (group_code_id, assessor_id, access_code) values ($1, $2, $3) returning id', [group!.id, assessor!.id, 'ACCESS0001']);
  await assessment('MEMBER001', 'other', { answerAt: minutesAgo(3), member: member!.id });
}, 60_000);

afterAll(() => db.close());

describe('loadOverview', () => {
  it('counts every participant in one state, and the last activity', async () => {
    const { totals } = await loadOverview(db, '1h', NOW);
    expect(totals).toEqual({ invited: 6, notStarted: 1, inProgress: 4, stuck: 1, finished: 1, lastActivity: minutesAgo(1) });
  });

  it('per questionnaire', async () => {
    const { questionnaires } = await loadOverview(db, '1h', NOW);
    expect(questionnaires.map(({ questionnaireKey, invited, notStarted, inProgress, stuck, finished }) => ({ questionnaireKey, invited, notStarted, inProgress, stuck, finished }))).toEqual([
      { questionnaireKey: 'other', invited: 2, notStarted: 0, inProgress: 1, stuck: 0, finished: 1 },
      { questionnaireKey: 'team', invited: 4, notStarted: 1, inProgress: 3, stuck: 1, finished: 0 },
    ]);
  });

  it('per group code, a closed one without participants too', async () => {
    const { groups } = await loadOverview(db, '1h', NOW);
    expect(groups).toEqual([
      { groupCode: 'EMPTYGRP', variant: 'ra', closed: true, invited: 0, notStarted: 0, inProgress: 0, stuck: 0, finished: 0, lastActivity: null },
      { groupCode: 'GROUPA01', variant: 'kodew', closed: false, invited: 1, notStarted: 0, inProgress: 1, stuck: 0, finished: 0, lastActivity: minutesAgo(3) },
    ]);
  });

  it('the timeline puts each start (first save) and finish in its bucket, within the range only', async () => {
    const { timeline } = await loadOverview(db, '1h', NOW);
    expect(timeline).toMatchObject({ from: minutesAgo(60), to: NOW, bucketMinutes: 2 });
    expect(timeline.starts).toHaveLength(30);
    // Starts 40, 20, 3, 2 and 1 minutes ago; finishes 20 minutes ago.
    const bucketOf = (minutes: number) => Math.floor((60 - minutes) / 2);
    const expectedStarts = new Array<number>(30).fill(0);
    for (const minutes of [40, STUCK_MINUTES + 5, 3, 2, 1]) expectedStarts[bucketOf(minutes)]! += 1;
    expect(timeline.starts).toEqual(expectedStarts);
    expect(timeline.finishes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(timeline.finishes[bucketOf(20)]).toBe(1);
    const { timeline: hour } = await loadOverview(db, '1h', new Date(NOW.getTime() + 3 * 3600_000));
    expect(hour.starts.every((n) => n === 0)).toBe(true);
  });
});
