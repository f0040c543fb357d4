import { StatusCode } from '@/lib/api/statusCodes';
import { errorPage, modal, type GoTo, type ModalMessage, type ToErrorPage } from './outcome';

/** 10 invalid codes clear the field and show the stronger message (spec §9). */
export const MAX_CODE_FAILURES = 10;

/** A refused code: clearField empties the field, failures is the count of wrong codes to keep (none: unchanged). */
export type CodeRefused = { clearField?: boolean; failures?: number };

export type AccessCodeMessageKey = 'ErrorAccessCodeKey' | 'ErrorAccessCodeKeyFail' | 'ErrorAccessCodeLocked';

type LoginResponse = {
  statusCode: number;
  detailCode: number;
  exceptionId?: string | null;
  assessorMustRegister?: boolean | null;
  isFirstLogin?: boolean | null;
  hasAnsweredSomeQuestions?: boolean | null;
  /** Our embedded API's answer when guessing is being refused for a while. */
  locked?: boolean | null;
};

/**
 * After an access-code login (spec §4, §8). Logged in: register if needed, else the access
 * password on first login, else the questionnaire if some questions are answered, else the manual.
 * Ok but not logged in: the wrong-code modal; the 10th failure clears the field with the stronger text.
 */
export function routeAfterAccessCodeLogin(
  response: LoginResponse,
  loggedIn: boolean,
  previousFailures: number,
): GoTo | ToErrorPage | ModalMessage<AccessCodeMessageKey, CodeRefused> {
  if (response.statusCode !== StatusCode.Ok) return errorPage(response);
  if (response.locked) return modal('ErrorAccessCodeLocked');
  if (!loggedIn) {
    const failures = previousFailures + 1;
    if (failures >= MAX_CODE_FAILURES) return { kind: 'modal', messageKey: 'ErrorAccessCodeKeyFail', clearField: true, failures: 0 };
    return { kind: 'modal', messageKey: 'ErrorAccessCodeKey', clearField: false, failures };
  }
  if (response.assessorMustRegister) return { kind: 'go', to: '/register' };
  if (response.isFirstLogin) return { kind: 'go', to: '/accesspassword' };
  if (response.hasAnsweredSomeQuestions) return { kind: 'go', to: '/questionnaire' };
  return { kind: 'go', to: '/questionnairemanual' };
}
