import type { Language } from '@/lib/api/languages';
import type { ApiContext } from '../context';
import { accessCodeMail } from './accessCodeMail';
import { isLimited, releaseMail, reserveMail, type MailLimited } from './limits';
import { sendMail, type MailFailure } from './send';

export type Delivery = { sent: true } | MailLimited | { failed: MailFailure };

/**
 * Mails a group participant their personal access code and the link back (accessCodeMail.ts),
 * within the limits per participant, per recipient and per client address (limits.ts): the one path of the
 * e-mail step (sendAccessCode.ts) and of the requirements-analysis personal-info page, which
 * mails the code when a key is set and an address given (groupPersonalInfo.ts). A mail that did
 * not go out gives its reservation back.
 */
export async function deliverAccessCode(ctx: ApiContext, memberId: number, email: string, accessCode: string, language: Language): Promise<Delivery> {
  const reservation = await reserveMail(ctx, memberId, email);
  if (isLimited(reservation)) return reservation;
  const result = await sendMail(ctx.db, ctx.settings.mail, accessCodeMail(email, accessCode, language, ctx.settings.publicUrl)).catch(async (error: unknown) => {
    await releaseMail(ctx.db, reservation);
    throw error;
  });
  if ('failed' in result) {
    await releaseMail(ctx.db, reservation);
    return { failed: result.failed };
  }
  return { sent: true };
}
