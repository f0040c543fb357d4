import type { CallPath } from '@/lib/api/catalogue';
import { ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { decodeClaims } from '@/lib/session/claims';
import type { LoginFlow, LoginOutcome, PageSaveOutcome, PaymentOutcome } from './labels.mjs';
import type { Metrics } from './current';

/**
 * What the app's calls tell the metrics: page saves, logins and payment reports, read from the
 * upstream's answer as the pages read it (lib/flows), so that they count the same in front of a
 * real upstream as with the embedded API. Only outcomes are counted, never what was sent.
 */

const LOGIN_FLOWS: Partial<Record<CallPath, LoginFlow>> = {
  'submit/kodekodex/identcode': 'ident_code',
  'submit/kodekodex/login': 'access_code',
  'submit/ra/login': 'group_code',
  'submit/kodew/login': 'group_code',
  'submit/kodegroupcode/login': 'group_code',
};

/** The fields of an answer the outcomes are read from; any call's answer has the first two. */
type Answer = {
  statusCode?: number;
  detailCode?: number;
  token?: string | null;
  locked?: boolean | null;
  conflict?: boolean | null;
  questions?: Array<{ isInvalid?: boolean | null; errorMessage?: string | null }> | null;
};

/** An ident code: Ok opens the assessment; an invalid code is a wrong one, unless the guessing limit refused it (ErrorIdentCodeLocked, lib/flows/errorPage.ts). */
function identCodeOutcome(answer: Answer): LoginOutcome {
  if (answer.statusCode === StatusCode.Ok) return 'ok';
  if (answer.statusCode === StatusCode.AssessmentIdentCodeIsInvalid) return answer.detailCode === ExtraDetailCode.TooManyUnknownCodes ? 'locked' : 'wrong_code';
  return answer.statusCode === StatusCode.Exception ? 'failed' : 'refused';
}

/**
 * An access code or group code: Ok with a logged-in token is in; Ok and `locked` is a limit's
 * refusal; Ok without a login is a wrong code (lib/flows/accessCode.ts, groupLogin.ts). A group
 * code of the wrong shape is a wrong code too; a known code that cannot be used (finished,
 * expired, another flow's) is refused.
 */
function codeLoginOutcome(answer: Answer): LoginOutcome {
  if (answer.statusCode === StatusCode.Ok) {
    if (answer.locked) return 'locked';
    return decodeClaims(answer.token).isLoggedIn ? 'ok' : 'wrong_code';
  }
  if (answer.statusCode === StatusCode.AssessmentIdentCodeIsInvalid) return 'wrong_code';
  return answer.statusCode === StatusCode.Exception ? 'failed' : 'refused';
}

/** A page or draft: saved, unless the answer says conflict or flags a question (lib/flows/pageTurn.ts). */
function pageSaveOutcome(answer: Answer): PageSaveOutcome {
  if (answer.statusCode === StatusCode.Ok) {
    if (answer.conflict) return 'conflict';
    return answer.questions?.some((question) => question.isInvalid || question.errorMessage) ? 'invalid' : 'saved';
  }
  if (answer.statusCode === StatusCode.PostDataIsInvalid) return 'invalid';
  return answer.statusCode === StatusCode.Exception ? 'failed' : 'refused';
}

/** A buyer's report that they paid (lib/flows/portal.ts). */
function paymentOutcome(answer: Answer): PaymentOutcome {
  if (answer.statusCode === StatusCode.Ok) return 'confirmed';
  if (answer.detailCode === ExtraDetailCode.PaymentNotConfirmed) return 'not_confirmed';
  if (answer.detailCode === ExtraDetailCode.PaymentProviderUnavailable) return 'provider_unavailable';
  return answer.statusCode === StatusCode.Exception ? 'failed' : 'refused';
}

/**
 * Counts one call's outcome, if it is one the metrics count. failed: the call had no usable answer
 * (unreachable, timeout, not JSON: lib/upstream/client.ts), whatever the call.
 */
export function countCall(metrics: Metrics, path: CallPath, body: unknown, response: unknown, failed: boolean): void {
  const answer = (typeof response === 'object' && response !== null ? response : {}) as Answer;
  const flow = LOGIN_FLOWS[path];
  if (flow) {
    metrics.login(flow, failed ? 'failed' : flow === 'ident_code' ? identCodeOutcome(answer) : codeLoginOutcome(answer));
    return;
  }
  if (path === 'pageinfo/questionnaire') {
    const sent = (body ?? {}) as { answers?: string; draft?: boolean };
    // A page load sends no answers: nothing was saved.
    if (!sent.answers) return;
    metrics.pageSave(sent.draft === true ? 'draft' : 'page', failed ? 'failed' : pageSaveOutcome(answer));
    return;
  }
  if (path === 'submit/portal/sucessfullyPaid') metrics.payment(failed ? 'failed' : paymentOutcome(answer));
}
