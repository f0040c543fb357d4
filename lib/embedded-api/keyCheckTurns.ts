import type { Sql } from './db/database';

/**
 * The pace of key checks of one assessment, across all client addresses and instances: a bucket
 * of `burst` checks that refills at one per `intervalSeconds` (key_check_pace). An attempt that
 * finds it empty waits for its turn (key_check_turn), at most `maxWaitSeconds`; then it gets no
 * check and is answered like a locked one, so that it tells nothing about the code.
 *
 * Turns go by rank first, then the newest first. The rank is the attempts on the assessment within
 * the window, checked or not, waiting ones included, of the address or (one for every
 * NETWORK_SHARE, rounded up) of its network, whichever is more: an owner typing from their own address goes
 * before every address that already tried, and every address of a network that did, however many
 * tries those sent. To keep the owner waiting an attacker needs a fresh network for every check;
 * after its first attempt it ranks behind the owner for the window. Within a
 * rank the newest goes first, so that a backlog of turns waiting before the owner came does not
 * keep them waiting.
 *
 * Every function here runs inside the caller's transaction, under its advisory lock on the
 * assessment, so that two instances never hand out one check twice. Nobody sleeps inside it.
 */

export type Pace = { burst: number; intervalSeconds: number; maxWaitSeconds: number };

/** Attempts of a network that weigh as much as one of an address: a school's or carrier's neighbours weigh little. */
const NETWORK_SHARE = 4;

/**
 * The network an address is part of: its /24 for IPv4, its /48 for IPv6 (the client address is
 * already its /64, lib/edge/clientAddress.mjs), itself for anything else. One subscriber or one
 * hosting customer often holds a whole such network.
 */
export function networkOf(address: string): string {
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1]}.0/24`;
  const v6 = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):/i.exec(address);
  if (v6) return `${v6[1]}::/48`;
  return address;
}

/**
 * The rank of a new attempt: the attempts of the address on the assessment within the window, or
 * those of its network divided by NETWORK_SHARE and rounded up, whichever is more; waiting turns
 * count as attempts. Only the first attempt of a network ranks with an owner who has not tried.
 */
export async function rankOf(tx: Sql, assessmentId: number, client: string, now: Date, windowSeconds: number): Promise<number> {
  const [row] = await tx.query<{ rank: number }>(
    `with attempts as (
       select client_address from access_code_failure
        where assessment_id = $1 and client_network = $3 and failed_at > $4::timestamptz - make_interval(secs => $5::float8)
       union all
       select client_address from key_check_turn where assessment_id = $1 and client_network = $3 and expires_at > $4
     )
     select greatest(count(*) filter (where client_address = $2), ceil(count(*)::float8 / $6::float8))::int as rank from attempts`,
    [assessmentId, client, networkOf(client), now, windowSeconds, NETWORK_SHARE],
  );
  return row?.rank ?? 0;
}

/** A waiting turn outlives its deadline a little, so that a crashed request's turn lapses by itself. */
const TURN_GRACE_SECONDS = 2;

export type TurnVerdict = { granted: true } | { granted: false; turn: number; sleepMs: number } | 'full';

/** Checks the bucket holds now (refilled since it was last used), whole or partial. */
async function tokensAt(tx: Sql, assessmentId: number, now: Date, pace: Pace): Promise<number> {
  const [row] = await tx.query<{ tokens: number }>(
    `select least($3::float8, tokens + greatest(0, extract(epoch from ($2::timestamptz - updated_at)))::float8 / $4::float8) as tokens
       from key_check_pace where assessment_id = $1`,
    [assessmentId, now, pace.burst, pace.intervalSeconds],
  );
  return row ? Number(row.tokens) : pace.burst;
}

async function takeToken(tx: Sql, assessmentId: number, tokens: number, now: Date): Promise<void> {
  await tx.query(
    `insert into key_check_pace (assessment_id, tokens, updated_at) values ($1, $2, $3)
       on conflict (assessment_id) do update set tokens = excluded.tokens, updated_at = excluded.updated_at`,
    [assessmentId, tokens - 1, now],
  );
}

/** Waiting turns that go before (rank, id): a lower rank, or the same rank and newer; a new arrival (id null) goes first in its rank. */
async function turnsAhead(tx: Sql, assessmentId: number, rank: number, id: number | null, now: Date): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from key_check_turn
      where assessment_id = $1 and expires_at > $4 and (rank < $2 or (rank = $2 and $3::bigint is not null and id > $3::bigint))`,
    [assessmentId, rank, id, now],
  );
  return row?.n ?? 0;
}

/** Milliseconds until the bucket holds a check for the one `ahead` turns back. */
const msUntilTurn = (ahead: number, tokens: number, pace: Pace) => Math.max(0, (ahead + 1 - tokens) * pace.intervalSeconds * 1000);

/**
 * A new attempt: a check at once when the bucket holds one and no turn goes before it; otherwise
 * a turn, unless the turns before it could not all be served within the wait ('full').
 */
export async function arrive(tx: Sql, assessmentId: number, clientAddress: string, rank: number, now: Date, pace: Pace): Promise<TurnVerdict> {
  await tx.query('delete from key_check_turn where assessment_id = $1 and expires_at <= $2', [assessmentId, now]);
  const tokens = await tokensAt(tx, assessmentId, now, pace);
  const ahead = await turnsAhead(tx, assessmentId, rank, null, now);
  if (ahead === 0 && tokens >= 1) {
    await takeToken(tx, assessmentId, tokens, now);
    return { granted: true };
  }
  const wait = msUntilTurn(ahead, tokens, pace);
  if (wait > pace.maxWaitSeconds * 1000) return 'full';
  const [row] = await tx.query<{ id: number }>(
    `insert into key_check_turn (assessment_id, client_address, client_network, rank, expires_at)
     values ($1, $2, $3, $4, $5::timestamptz + make_interval(secs => $6::float8)) returning id`,
    [assessmentId, clientAddress, networkOf(clientAddress), rank, now, pace.maxWaitSeconds + TURN_GRACE_SECONDS],
  );
  return { granted: false, turn: Number(row!.id), sleepMs: wait };
}

/**
 * A waiting turn asks again: the check when it is first and the bucket holds one; 'full' (its turn
 * given up) when it could no longer be served by the deadline; else how long to sleep.
 */
export async function askAgain(tx: Sql, assessmentId: number, turn: number, now: Date, deadline: number, pace: Pace): Promise<TurnVerdict> {
  const [mine] = await tx.query<{ rank: number }>('select rank from key_check_turn where id = $1 and expires_at > $2', [turn, now]);
  if (!mine) return 'full';
  const tokens = await tokensAt(tx, assessmentId, now, pace);
  const ahead = await turnsAhead(tx, assessmentId, mine.rank, turn, now);
  if (ahead === 0 && tokens >= 1) {
    await tx.query('delete from key_check_turn where id = $1', [turn]);
    await takeToken(tx, assessmentId, tokens, now);
    return { granted: true };
  }
  const wait = msUntilTurn(ahead, tokens, pace);
  if (now.getTime() + wait > deadline) {
    await leave(tx, turn);
    return 'full';
  }
  // The one before us takes the next check the moment it is there: look again just after.
  const sleepMs = ahead === 0 ? wait + 5 : tokens >= 1 ? 25 : msUntilTurn(0, tokens, pace) + 25;
  return { granted: false, turn, sleepMs };
}

export async function leave(tx: Sql, turn: number): Promise<void> {
  await tx.query('delete from key_check_turn where id = $1', [turn]);
}
