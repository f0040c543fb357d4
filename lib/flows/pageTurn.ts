import { StatusCode } from '@/lib/api/codes';
import { errorPage, type Done, type ModalMessage, type Stay, type ToErrorPage } from './outcome';

/** What a page turn that was not saved resumes with once the participant has chosen. */
export type ConflictRetry = 'draft' | 'forward' | 'back';

/** A question's message per question id, in the order the page shows them (the first gets focus). */
export type FieldErrors = ReadonlyMap<number, string>;

/**
 * Questions refused, the page staying as it is: each shows its message (the server's, or the
 * product's answers-invalid text named here) and the first gets focus.
 */
export type Refused = Stay<'ErrorAnswersInvalid'> & { errors: FieldErrors };

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

/** Before anything is sent: the questions the check refused, nowhere to go (back from the first page), or the call to make. */
export type PageTurnStart = Refused | { kind: 'none' } | { kind: 'send'; questionStartIndex: number; saves: boolean };

/**
 * After the call, in the app's outcome shape: the save-failed banner with the answers kept for the
 * retry, the error page, the conflict's dialog (holding the server's page and what to send again),
 * questions refused, or done: the next page shown in place, with the finish confirmation opened
 * over it when the server says the questionnaire can be finished.
 */
export type PageTurnOutcome<P> =
  | Stay<'SaveFailed'>
  | Refused
  | ToErrorPage
  | ModalMessage<'conflictText', { page: P; retry: Exclude<ConflictRetry, 'draft'> }>
  | Done<{ page: P; confirmFinish: boolean }>;

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
  if (turn.refused.length > 0) return { kind: 'stay', messageKey: 'ErrorAnswersInvalid', errors: new Map(turn.refused.map((id) => [id, turn.message])) };
  const start = page.questions?.[0]?.questionIndex ?? 1;
  const target = turn.forward ? (page.nextNavButtonQuestionStartIndex ?? start) : page.prevNavButtonQuestionStartIndex;
  if (!target) return { kind: 'none' };
  return { kind: 'send', questionStartIndex: target, saves: turn.forward || turn.changed };
}

/**
 * The server's answer to a page turn. A failure on the way (or the upstream's Exception) keeps
 * every answer on screen for the next press to send again; any other refusal ends the page, as
 * the session or assessment it belongs to is gone. The page shown keeps none of the translations:
 * its texts come from the server's rendering, not from the answer.
 */
export function afterPageTurn<P extends TurnAnswer>(response: P, forward: boolean, fallback: string): PageTurnOutcome<P & { translations: [] }> {
  if (response.transportFailed || response.statusCode === StatusCode.Exception) return { kind: 'stay', messageKey: 'SaveFailed' };
  if (response.statusCode !== StatusCode.Ok) return errorPage(response);
  const page = { ...response, translations: [] as [] };
  if (response.conflict) return { kind: 'modal', messageKey: 'conflictText', page, retry: forward ? 'forward' : 'back' };
  const errors = fieldErrorsOf(response, fallback);
  if (errors.size > 0) return { kind: 'stay', messageKey: 'ErrorAnswersInvalid', errors };
  return { kind: 'done', page, confirmFinish: response.canFinish === true };
}
