import { StatusCode } from '@/lib/api/codes';
import type { GoTo, ModalMessage } from './outcome';

/**
 * Finish confirmed (spec §4): Ok with logout → the finished page; Ok without logout → the
 * questionnaire selection (the server has set the start index to 1); anything else → the
 * finish-error modal with the codes (finishErrorText).
 */
export function routeAfterFinish(response: { statusCode: number; detailCode: number; logout?: boolean | null }): GoTo | ModalMessage<'ModalErrorText', { status: number; detail: number }> {
  if (response.statusCode === StatusCode.Ok) return { kind: 'go', to: response.logout ? '/finishedquestionnaire' : '/kodewquestionnaireselection' };
  return { kind: 'modal', messageKey: 'ModalErrorText', status: response.statusCode, detail: response.detailCode };
}

/** The finish-error text: 'ModalErrorText' with the codes inserted as 'status / detail' (spec §8). */
export function finishErrorText(template: string, status: number, detail: number): string {
  const codes = `${status} / ${detail}`;
  return template.includes('{codes}') ? template.replace('{codes}', codes) : `${template} ${codes}`;
}
