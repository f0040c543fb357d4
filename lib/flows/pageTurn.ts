import { StatusCode } from '@/lib/api/codes';
import type { ErrorRecord } from './errorRecord';

/** The modals a page turn may open; their ids are the ones the questionnaire screen renders. */
export const FINISH_CONFIRM = 'finish-confirm';
export const PAGE_CONFLICT = 'page-conflict';

/** What a page turn that was not saved resumes with once the participant has chosen. */
export type ConflictRetry = 'draft' | 'forward' | 'back';

/** A question's message per question id, in the order the page shows them (the first gets focus). */
export type FieldErrors = ReadonlyMap<number, string>;

type NavPage = {
  prevNavButtonQuestionStartIndex?: number | null;
  nextNavButtonQuestionStartIndex?: number | null;
  questions?: ReadonlyArray<{ questionIndex: number }> | null;
};

type CheckedQuestion = { id: number; isInvalid?: boolean | null; errorMessage?: string | null };

type TurnAnswer = {
  statusCode: number;
  detailCode: number;
  exceptionId?: string | null;
  transportFailed?: boolean;
  conflict?: boolean | null;
  canFinish?: boolean | null;
  questions?: ReadonlyArray<CheckedQuestion> | null;
  translations?: unknown;
};

/**
 * Before anything is sent: the questions the check refused, nowhere to go (back from the first
 * page), or the call to make. Its shape is the app's outcome of a form: stay with field errors,
 * stay as it is, or go on.
 */
export type PageTurnStart =
  | { kind: 'fieldErrors'; errors: FieldErrors }
  | { kind: 'stay' }
  | { kind: 'send'; questionStartIndex: number; saves: boolean };

/**
 * After the call. Each kind is one of the app's outcomes: stay with a message (the save-failed
 * banner, answers kept for the retry), the error page, a modal (the conflict's choice, holding the
 * server's page), stay with field errors, or the next page shown in place, with the finish
 * confirmation opened over it when the server says the questionnaire can be finished.
 */
export type PageTurnOutcome<P> =
  | { kind: 'stay'; message: 'saveFailed' }
  | { kind: 'errorPage'; record: ErrorRecord }
  | { kind: 'modal'; modal: typeof PAGE_CONFLICT; page: P; retry: Exclude<ConflictRetry, 'draft'> }
  | { kind: 'fieldErrors'; errors: FieldErrors }
  | { kind: 'turned'; page: P; modal?: typeof FINISH_CONFIRM };

/** The messages the server attached to a page's questions; one it marked without a text gets the fallback. */
export function fieldErrorsOf(page: { questions?: ReadonlyArray<CheckedQuestion> | null }, fallback: string): Map<number, string> {
  return new Map((page.questions ?? []).filter((q) => q.isInvalid || q.errorMessage).map((q) => [q.id, q.errorMessage || fallback]));
}

/**
 * Next or Previous pressed. Next on the last page still goes to the server (to the page's own start):
 * that save is what lets the questionnaire finish. Back from a page left as it came saves nothing:
 * what is on screen may be older than what another tab has saved since, and would overwrite it.
 */
export function startPageTurn(
  page: NavPage,
  turn: { forward: boolean; refused: readonly number[]; changed: boolean; message: string },
): PageTurnStart {
  if (turn.refused.length > 0) return { kind: 'fieldErrors', errors: new Map(turn.refused.map((id) => [id, turn.message])) };
  const start = page.questions?.[0]?.questionIndex ?? 1;
  const target = turn.forward ? (page.nextNavButtonQuestionStartIndex ?? start) : page.prevNavButtonQuestionStartIndex;
  if (!target) return { kind: 'stay' };
  return { kind: 'send', questionStartIndex: target, saves: turn.forward || turn.changed };
}

/**
 * The server's answer to a page turn. A failure on the way (or the upstream's Exception) keeps
 * every answer on screen for the next press to send again; any other refusal ends the page, as
 * the session or assessment it belongs to is gone. The page shown keeps none of the translations:
 * its texts come from the server's rendering, not from the answer.
 */
export function afterPageTurn<P extends TurnAnswer>(response: P, forward: boolean, fallback: string): PageTurnOutcome<P & { translations: [] }> {
  if (response.transportFailed || response.statusCode === StatusCode.Exception) return { kind: 'stay', message: 'saveFailed' };
  if (response.statusCode !== StatusCode.Ok) {
    return { kind: 'errorPage', record: { statusCode: response.statusCode, detailCode: response.detailCode, exceptionId: response.exceptionId ?? undefined } };
  }
  const page = { ...response, translations: [] as [] };
  if (response.conflict) return { kind: 'modal', modal: PAGE_CONFLICT, page, retry: forward ? 'forward' : 'back' };
  const errors = fieldErrorsOf(response, fallback);
  if (errors.size > 0) return { kind: 'fieldErrors', errors };
  return response.canFinish ? { kind: 'turned', page, modal: FINISH_CONFIRM } : { kind: 'turned', page };
}
