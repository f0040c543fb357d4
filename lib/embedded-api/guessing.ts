import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiContext } from './context';
import type { Sql } from './db/database';
import { arrive, askAgain, networkOf, rankOf, type Pace, type TurnVerdict } from './keyCheckTurns';

/**
 * Limits on guessing codes, counted in the database so that they hold across restarts and across
 * instances sharing one PostgreSQL.
 *
 * Access codes (and personal keys, checked by the same login): a wrong code counts against its
 * assessment *and* the address it came from. Too many from one address within the window, and
 * that address is refused for that assessment for the lock period, even with the right code;
 * every other address, the owner's too, is not. How fast one assessment's key can be guessed from
 * many addresses together is bounded by the pace of its checks (keyCheckTurns.ts), which only
 * delays, and serves first the addresses and networks that have not tried yet, such as the
 * owner's. An address that failed on too many
 * assessments is refused for further ones (guessing across assessments). Refused attempts are not
 * counted again.
 *
 * Counting and checking is one step: an attempt takes transaction-scoped advisory locks on its
 * assessment and address, reads their failures and records itself (as a waiting turn, or as a
 * failure until settled), all before the slow key check.
 */

/** Advisory-lock namespaces (the first key of pg_advisory_xact_lock(int, int)). */
const LOCK_ASSESSMENT = 727_301;
const LOCK_ACCESS_CODE_CLIENT = 727_302;
const LOCK_IDENT_CODE_CLIENT = 727_303;

/** Failures older than this are of no further interest to any window in use; the daily purge (privacy/retention.ts) keeps the guessing tables as long. */
export const KEEP_SECONDS = 2 * 24 * 3600;

type LimitState = { failures: number; last: Date | null };

function isLocked(state: LimitState, max: number, lockSeconds: number, now: Date): boolean {
  return state.failures >= max && state.last !== null && now.getTime() - new Date(state.last).getTime() < lockSeconds * 1000;
}

/**
 * The address's failures on the assessment within the window, its waiting turns counted as
 * failures to come (so that concurrent attempts cannot pass the limit), and the last of them.
 */
async function pairState(tx: Sql, assessmentId: number, client: string, now: Date, windowSeconds: number): Promise<LimitState> {
  const [row] = await tx.query<LimitState>(
    `with recent as (
       select checked, failed_at from access_code_failure
        where assessment_id = $1 and client_address = $2 and failed_at > $3::timestamptz - make_interval(secs => $4::float8)
     ), waiting as (
       select count(*)::int as n from key_check_turn where assessment_id = $1 and client_address = $2 and expires_at > $3
     )
     select (select count(*) filter (where checked) from recent)::int + waiting.n as failures,
            case when waiting.n > 0 then $3::timestamptz
                 else (select max(failed_at) from access_code_failure where assessment_id = $1 and client_address = $2 and checked) end as last
       from waiting`,
    [assessmentId, client, now, windowSeconds],
  );
  return row ?? { failures: 0, last: null };
}

/**
 * The assessments the address failed on (or waits to be checked for) within the window, other
 * than this one, and its last failure: an address may go on with the assessments it is at, but
 * not spread to more than the limit.
 */
async function otherAssessmentsState(tx: Sql, assessmentId: number, client: string, now: Date, windowSeconds: number): Promise<LimitState> {
  const [row] = await tx.query<LimitState>(
    `select count(distinct assessment_id) filter (where assessment_id <> $1)::int as failures, max(at) as last from (
       select assessment_id, failed_at as at from access_code_failure
        where client_address = $2 and checked and failed_at > $3::timestamptz - make_interval(secs => $4::float8)
       union all
       select assessment_id, $3::timestamptz from key_check_turn where client_address = $2 and expires_at > $3
     ) as failed`,
    [assessmentId, client, now, windowSeconds],
  );
  return row ?? { failures: 0, last: null };
}

export type AccessCodeAttempt = { id: number; assessmentId: number };

/** Where an attempt stands: reserved for a check, refused, or waiting for its turn. */
type Step = AccessCodeAttempt | 'locked' | { turn: number; sleepMs: number };

/** A moment of the request's own clock: its start as the handler saw it (tests move that), plus the time since. */
const clockOf = (ctx: ApiContext) => {
  const started = Date.now();
  return () => new Date(ctx.now + (Date.now() - started));
};

/** A checked attempt is a failure until settled. */
async function recordFailure(tx: Sql, assessmentId: number, client: string, now: Date): Promise<AccessCodeAttempt> {
  const [row] = await tx.query<{ id: number }>(
    'insert into access_code_failure (assessment_id, client_address, client_network, failed_at, checked) values ($1, $2, $3, $4, true) returning id',
    [assessmentId, client, networkOf(client), now],
  );
  return { id: Number(row!.id), assessmentId };
}

/**
 * An attempt that got no check is kept for its rank alone, and only up to `max` attempts of the
 * address within the window: beyond them its rank is behind the owner's anyway, and a flood of
 * refused attempts must not grow the table without end.
 */
async function recordUnchecked(tx: Sql, assessmentId: number, client: string, now: Date, windowSeconds: number, max: number): Promise<void> {
  await tx.query(
    `insert into access_code_failure (assessment_id, client_address, client_network, failed_at, checked)
     select $1, $2, $3, $4, false
      where (select count(*) from access_code_failure
              where assessment_id = $1 and client_address = $2 and failed_at > $4::timestamptz - make_interval(secs => $5::float8)) < $6`,
    [assessmentId, client, networkOf(client), now, windowSeconds, max],
  );
}

/**
 * Reserves one access-code check: refused ('locked') when the address has used up its failures
 * on this assessment or its assessments, or when its turn does not come within the wait;
 * otherwise recorded as a failure until settled. The wait happens between transactions: no
 * connection is held while sleeping.
 */
export async function reserveAccessCodeAttempt(ctx: ApiContext, assessmentId: number): Promise<AccessCodeAttempt | 'locked'> {
  const { maxPerAssessment, maxPerClient, windowSeconds, lockSeconds, checkBurst, checkIntervalSeconds, maxWaitSeconds } = ctx.settings.guessing;
  const pace: Pace = { burst: checkBurst, intervalSeconds: checkIntervalSeconds, maxWaitSeconds };
  const clock = clockOf(ctx);
  const client = ctx.clientAddress;
  const deadline = ctx.now + maxWaitSeconds * 1000;
  const lockBoth = async (tx: Sql) => {
    // Always the assessment first, then the address: two attempts never wait on each other crosswise.
    await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCK_ASSESSMENT, assessmentId]);
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_ACCESS_CODE_CLIENT, client]);
  };

  const step = async (tx: Sql, now: Date, turn: TurnVerdict): Promise<Step> => {
    if (turn === 'full') {
      await recordUnchecked(tx, assessmentId, client, now, windowSeconds, maxPerAssessment);
      return 'locked';
    }
    return turn.granted ? recordFailure(tx, assessmentId, client, now) : { turn: turn.turn, sleepMs: turn.sleepMs };
  };

  let next: Step = await ctx.db.transaction(async (tx) => {
    await lockBoth(tx);
    const now = clock();
    const pair = await pairState(tx, assessmentId, client, now, windowSeconds);
    if (isLocked(pair, maxPerAssessment, lockSeconds, now)) return 'locked';
    if (isLocked(await otherAssessmentsState(tx, assessmentId, client, now, windowSeconds), maxPerClient, lockSeconds, now)) return 'locked';
    await tx.query(`delete from access_code_failure where failed_at < $1::timestamptz - make_interval(secs => greatest($2::float8, $3::float8, $4::float8))`, [
      now,
      windowSeconds,
      lockSeconds,
      KEEP_SECONDS,
    ]);
    return step(tx, now, await arrive(tx, assessmentId, client, await rankOf(tx, assessmentId, client, now, windowSeconds), now, pace));
  });
  while (typeof next === 'object' && 'turn' in next) {
    const { turn, sleepMs } = next;
    await sleep(Math.max(1, Math.min(sleepMs, deadline - clock().getTime())));
    next = await ctx.db.transaction(async (tx) => {
      await lockBoth(tx);
      const now = clock();
      return step(tx, now, await askAgain(tx, assessmentId, turn, now, deadline, pace));
    });
  }
  return next;
}

/**
 * A wrong code leaves its reservation as the failure it is. The right code ends the address's run
 * of failures on the assessment (its reservation included); other addresses' failures keep
 * counting for them, so that the owner logging in does not free an attacker.
 */
export async function settleAccessCodeAttempt(ctx: ApiContext, attempt: AccessCodeAttempt, matched: boolean): Promise<void> {
  if (matched) await ctx.db.query('delete from access_code_failure where assessment_id = $1 and client_address = $2', [attempt.assessmentId, ctx.clientAddress]);
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
