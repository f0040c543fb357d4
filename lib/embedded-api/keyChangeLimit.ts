import { ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import type { ApiAnswer, ApiContext } from './context';

/**
 * How often one participant may set a personal key (SECURITY.md, "Limits"): every key set costs a
 * quick hash at once and a strong one on the strengthening thread, and ends the participant's
 * other tokens, so a client changing keys in a loop would take a core and memory without end.
 * Counted per assessor (whose key it is) within an hour, in the database, as the mail limits are
 * (mail/limits.ts): an advisory lock on the assessor makes counting and recording one step on any
 * number of instances. A key set that is then not stored gives its reservation back.
 */

const LOCK_KEY_CHANGE = 727_321;
const WINDOW_SECONDS = 3600;

export type KeyChangeReservation = { id: number };

export async function reserveKeyChange(ctx: ApiContext, assessorId: number): Promise<KeyChangeReservation | 'limited'> {
  const now = new Date(ctx.now);
  return ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCK_KEY_CHANGE, assessorId]);
    const [counted] = await tx.query<{ n: number }>(
      `select count(*)::int as n from key_change where assessor_id = $1 and changed_at > $2::timestamptz - make_interval(secs => $3::float8)`,
      [assessorId, now, WINDOW_SECONDS],
    );
    if ((counted?.n ?? 0) >= ctx.settings.keyChanges.maxPerParticipantPerHour) return 'limited' as const;
    await tx.query('delete from key_change where assessor_id = $1 and changed_at < $2::timestamptz - make_interval(secs => $3::float8)', [assessorId, now, WINDOW_SECONDS]);
    const [row] = await tx.query<{ id: string | number }>('insert into key_change (assessor_id, changed_at) values ($1, $2) returning id', [assessorId, now]);
    return { id: Number(row!.id) };
  });
}

export async function releaseKeyChange(ctx: ApiContext, reservation: KeyChangeReservation): Promise<void> {
  await ctx.db.query('delete from key_change where id = $1', [reservation.id]);
}

/** The answer once the limit is reached: nothing is stored, the key in use stays. */
export function tooManyKeyChanges(ctx: ApiContext): ApiAnswer {
  return {
    statusCode: StatusCode.PostDataIsInvalid,
    detailCode: ExtraDetailCode.TooManyKeyChanges,
    errorInfo: `password: at most ${ctx.settings.keyChanges.maxPerParticipantPerHour} key changes an hour`,
  };
}
