import { StatusCode } from '@/lib/api/codes';

export type FinishOutcome = { kind: 'go'; to: string; resetStartIndex: boolean } | { kind: 'error'; status: number; detail: number };

/**
 * Finish confirmed (spec §4): Ok with logout → the finished page; Ok without logout → start index
 * 1 and the questionnaire selection; anything else → the finish-error modal with the codes.
 */
export function routeAfterFinish(response: { statusCode: number; detailCode: number; logout?: boolean | null }): FinishOutcome {
  if (response.statusCode === StatusCode.Ok) {
    return response.logout
      ? { kind: 'go', to: '/finishedquestionnaire', resetStartIndex: false }
      : { kind: 'go', to: '/kodewquestionnaireselection', resetStartIndex: true };
  }
  return { kind: 'error', status: response.statusCode, detail: response.detailCode };
}

/** The finish-error text: 'ModalErrorText' with the codes inserted as 'status / detail' (spec §8). */
export function finishErrorText(template: string, status: number, detail: number): string {
  const codes = `${status} / ${detail}`;
  return template.includes('{codes}') ? template.replace('{codes}', codes) : `${template} ${codes}`;
}
