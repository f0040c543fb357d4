import { statusName, StatusCode } from '@/lib/api/codes';
import { EXCEPTION_MESSAGE, exceptionModal, modal, type Answer, type ModalMessage } from './outcome';

/**
 * The texts of modal outcomes, apart from outcome.ts: the code login pages need none of this, and
 * their first-load JavaScript has a budget of its own (docs/architecture.md).
 */

/**
 * The common error display for an answer no rule of the form names: a transport failure
 * or an Exception is the generic Exception; a status the spec names is ErrorCodeMsg_<name>; an
 * unknown one the generic Exception without an id.
 */
export function statusModal(response: Answer): ModalMessage {
  if (response.transportFailed || response.statusCode === StatusCode.Exception) return exceptionModal(response);
  const name = statusName(response.statusCode);
  return name ? modal(`ErrorCodeMsg_${name}`) : exceptionModal();
}

/**
 * The modal's text: the form's text for the key, else (the generic Exception, a key the form has
 * no text for) the internal-error text with the exception id in place of '{id}'.
 */
export function modalText(outcome: { messageKey: string; exceptionId?: string }, texts: Readonly<Record<string, string>>, internalError: string): string {
  if (outcome.messageKey !== EXCEPTION_MESSAGE && Object.hasOwn(texts, outcome.messageKey)) return texts[outcome.messageKey]!;
  return internalError.replace('{id}', outcome.exceptionId ?? '');
}
