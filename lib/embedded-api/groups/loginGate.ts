import type { GroupVariant } from '@/lib/flows/groupVariants';
import type { ApiContext } from '../context';
import type { Sql } from '../db/database';
import { verdictOnGroupCode, type GroupLoginVerdict } from './loginRule';
import { findGroupCode, type GroupCodeRow } from './store';

/**
 * The limits on group-code logins, counted in the database like those on access and ident codes
 * (../guessing.ts), so that they hold across restarts and across instances sharing one PostgreSQL:
 * - unknown group codes per client address (group_code_failure): after too many within the
 *   window, every login from the address is refused for the lock period, even with a known code,
 *   so that the answer tells nothing about the code;
 * - new participants per group code per client address (group_code_login): at most so many within
 *   the window, so that one address cannot create participants without end; a classroom behind one
 *   NAT fits at the default.
 *
 * Checking and recording is one step: the attempt takes a transaction-scoped advisory lock on the
 * address, reads its counts and records itself before it commits. The participant is created
 * afterwards, in a transaction of its own, so that the address's lock is held only for this gate:
 * a classroom behind one NAT waits for a few statements per login, not for every participant's
 * creation.
 */

/** Advisory-lock namespace (the first key of pg_advisory_xact_lock(int, int)); ../guessing.ts uses 727_301–727_303. */
const LOCK_GROUP_CODE_CLIENT = 727_304;

/** Rows older than this are of no further interest to any window in use. */
const KEEP_SECONDS = 2 * 24 * 3600;

export type GateResult = { verdict: Exclude<GroupLoginVerdict, 'malformed'>; group?: GroupCodeRow };

/** Whether every questionnaire the group code offers is imported (the selection offers them all). */
async function questionnairesImported(sql: Sql, group: GroupCodeRow): Promise<boolean> {
  const keys = [...new Set(group.questionnaires.map((q) => q.key))];
  if (keys.length === 0) return false;
  const [row] = await sql.query<{ n: number }>('select count(distinct key)::int as n from questionnaire where key = any($1)', [keys]);
  return (row?.n ?? 0) === keys.length;
}

/**
 * Looks a well-formed group code up for a login on the variant's page, under both limits. An
 * unknown code is recorded as the address's failure; a code that may start a participant is
 * recorded as the address's login with it ('ok'); everything else records nothing.
 */
export async function passGroupCodeGate(ctx: ApiContext, code: string, variant: GroupVariant): Promise<GateResult> {
  const { maxFailuresPerClient, failureWindowSeconds, lockSeconds, maxLoginsPerClient, loginWindowSeconds } = ctx.settings.groupCodeGuessing;
  const now = new Date(ctx.now);
  const address = ctx.clientAddress;
  return ctx.db.transaction(async (tx): Promise<GateResult> => {
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_GROUP_CODE_CLIENT, address]);
    const [failures] = await tx.query<{ failures: number; last: Date | null }>(
      `select count(*) filter (where failed_at > $2::timestamptz - make_interval(secs => $3::float8))::int as failures, max(failed_at) as last
         from group_code_failure where client_address = $1`,
      [address, now, failureWindowSeconds],
    );
    const locked =
      (failures?.failures ?? 0) >= maxFailuresPerClient && failures?.last != null && now.getTime() - new Date(failures.last).getTime() < lockSeconds * 1000;
    if (locked) return { verdict: 'locked' };

    const group = await findGroupCode(tx, code);
    if (!group) {
      await tx.query('insert into group_code_failure (client_address, failed_at) values ($1, $2)', [address, now]);
      await tx.query(`delete from group_code_failure where failed_at < $1::timestamptz - make_interval(secs => greatest($2::float8, $3::float8, $4::float8))`, [
        now,
        failureWindowSeconds,
        lockSeconds,
        KEEP_SECONDS,
      ]);
      return { verdict: 'unknown' };
    }

    const facts = { variant: group.variant, closedAt: group.closed_at, validUntil: group.valid_until, questionnairesImported: await questionnairesImported(tx, group) };
    const verdict = verdictOnGroupCode(facts, variant, ctx.now);
    if (verdict !== 'ok') return { verdict, group };

    const [logins] = await tx.query<{ n: number }>(
      `select count(*)::int as n from group_code_login
        where group_code_id = $1 and client_address = $2 and logged_in_at > $3::timestamptz - make_interval(secs => $4::float8)`,
      [group.id, address, now, loginWindowSeconds],
    );
    if ((logins?.n ?? 0) >= maxLoginsPerClient) return { verdict: 'loginLimit', group };
    await tx.query('insert into group_code_login (group_code_id, client_address, logged_in_at) values ($1, $2, $3)', [group.id, address, now]);
    await tx.query(`delete from group_code_login where logged_in_at < $1::timestamptz - make_interval(secs => greatest($2::float8, $3::float8))`, [
      now,
      loginWindowSeconds,
      KEEP_SECONDS,
    ]);
    return { verdict: 'ok', group };
  });
}
