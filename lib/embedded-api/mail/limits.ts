import crypto from 'node:crypto';
import type { ApiContext, MailSettings } from '../context';
import type { Database, Sql } from '../db/database';

/**
 * The anti-spam limits of every mail the app sends (SECURITY.md, "Limits"): at most so many mails
 * per group participant, per recipient address and per client address within an hour, counted in
 * the database so that they hold across restarts and across instances sharing one PostgreSQL. The
 * recipient counts because the text of a mail can come from its requester (a portal invoice's
 * name, street and city): many requesters must not be able to fill one inbox either.
 *
 * Counting and recording are one step, as for guessing (../guessing.ts): a mail takes
 * transaction-scoped advisory locks on its participant, its recipient and its address, counts their
 * mails of the last hour and records itself before it is sent. So 20 concurrent requests against a
 * limit of 3 send exactly 3 mails, on any number of instances. A mail that could not be sent gives
 * its reservation back: the participant may try again once the server is back.
 */

const LOCK_MAIL_MEMBER = 727_311;
const LOCK_MAIL_CLIENT = 727_312;
const LOCK_MAIL_RECIPIENT = 727_313;
export const MAIL_WINDOW_SECONDS = 3600;

export type MailReservation = { id: number };
export type MailLimited = { limited: 'participant' | 'recipient' | 'client' };

/** Who a mail is for and on whose behalf it goes: memberId for a group participant's own mail, none for a buyer's. */
export type MailSubject = { memberId?: number; recipient: string; clientAddress: string };

/** The recipient as counted: one address however it is spelled in case; kept only as a hash, for the hour it counts. */
export function recipientKey(address: string): string {
  return crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');
}

export async function reserveMailFor(db: Pick<Database, 'transaction'>, settings: MailSettings, subject: MailSubject, at: number): Promise<MailReservation | MailLimited> {
  const { maxPerParticipantPerHour, maxPerRecipientPerHour, maxPerClientPerHour } = settings;
  const now = new Date(at);
  const recipient = recipientKey(subject.recipient);
  const member = subject.memberId ?? null;
  return db.transaction(async (tx) => {
    // Always participant, recipient, address in this order: two requests never wait on each other crosswise.
    if (member !== null) await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCK_MAIL_MEMBER, member]);
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_MAIL_RECIPIENT, recipient]);
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_MAIL_CLIENT, subject.clientAddress]);
    const [counts] = await tx.query<{ by_member: number; by_recipient: number; by_client: number }>(
      `select count(*) filter (where group_member_id = $1)::int as by_member,
              count(*) filter (where recipient_hash = $2)::int as by_recipient,
              count(*) filter (where client_address = $3)::int as by_client
         from mail_sent
        where (group_member_id = $1 or recipient_hash = $2 or client_address = $3) and sent_at > $4::timestamptz - make_interval(secs => $5::float8)`,
      [member, recipient, subject.clientAddress, now, MAIL_WINDOW_SECONDS],
    );
    if (member !== null && (counts?.by_member ?? 0) >= maxPerParticipantPerHour) return { limited: 'participant' as const };
    if ((counts?.by_recipient ?? 0) >= maxPerRecipientPerHour) return { limited: 'recipient' as const };
    if ((counts?.by_client ?? 0) >= maxPerClientPerHour) return { limited: 'client' as const };
    await tx.query('delete from mail_sent where sent_at < $1::timestamptz - make_interval(secs => $2::float8)', [now, 2 * MAIL_WINDOW_SECONDS]);
    const [row] = await tx.query<{ id: string | number }>(
      'insert into mail_sent (group_member_id, recipient_hash, client_address, sent_at) values ($1, $2, $3, $4) returning id',
      [member, recipient, subject.clientAddress, now],
    );
    return { id: Number(row!.id) };
  });
}

/** A group participant's mail, asked for by the caller at ctx.clientAddress. */
export function reserveMail(ctx: ApiContext, memberId: number, recipient: string): Promise<MailReservation | MailLimited> {
  return reserveMailFor(ctx.db, ctx.settings.mail, { memberId, recipient, clientAddress: ctx.clientAddress }, ctx.now);
}

/** A mail that did not go out does not count. */
export async function releaseMail(db: Sql, reservation: MailReservation): Promise<void> {
  await db.query('delete from mail_sent where id = $1', [reservation.id]);
}

export function isLimited(value: MailReservation | MailLimited): value is MailLimited {
  return 'limited' in value;
}
