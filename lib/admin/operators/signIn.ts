import type { Database } from '@/lib/embedded-api/db/database';
import { hashKey, verifyKey } from '@/lib/embedded-api/keys';
import { normalEmail } from './operators';
import type { Role } from './roles';

export type SignInLimits = {
  /** Wrong passwords for one account, from all addresses together, within the window; then its password sign-in waits. */
  maxFailuresPerAccount: number;
  /** Wrong passwords from one client address, for any accounts, within the window. */
  maxFailuresPerClient: number;
  windowSeconds: number;
};

export type SignInResult =
  | { ok: true; operatorId: number; email: string; role: Role }
  | { ok: false; reason: 'wrong' | 'locked' };

/** Compared against when the account is unknown, so that an unknown address costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;

/**
 * Password sign-in. Each attempt is written as a failure before the password is checked, and taken
 * back when it was right: many attempts at once each see the ones before them, so the limit holds
 * under a burst. An unknown or disabled account, a missing password and a wrong one all answer
 * 'wrong', alike in time. A locked account stays reachable by passkey, which cannot be guessed: a
 * stranger who types wrong passwords for an owner's address cannot lock the owner out.
 */
export async function signInWithPassword(
  db: Database,
  attempt: { email: string; password: string; client: string },
  limits: SignInLimits,
  now: Date = new Date(),
): Promise<SignInResult> {
  const email = normalEmail(attempt.email).slice(0, 320);
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const [reserved] = await db.query<{ id: string }>('insert into operator_signin_failure (email, client, at) values ($1, $2, $3) returning id', [email, attempt.client, now]);
  const [counts] = await db.query<{ account: string; client: string }>(
    `select (select count(*) from operator_signin_failure where email = $1 and at > $3) as account,
            (select count(*) from operator_signin_failure where client = $2 and at > $3) as client`,
    [email, attempt.client, since],
  );
  if (Number(counts!.account) > limits.maxFailuresPerAccount || Number(counts!.client) > limits.maxFailuresPerClient) {
    // A refused attempt is no guess: it does not count towards the next window.
    await db.query('delete from operator_signin_failure where id = $1', [reserved!.id]);
    return { ok: false, reason: 'locked' };
  }
  const [row] = await db.query<{ id: string; email: string; role: Role; password_hash: string | null }>(
    'select id, email, role, password_hash from operator where email = $1 and disabled_at is null',
    [email],
  );
  dummyHash ??= hashKey('no operator has this password');
  const right = await verifyKey(attempt.password, row?.password_hash ?? (await dummyHash));
  if (!row?.password_hash || !right) return { ok: false, reason: 'wrong' };
  await db.query('delete from operator_signin_failure where id = $1', [reserved!.id]);
  // Old failures are no longer counted; dropping them keeps the table small.
  await db.query('delete from operator_signin_failure where at < $1', [new Date(since.getTime() - limits.windowSeconds * 1000)]);
  return { ok: true, operatorId: Number(row.id), email: row.email, role: row.role };
}
