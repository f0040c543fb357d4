import type { ApiContext } from '../context';

/**
 * The anti-spam limits of the e-mail step (SECURITY.md, "Limits"): at most so many mails per
 * group participant and per client address within an hour, counted in the database so that they
 * hold across restarts and across instances sharing one PostgreSQL.
 *
 * Counting and recording are one step, as for guessing (../guessing.ts): a mail takes
 * transaction-scoped advisory locks on its participant and its address, counts their mails of the
 * last hour and records itself before it is sent. So 20 concurrent requests against a limit of 3
 * send exactly 3 mails, on any number of instances. A mail that could not be sent gives its
 * reservation back: the participant may try again once the server is back.
 */

const LOCK_MAIL_MEMBER = 727_311;
const LOCK_MAIL_CLIENT = 727_312;
const WINDOW_SECONDS = 3600;

export type MailReservation = { id: number };
export type MailLimited = { limited: 'participant' | 'client' };

export async function reserveMail(ctx: ApiContext, memberId: number): Promise<MailReservation | MailLimited> {
  const { maxPerParticipantPerHour, maxPerClientPerHour } = ctx.settings.mail;
  const now = new Date(ctx.now);
  return ctx.db.transaction(async (tx) => {
    // Always the participant first, then the address: two requests never wait on each other crosswise.
    await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCK_MAIL_MEMBER, memberId]);
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_MAIL_CLIENT, ctx.clientAddress]);
    const [counts] = await tx.query<{ by_member: number; by_client: number }>(
      `select count(*) filter (where group_member_id = $1)::int as by_member,
              count(*) filter (where client_address = $2)::int as by_client
         from mail_sent
        where (group_member_id = $1 or client_address = $2) and sent_at > $3::timestamptz - make_interval(secs => $4::float8)`,
      [memberId, ctx.clientAddress, now, WINDOW_SECONDS],
    );
    if ((counts?.by_member ?? 0) >= maxPerParticipantPerHour) return { limited: 'participant' as const };
    if ((counts?.by_client ?? 0) >= maxPerClientPerHour) return { limited: 'client' as const };
    await tx.query('delete from mail_sent where sent_at < $1::timestamptz - make_interval(secs => $2::float8)', [now, 2 * WINDOW_SECONDS]);
    const [row] = await tx.query<{ id: string | number }>(
      'insert into mail_sent (group_member_id, client_address, sent_at) values ($1, $2, $3) returning id',
      [memberId, ctx.clientAddress, now],
    );
    return { id: Number(row!.id) };
  });
}

/** A mail that did not go out does not count. */
export async function releaseMail(ctx: ApiContext, reservation: MailReservation): Promise<void> {
  await ctx.db.query('delete from mail_sent where id = $1', [reservation.id]);
}

export function isLimited(value: MailReservation | MailLimited): value is MailLimited {
  return 'limited' in value;
}
