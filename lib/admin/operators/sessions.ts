import type { Sql } from '@/lib/embedded-api/db/database';
import type { Role } from './roles';
import { isSecretTokenShape, newSecretToken, tokenHash } from './tokens';

export type SessionLimits = { idleMinutes: number; maxHours: number };

export type ConsoleSession = {
  /** The SHA-256 of the cookie: what binds the form's XSRF token, never the cookie itself. */
  idHash: string;
  operatorId: number;
  email: string;
  role: Role;
  expiresAt: Date;
};

/** A new session; the answer is the cookie's value, which is stored nowhere. */
export async function startSession(sql: Sql, operatorId: number, limits: SessionLimits, now: Date = new Date()): Promise<string> {
  const cookie = newSecretToken();
  await sql.query('insert into operator_session (id_hash, operator_id, created_at, expires_at, seen_at) values ($1, $2, $3, $4, $3)', [
    tokenHash(cookie),
    operatorId,
    now,
    new Date(now.getTime() + limits.maxHours * 3600_000),
  ]);
  // Sessions that ended or expired long ago are no longer of use to anyone.
  await sql.query('delete from operator_session where expires_at < $1', [new Date(now.getTime() - 7 * 24 * 3600_000)]);
  return cookie;
}

/**
 * The session a cookie names, when it still runs: not ended, not past its end, not idle longer than
 * allowed, its operator enabled. Each use marks it seen (at most once a minute, to spare writes).
 */
export async function sessionOf(sql: Sql, cookie: string | undefined, limits: SessionLimits, now: Date = new Date()): Promise<ConsoleSession | undefined> {
  if (!isSecretTokenShape(cookie)) return undefined;
  const idHash = tokenHash(cookie);
  const idleSince = new Date(now.getTime() - limits.idleMinutes * 60_000);
  const [row] = await sql.query<{ operator_id: string; email: string; role: Role; expires_at: Date; seen_at: Date }>(
    `select s.operator_id, o.email, o.role, s.expires_at, s.seen_at from operator_session s join operator o on o.id = s.operator_id
     where s.id_hash = $1 and s.ended_at is null and s.expires_at > $2 and s.seen_at > $3 and o.disabled_at is null`,
    [idHash, now, idleSince],
  );
  if (!row) return undefined;
  if (now.getTime() - new Date(row.seen_at).getTime() > 60_000) {
    await sql.query('update operator_session set seen_at = $2 where id_hash = $1', [idHash, now]);
  }
  return { idHash, operatorId: Number(row.operator_id), email: row.email, role: row.role, expiresAt: new Date(row.expires_at) };
}

export async function endSession(sql: Sql, cookie: string | undefined, now: Date = new Date()): Promise<void> {
  if (!isSecretTokenShape(cookie)) return;
  await sql.query('update operator_session set ended_at = $2 where id_hash = $1 and ended_at is null', [tokenHash(cookie), now]);
}
