import { isLanguage } from '@/lib/api/languages';
import type { MailSettings } from '@/lib/embedded-api/context';
import type { Database } from '@/lib/embedded-api/db/database';
import { isLimited, releaseMail, reserveMailFor, type MailLimited } from '@/lib/embedded-api/mail/limits';
import { outboxMail } from '@/lib/embedded-api/mail/outbox';
import { sendMail, type MailFailure } from '@/lib/embedded-api/mail/send';

/**
 * Sending a participant's access-code mail again, for an operator whose participant lost it: the
 * very mail of the outbox, to the address it went to, never to another. It counts against the same
 * limits as the participant's own request (lib/embedded-api/mail/limits.ts: per participant, per
 * recipient, per client address — the operator's), so that nobody can use an operator to fill an
 * inbox; a mail that did not go out gives its reservation back, as there.
 */

export type ResendRefusal = 'unknown' | 'notAccessCode' | 'noParticipant';
export type ResendResult = { sent: 'smtp' | 'outbox'; recipient: string } | { refused: ResendRefusal } | MailLimited | { failed: MailFailure };

/** The access code in the mail's deep link back (accessCodeMail.ts, comeBackLink): /home/<code>/<language>. */
function accessCodeIn(body: string): string | undefined {
  const match = /\/home\/([^/\s]+)\/[a-z]{2}(?:\s|$)/.exec(body);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

export async function resendAccessCodeMail(db: Database, settings: MailSettings, mailId: number, clientAddress: string, now: number = Date.now()): Promise<ResendResult> {
  const mail = await outboxMail(db, mailId);
  if (!mail) return { refused: 'unknown' };
  const code = mail.kind === 'accessCode' ? accessCodeIn(mail.body) : undefined;
  if (!code || !isLanguage(mail.language)) return { refused: 'notAccessCode' };
  // The participant the code belongs to, for their own limit; erased or removed, there is nobody to mail.
  const [member] = await db.query<{ id: number }>('select id from group_member where upper(access_code) = upper($1)', [code]);
  if (!member) return { refused: 'noParticipant' };
  const reservation = await reserveMailFor(db, settings, { memberId: member.id, recipient: mail.recipient, clientAddress }, now);
  if (isLimited(reservation)) return reservation;
  const outgoing = { kind: 'accessCode' as const, language: mail.language, to: mail.recipient, subject: mail.subject, text: mail.body };
  const result = await sendMail(db, settings, outgoing).catch(async (error: unknown) => {
    await releaseMail(db, reservation);
    throw error;
  });
  if ('failed' in result) {
    await releaseMail(db, reservation);
    return { failed: result.failed };
  }
  return { sent: result.sent, recipient: mail.recipient };
}
