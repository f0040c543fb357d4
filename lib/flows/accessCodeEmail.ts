import { ExtraDetailCode, statusName, StatusCode } from '@/lib/api/codes';

/** What the e-mail step shows in the common error display when it does not go on. */
export type EmailStepMessage =
  /** The spec's generic Exception (a transport failure, an Exception answer, an Ok without a logged-in token). */
  | { kind: 'exception'; exceptionId?: string }
  /** A translation key: the e-mail step's own, or ErrorCodeMsg_<status name>. */
  | { kind: 'text'; key: string };

export type EmailStepOutcome = { kind: 'go'; to: string } | { kind: 'error'; message: EmailStepMessage };

type SendAnswer = { statusCode: number; detailCode?: number | null; exceptionId?: string | null; transportFailed?: boolean };

/**
 * After submit/<variant>/sendaccesscode (spec §4 E-mail step, §8): Ok with a logged-in token goes
 * on to the variant's manual; any other answer shows the common error display and the page stays
 * as it is (nothing typed is lost; the participant may try again or go on without the mail).
 * MailNotSent says why in the participant's language: the hourly limit, or a server that is down
 * or refusing.
 */
export function outcomeAfterSendAccessCode(response: SendAnswer, claims: { isLoggedIn?: boolean } | undefined, manual: string): EmailStepOutcome {
  if (response.transportFailed || response.statusCode === StatusCode.Exception) {
    return { kind: 'error', message: { kind: 'exception', ...(response.exceptionId && { exceptionId: response.exceptionId }) } };
  }
  if (response.statusCode === StatusCode.Ok) {
    return claims?.isLoggedIn === true ? { kind: 'go', to: manual } : { kind: 'error', message: { kind: 'exception' } };
  }
  if (response.statusCode === StatusCode.MailNotSent) {
    const key = response.detailCode === ExtraDetailCode.TooManyMails ? 'SendAccessCodeLimitError' : 'SendAccessCodeFailed';
    return { kind: 'error', message: { kind: 'text', key } };
  }
  const name = statusName(response.statusCode);
  return { kind: 'error', message: name ? { kind: 'text', key: `ErrorCodeMsg_${name}` } : { kind: 'exception' } };
}
