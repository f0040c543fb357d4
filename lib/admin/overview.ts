import type { Sql } from '@/lib/embedded-api/db/database';

/**
 * The console's live overview: the operator's question on an assessment day, "who is still working,
 * who is stuck, who has not started?", per questionnaire and per group code. A participant has
 * started once anything of theirs is saved (an answer or a draft of a page), is in progress until
 * they finish, and counts as stuck while in progress with nothing saved for STUCK_MINUTES.
 */
export const STUCK_MINUTES = 15;

export type Progress = {
  invited: number;
  notStarted: number;
  inProgress: number;
  stuck: number;
  finished: number;
  lastActivity: Date | null;
};

export type QuestionnaireProgress = Progress & { questionnaireKey: string };
export type GroupProgress = Progress & { groupCode: string; variant: string; closed: boolean };

export type Timeline = {
  from: Date;
  to: Date;
  bucketMinutes: number;
  /** Per bucket, oldest first: participants who started, and who finished, in it. */
  starts: number[];
  finishes: number[];
};

export type Overview = {
  at: Date;
  totals: Progress;
  questionnaires: QuestionnaireProgress[];
  groups: GroupProgress[];
  timeline: Timeline;
};

/** The chart's ranges: how far back it looks, and in buckets of how many minutes. */
export const RANGES = { '1h': { hours: 1, bucketMinutes: 2 }, '8h': { hours: 8, bucketMinutes: 15 }, '24h': { hours: 24, bucketMinutes: 60 }, '7d': { hours: 168, bucketMinutes: 360 } } as const;
export type Range = keyof typeof RANGES;

export function isRange(value: unknown): value is Range {
  return typeof value === 'string' && Object.hasOwn(RANGES, value);
}

type CountsRow = { invited: string; not_started: string; in_progress: string; stuck: string; finished: string; last_activity: Date | null };

// Each assessment once, with when its first and last save were; participants who have not saved anything have no row.
const activity = (name: string) => `${name} as (
  select assessment_id, min(saved_at) as first_at, max(saved_at) as last_at
  from (select assessment_id, saved_at from answer union all select assessment_id, saved_at from answer_draft) saves
  group by assessment_id)`;

const COUNTS = `count(a.id) as invited,
  count(a.id) filter (where a.finished_at is null and act.first_at is null) as not_started,
  count(a.id) filter (where a.finished_at is null and act.first_at is not null) as in_progress,
  count(a.id) filter (where a.finished_at is null and act.last_at < $1) as stuck,
  count(a.id) filter (where a.finished_at is not null) as finished,
  max(greatest(act.last_at, a.finished_at)) as last_activity`;

function progressOf(row: CountsRow | undefined): Progress {
  return {
    invited: Number(row?.invited ?? 0),
    notStarted: Number(row?.not_started ?? 0),
    inProgress: Number(row?.in_progress ?? 0),
    stuck: Number(row?.stuck ?? 0),
    finished: Number(row?.finished ?? 0),
    lastActivity: row?.last_activity ? new Date(row.last_activity) : null,
  };
}

export async function loadOverview(sql: Sql, range: Range = '8h', now: Date = new Date()): Promise<Overview> {
  const stuckBefore = new Date(now.getTime() - STUCK_MINUTES * 60_000);
  const [totals] = await sql.query<CountsRow>(`with ${activity('activity')} select ${COUNTS} from assessment a left join activity act on act.assessment_id = a.id`, [stuckBefore]);
  const questionnaires = await sql.query<CountsRow & { questionnaire_key: string }>(
    `with ${activity('activity')} select a.questionnaire_key, ${COUNTS} from assessment a left join activity act on act.assessment_id = a.id
     group by a.questionnaire_key order by a.questionnaire_key`,
    [stuckBefore],
  );
  const groups = await sql.query<CountsRow & { code: string; variant: string; closed: boolean }>(
    `with ${activity('activity')} select g.code, g.variant, (g.closed_at is not null) as closed, ${COUNTS}
     from group_code g left join group_member m on m.group_code_id = g.id left join assessment a on a.group_member_id = m.id
     left join activity act on act.assessment_id = a.id
     group by g.id, g.code, g.variant, g.closed_at order by g.code`,
    [stuckBefore],
  );
  return {
    at: now,
    totals: progressOf(totals),
    questionnaires: questionnaires.map((row) => ({ questionnaireKey: row.questionnaire_key, ...progressOf(row) })),
    groups: groups.map((row) => ({ groupCode: row.code, variant: row.variant, closed: row.closed, ...progressOf(row) })),
    timeline: await loadTimeline(sql, range, now),
  };
}

async function loadTimeline(sql: Sql, range: Range, now: Date): Promise<Timeline> {
  const { hours, bucketMinutes } = RANGES[range];
  const bucketMs = bucketMinutes * 60_000;
  // Buckets end on a whole bucket after now, so that a refresh keeps them where they were.
  const to = new Date(Math.ceil(now.getTime() / bucketMs) * bucketMs);
  const from = new Date(to.getTime() - hours * 3600_000);
  const count = Math.round((hours * 60) / bucketMinutes);
  const rows = await sql.query<{ kind: 'start' | 'finish'; bucket: number; n: string }>(
    `with ${activity('firsts')},
     events as (
       select 'start' as kind, first_at as at from firsts where first_at >= $1 and first_at < $2
       union all select 'finish', finished_at from assessment where finished_at >= $1 and finished_at < $2)
     select kind, floor(extract(epoch from (at - $1::timestamptz)) * 1000 / $3)::int as bucket, count(*) as n from events group by 1, 2`,
    [from, to, bucketMs],
  );
  const starts = new Array<number>(count).fill(0);
  const finishes = new Array<number>(count).fill(0);
  for (const row of rows) {
    const series = row.kind === 'start' ? starts : finishes;
    if (row.bucket >= 0 && row.bucket < count) series[row.bucket] = Number(row.n);
  }
  return { from, to, bucketMinutes, starts, finishes };
}
