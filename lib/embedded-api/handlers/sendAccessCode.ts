import { DetailCode, ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { isLanguage, type Language } from '@/lib/api/languages';
import type { GroupVariant } from '@/lib/flows/groupVariants';
import { safeEqual } from '@/lib/crypto/hmac';
import { normaliseCode } from '@/lib/validation/code';
import { isValidEmail } from '@/lib/validation/email';
import type { ApiAnswer, ApiContext } from '../context';
import { isRefused, Refusal, type Holder } from '../authority';
import { groupMemberHolder } from '../groups/holder';
import { deliverAccessCode } from '../mail/deliverAccessCode';
import type { MailFailure } from '../mail/send';
import { issueToken } from '../tokens';

type SendAccessCodeBody = { email: string; accessCode: string; uiLanguage?: string; token?: string };

const invalid = (errorInfo: string, detailCode: number = DetailCode.NoDetails): ApiAnswer => ({ statusCode: StatusCode.PostDataIsInvalid, detailCode, errorInfo });

const NOT_SENT: Record<MailFailure, ApiAnswer> = {
  unreachable: { statusCode: StatusCode.MailNotSent, detailCode: DetailCode.NoConnectionWithEmailServer },
  refused: { statusCode: StatusCode.MailNotSent, detailCode: DetailCode.UnableToSendMail },
};

/** The same claims, freshly signed: the spec's client stores the token the e-mail step answers with. */
function renewedToken(holder: Holder, ctx: ApiContext): string {
  const { jti: _jti, iat: _iat, exp: _exp, ...claims } = holder.payload;
  return issueToken(claims, ctx);
}

/**
 * submit/<variant>/sendaccesscode (spec §7): mails a group participant their personal access code
 * and the deep link back. Only for a logged-in participant of this variant who has set a personal
 * key (without one the code alone cannot bring them back), and only their own code: the access
 * code in the body is compared with theirs, so that the call cannot mail anything else; the address
 * is checked with the browser's rule (lib/validation/email.ts). At most so many mails per
 * participant and per client address an hour (mail/limits.ts).
 */
export function sendAccessCode(variant: GroupVariant) {
  return async function submitSendAccessCode(body: SendAccessCodeBody, ctx: ApiContext): Promise<ApiAnswer> {
    const holder = await groupMemberHolder(body.token, ctx, variant);
    if (isRefused(holder)) return holder.refusal;
    if (holder.row.key_hash === null) return Refusal.notAllowed;
    const { member, group } = holder;

    const email = body.email.trim();
    if (!isValidEmail(email)) return invalid('email: not an e-mail address');
    if (!safeEqual(normaliseCode(body.accessCode).toUpperCase(), member.access_code.toUpperCase())) {
      return invalid("accessCode: not the participant's own");
    }

    const language: Language = isLanguage(body.uiLanguage) ? body.uiLanguage : isLanguage(group.ui_language) ? group.ui_language : 'de-DE';
    const delivery = await deliverAccessCode(ctx, member.id, email, member.access_code, language);
    if ('limited' in delivery) {
      const { maxPerParticipantPerHour, maxPerRecipientPerHour, maxPerClientPerHour } = ctx.settings.mail;
      const limit = {
        participant: `at most ${maxPerParticipantPerHour} per participant an hour`,
        recipient: `at most ${maxPerRecipientPerHour} to one address an hour`,
        client: `at most ${maxPerClientPerHour} per client address an hour`,
      }[delivery.limited];
      return { statusCode: StatusCode.MailNotSent, detailCode: ExtraDetailCode.TooManyMails, errorInfo: `too many mails: ${limit}` };
    }
    if ('failed' in delivery) return NOT_SENT[delivery.failed];
    return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, token: renewedToken(holder, ctx) };
  };
}
