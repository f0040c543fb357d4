import { StatusCode } from '@/lib/api/codes';
import { errorPageUrl } from './errorRecord';

/** 10 invalid codes clear the field and show the stronger message (spec §9). */
export const MAX_CODE_FAILURES = 10;

export type AccessCodeOutcome =
  | { kind: 'go'; to: string }
  | { kind: 'wrongCode'; messageKey: 'ErrorAccessCodeKey' | 'ErrorAccessCodeKeyFail'; clearField: boolean; failures: number }
  | { kind: 'locked'; messageKey: 'ErrorAccessCodeLocked' };

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
export function routeAfterAccessCodeLogin(response: LoginResponse, loggedIn: boolean, previousFailures: number): AccessCodeOutcome {
  if (response.statusCode !== StatusCode.Ok) {
    return { kind: 'go', to: errorPageUrl({ statusCode: response.statusCode, detailCode: response.detailCode, exceptionId: response.exceptionId ?? undefined }) };
  }
  if (response.locked) return { kind: 'locked', messageKey: 'ErrorAccessCodeLocked' };
  if (!loggedIn) {
    const failures = previousFailures + 1;
    if (failures >= MAX_CODE_FAILURES) return { kind: 'wrongCode', messageKey: 'ErrorAccessCodeKeyFail', clearField: true, failures: 0 };
    return { kind: 'wrongCode', messageKey: 'ErrorAccessCodeKey', clearField: false, failures };
  }
  if (response.assessorMustRegister) return { kind: 'go', to: '/register' };
  if (response.isFirstLogin) return { kind: 'go', to: '/accesspassword' };
  if (response.hasAnsweredSomeQuestions) return { kind: 'go', to: '/questionnaire' };
  return { kind: 'go', to: '/questionnairemanual' };
}
