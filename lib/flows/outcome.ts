import { errorPageUrl, type ErrorRecord } from './errorRecord';

/**
 * What a form does after a rule has judged an answer. One shape for every rule of this folder, so
 * that every form acts on it the same way (lib/client/useSubmit.ts).
 */

/** On to another page of the app, loaded anew (the header is rendered from the new session). */
export type GoTo<To extends string = string> = { kind: 'go'; to: To };

/** The error page with the answer's codes (./errorRecord.ts). */
export type ToErrorPage = { kind: 'errorPage'; error: ErrorRecord };

/**
 * The form's error modal with the text of messageKey; EXCEPTION_MESSAGE is the spec's generic
 * Exception, told with exceptionId. Extra carries what a form needs besides the text (the count of
 * wrong codes, the codes of a failed finish).
 */
export type ModalMessage<Key extends string = string, Extra extends object = object> = { kind: 'modal'; messageKey: Key; exceptionId?: string } & Extra;

/** The page stays as it is and says messageKey's text beside the control that tries again. */
export type Stay<Key extends string = string> = { kind: 'stay'; messageKey: Key };

/** Done without leaving the page: the form shows its next step itself (the portal's pages), with Extra. */
export type Done<Extra extends object = object> = { kind: 'done' } & Extra;

export type Outcome<Key extends string = string, Extra extends object = object> = GoTo | ToErrorPage | ModalMessage<Key, Extra> | Stay<Key> | Done;

/** The message key of the generic Exception (the internal-error text with the exception id). */
export const EXCEPTION_MESSAGE = 'Exception';

export type Answer = { statusCode: number; detailCode?: number | null; exceptionId?: string | null; transportFailed?: boolean };

export function errorPage(response: { statusCode: number; detailCode: number; exceptionId?: string | null }, extra: { codeTyped?: true } = {}): ToErrorPage {
  return { kind: 'errorPage', error: { statusCode: response.statusCode, detailCode: response.detailCode, exceptionId: response.exceptionId ?? undefined, ...extra } };
}

export function modal<Key extends string>(messageKey: Key): ModalMessage<Key> {
  return { kind: 'modal', messageKey };
}

/** The generic Exception, with the answer's exception id where it has one. */
export function exceptionModal(response: Pick<Answer, 'exceptionId'> = {}): ModalMessage<typeof EXCEPTION_MESSAGE> {
  return { kind: 'modal', messageKey: EXCEPTION_MESSAGE, ...(response.exceptionId && { exceptionId: response.exceptionId }) };
}

/** The address an outcome leaves for, if it leaves the page. */
export function destination(outcome: Outcome): string | undefined {
  if (outcome.kind === 'go') return outcome.to;
  if (outcome.kind === 'errorPage') return errorPageUrl(outcome.error);
  return undefined;
}
