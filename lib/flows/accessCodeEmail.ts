import { ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { exceptionModal, modal, type GoTo, type ModalMessage } from './outcome';
import { statusModal } from './outcomeMessages';

type SendAnswer = { statusCode: number; detailCode?: number | null; exceptionId?: string | null; transportFailed?: boolean };

/**
 * After submit/<variant>/sendaccesscode (spec §4 E-mail step, §8): Ok with a logged-in token goes
 * on to the variant's manual; any other answer shows the common error display and the page stays
 * as it is (nothing typed is lost; the participant may try again or go on without the mail).
 * MailNotSent says why in the participant's language: the hourly limit, or a server that is down
 * or refusing.
 */
export function outcomeAfterSendAccessCode(response: SendAnswer, claims: { isLoggedIn?: boolean } | undefined, manual: string): GoTo | ModalMessage {
  if (!response.transportFailed && response.statusCode === StatusCode.Ok) {
    // An Ok without a logged-in token is the generic Exception too.
    return claims?.isLoggedIn === true ? { kind: 'go', to: manual } : exceptionModal();
  }
  if (!response.transportFailed && response.statusCode === StatusCode.MailNotSent) {
    return modal(response.detailCode === ExtraDetailCode.TooManyMails ? 'SendAccessCodeLimitError' : 'SendAccessCodeFailed');
  }
  return statusModal(response);
}
