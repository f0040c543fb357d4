import type { ApiContext } from './context';
import type { Sql } from './db/database';

/**
 * Whether access-code attempts are refused for now: after too many failures for one assessment
 * within the window, or from one client address, attempts are refused for the lock period after
 * the last failure — even with the right code. Refused attempts are not counted again.
 */
export async function isGuessingLocked(sql: Sql, ctx: ApiContext, assessmentId: number): Promise<boolean> {
  const { maxPerAssessment, maxPerClient, windowSeconds, lockSeconds } = ctx.settings.guessing;
  const now = new Date(ctx.now);
  const [row] = await sql.query<{ by_assessment: number; last_assessment: Date | null; by_client: number; last_client: Date | null }>(
    `select
       (select count(*)::int from access_code_failure where assessment_id = $1 and failed_at > $3::timestamptz - make_interval(secs => $4)) as by_assessment,
       (select max(failed_at) from access_code_failure where assessment_id = $1) as last_assessment,
       (select count(*)::int from access_code_failure where client_address = $2 and failed_at > $3::timestamptz - make_interval(secs => $4)) as by_client,
       (select max(failed_at) from access_code_failure where client_address = $2) as last_client`,
    [assessmentId, ctx.clientAddress, now, windowSeconds],
  );
  if (!row) return false;
  const lockedSince = (last: Date | null) => last !== null && now.getTime() - new Date(last).getTime() < lockSeconds * 1000;
  return (row.by_assessment >= maxPerAssessment && lockedSince(row.last_assessment)) || (row.by_client >= maxPerClient && lockedSince(row.last_client));
}

export async function recordFailure(sql: Sql, ctx: ApiContext, assessmentId: number): Promise<void> {
  await sql.query('insert into access_code_failure (assessment_id, client_address, failed_at) values ($1, $2, $3)', [
    assessmentId,
    ctx.clientAddress,
    new Date(ctx.now),
  ]);
  // Rows older than any window in use are of no further interest.
  await sql.query(`delete from access_code_failure where failed_at < $1::timestamptz - interval '2 days'`, [new Date(ctx.now)]);
}

/** The right code ends the assessment's run of failures; the client address keeps its count. */
export async function clearAssessmentFailures(sql: Sql, assessmentId: number): Promise<void> {
  await sql.query('delete from access_code_failure where assessment_id = $1', [assessmentId]);
}
