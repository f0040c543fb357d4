import type { ApiContext } from './context';
import type { Sql } from './db/database';

/**
 * Limits on guessing codes, counted in the database so that they hold across restarts and across
 * instances sharing one PostgreSQL. After too many failures within the window (per assessment or
 * per client address), attempts are refused for the lock period after the last failure, even with
 * the right code; refused attempts are not counted again.
 *
 * Counting and checking is one step: an attempt takes a transaction-scoped advisory lock on its
 * subjects, reads their failures and records itself, all before the slow key check. So 150
 * concurrent wrong codes against a limit of 20 get exactly 20 checks, on any number of instances.
 */

/** Advisory-lock namespaces (the first key of pg_advisory_xact_lock(int, int)). */
const LOCK_ASSESSMENT = 727_301;
const LOCK_ACCESS_CODE_CLIENT = 727_302;
const LOCK_IDENT_CODE_CLIENT = 727_303;

/** Failures older than this are of no further interest to any window in use. */
const KEEP_SECONDS = 2 * 24 * 3600;

type LimitState = { failures: number; last: Date | null };

/** Failures of one subject within the window, and its last failure at all. */
async function limitState(sql: Sql, table: 'access_code_failure', column: 'assessment_id' | 'client_address', value: number | string, now: Date, windowSeconds: number): Promise<LimitState> {
  const [row] = await sql.query<LimitState>(
    `select count(*) filter (where failed_at > $2::timestamptz - make_interval(secs => $3::float8))::int as failures, max(failed_at) as last
       from ${table} where ${column} = $1`,
    [value, now, windowSeconds],
  );
  return row ?? { failures: 0, last: null };
}

function isLocked(state: LimitState, max: number, lockSeconds: number, now: Date): boolean {
  return state.failures >= max && state.last !== null && now.getTime() - new Date(state.last).getTime() < lockSeconds * 1000;
}

export type AccessCodeAttempt = { id: number; assessmentId: number };

/**
 * Reserves one access-code attempt: refused ('locked') when the assessment or the client address
 * has used up its failures, otherwise recorded as a failure until settled.
 */
export async function reserveAccessCodeAttempt(ctx: ApiContext, assessmentId: number): Promise<AccessCodeAttempt | 'locked'> {
  const { maxPerAssessment, maxPerClient, windowSeconds, lockSeconds } = ctx.settings.guessing;
  const now = new Date(ctx.now);
  return ctx.db.transaction(async (tx) => {
    // Always the assessment first, then the address: two attempts never wait on each other crosswise.
    await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCK_ASSESSMENT, assessmentId]);
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_ACCESS_CODE_CLIENT, ctx.clientAddress]);
    const byAssessment = await limitState(tx, 'access_code_failure', 'assessment_id', assessmentId, now, windowSeconds);
    const byClient = await limitState(tx, 'access_code_failure', 'client_address', ctx.clientAddress, now, windowSeconds);
    if (isLocked(byAssessment, maxPerAssessment, lockSeconds, now) || isLocked(byClient, maxPerClient, lockSeconds, now)) return 'locked';
    await tx.query(`delete from access_code_failure where failed_at < $1::timestamptz - make_interval(secs => greatest($2::float8, $3::float8, $4::float8))`, [
      now,
      windowSeconds,
      lockSeconds,
      KEEP_SECONDS,
    ]);
    const [row] = await tx.query<{ id: number }>(
      'insert into access_code_failure (assessment_id, client_address, failed_at) values ($1, $2, $3) returning id',
      [assessmentId, ctx.clientAddress, now],
    );
    return { id: Number(row!.id), assessmentId };
  });
}

/**
 * A wrong code leaves its reservation as the failure it is. The right code ends the assessment's
 * run of failures (its reservation included); failures on other assessments keep counting for
 * the address.
 */
export async function settleAccessCodeAttempt(ctx: ApiContext, attempt: AccessCodeAttempt, matched: boolean): Promise<void> {
  if (matched) await ctx.db.query('delete from access_code_failure where assessment_id = $1', [attempt.assessmentId]);
}

export type IdentCodeRow = {
  id: number;
  product: number;
  ui_language: string;
  questionnaire_language: string;
  stylesheet: string;
  finished_at: Date | null;
  valid_until: Date | null;
  must_register: boolean;
  has_key: boolean;
};

/**
 * Looks an ident code up under the per-address limit: 'locked' when the address has used up its
 * unknown codes, otherwise the assessment (or undefined, counted as a failure). A known and an
 * unknown code run the very same statement and write one row each (a failure keeps the address, a
 * success keeps nothing but the time), so that both cost the same time, commit included.
 *
 * A group participant's personal access code is looked up by the same statement (coming back,
 * README "Coming back (group participants)"): it finds the assessment the participant is at
 * (group_member.current_assessment_id). Every lookup probes both indexes, whichever code it is, so
 * the cost stays the same for an ident code, an access code and an unknown code. For a participant,
 * a closed group code counts as finished and the group code's end as the assessment's.
 */
export async function lookUpIdentCode(ctx: ApiContext, code: string): Promise<IdentCodeRow | undefined | 'locked'> {
  const { maxPerClient, windowSeconds, lockSeconds } = ctx.settings.identCodeGuessing;
  const now = new Date(ctx.now);
  return ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_IDENT_CODE_CLIENT, ctx.clientAddress]);
    const [row] = await tx.query<{ locked: boolean } & Partial<IdentCodeRow>>(
      `with state as (
         select count(*) filter (where looked_up_at > $3::timestamptz - make_interval(secs => $4::float8))::int as failures, max(looked_up_at) as last
           from ident_code_lookup where client_address = $2 and failed
       ), gate as (
         select coalesce(failures >= $5::bigint and last > $3::timestamptz - make_interval(secs => $6::float8), false) as locked from state
       ), candidates as (
         select 0 as source, a.id, a.product, a.ui_language, a.questionnaire_language, a.stylesheet, a.finished_at, a.valid_until,
                s.must_register, s.key_hash is not null as has_key
           from assessment a join assessor s on s.id = a.assessor_id
          where upper(a.ident_code) = upper($1)
         union all
         select 1 as source, a.id, a.product, a.ui_language, a.questionnaire_language, a.stylesheet,
                coalesce(a.finished_at, g.closed_at), least(g.valid_until, a.valid_until),
                s.must_register, s.key_hash is not null
           from group_member m join group_code g on g.id = m.group_code_id
           join assessment a on a.id = m.current_assessment_id join assessor s on s.id = a.assessor_id
          where upper(m.access_code) = upper($1)
       ), found as (
         select id, product, ui_language, questionnaire_language, stylesheet, finished_at, valid_until, must_register, has_key
           from candidates where not (select locked from gate)
          order by source, id limit 1
       ), recorded as (
         insert into ident_code_lookup (client_address, looked_up_at, failed)
         select case when found.id is null then $2 end, $3, found.id is null
           from (select 1) as one left join found on true
          where not (select locked from gate)
       ), swept as (
         delete from ident_code_lookup where looked_up_at < $3::timestamptz - make_interval(secs => greatest($4::float8, $6::float8, $7::float8))
       )
       select (select locked from gate) as locked, found.* from (select 1) as one left join found on true`,
      [code, ctx.clientAddress, now, windowSeconds, maxPerClient, lockSeconds, KEEP_SECONDS],
    );
    if (row?.locked) return 'locked';
    return typeof row?.id === 'number' ? (row as IdentCodeRow) : undefined;
  });
}
