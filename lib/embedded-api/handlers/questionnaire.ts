import { DetailCode, StatusCode } from '@/lib/api/codes';
import { answersPayload, questionnairePageInfoRequest, type AnswersPayload } from '@/lib/api/schemas/questionnaire';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { allowedValues, describeAllowedValues } from '../questionnaires/definitions';
import { isComplete, isPageStart, pageStartOf, questionsOfPage, resumeStart, type Values } from '../questionnaires/engine';
import { heldState, shownValues, type Held } from '../questionnaires/held';
import { imagesOfPage, pageAnswer } from '../questionnaires/pageAnswer';
import { savePage } from '../questionnaires/pageSave';
import { definitionOfAssessment } from '../questionnaires/store';
import { translationsFor } from '../translations';
import { holderOf, isRefused, Refusal } from '../authority';
import { renewedToken } from '../renewal';

// ./finish.ts goes by the same saved answers and imports them from here.
export { savedValues } from '../questionnaires/held';

type Body = {
  token?: string;
  uiLanguage?: string;
  questionnaireLanguage?: string;
  questionStartIndex?: number;
  answers?: string;
  draft?: boolean;
  baseRevision?: number;
  saveId?: string;
};

/** The answers field decoded, or what is wrong with it, named by its path (a value out of range says which). */
function decodeAnswers(encoded: string): { ok: true; data: AnswersPayload } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return { ok: false, problem: 'answers: not base64 JSON of {questionStartIndex, answers}' };
  }
  const parsed = answersPayload.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `answers.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
}

const saveFieldsSchema = questionnairePageInfoRequest.pick({ draft: true, baseRevision: true, saveId: true });

/**
 * pageinfo/questionnaire: saves the answers of the page just left and answers with the page asked
 * for, or keeps a draft of a page and answers with that page. An invalid page saves nothing and
 * comes back with its questions flagged. Without a start index, the participant resumes where they
 * left off (by the saved answers: drafts never count).
 *
 * Every page has a revision, which each save and draft of it raises. A save or draft naming a
 * baseRevision other than the page's writes nothing and answers with that page as the server holds
 * it, flagged conflict, unless it is the retry of the page's last write (the same saveId): that
 * answers as the write did. The check and the write are one transaction under a row lock on the
 * page's revision (../questionnaires/pageSave.ts), so of two saves on the same revision one writes
 * and the other gets the conflict. Every page answer carries a fresh token (but for a token just issued).
 */
export async function questionnairePage(body: Body, ctx: ApiContext): Promise<ApiAnswer> {
  const uiLanguage = languageOf(body.uiLanguage);
  const holder = await holderOf(body.token, ctx, 'loggedIn');
  if (isRefused(holder)) return { ...holder.refusal, translations: translationsFor(uiLanguage) };
  const { row } = holder;
  // The version this assessment answers, even after a newer one was imported.
  const bound = await definitionOfAssessment(ctx.db, row.assessment_id);
  if (!bound) return { statusCode: StatusCode.NoRecordset, detailCode: DetailCode.NoExists, translations: translationsFor(uiLanguage) };
  const { definition } = bound;
  const language = languageOf(body.questionnaireLanguage);
  const invalid = (errorInfo: string): ApiAnswer => ({ statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo, translations: translationsFor(uiLanguage) });
  // The app always sends an index (it walks to where the participant left off itself, lib/flows);
  // a client that sends none is answered with that page straight away.
  const targetOf = (saved: Values) => (body.questionStartIndex === undefined ? resumeStart(definition, saved) : pageStartOf(definition, body.questionStartIndex));
  /**
   * The page at start as held (saved answers overlaid with its drafts, and what was just sent over
   * them when it comes back flagged), with its revision, hasDraft, conflict and a renewed token.
   */
  const respond = async (start: number, held: Held, page: { sent?: Values; failed?: Set<number>; canFinish?: boolean; conflict?: boolean } = {}): Promise<ApiAnswer> => {
    const shown = shownValues(definition, start, held);
    const values: Values = page.sent ? new Map([...shown.values, ...page.sent]) : shown.values;
    const answer = pageAnswer(definition, row, start, values, {
      images: await imagesOfPage(ctx, bound, start),
      failed: page.failed ?? new Set(),
      uiLanguage,
      language,
      canFinish: page.canFinish ?? false,
    });
    // Any activity extends the session: a page turn, a draft, the session-timeout dialog's extend
    // (a page load), whenever its warning comes. Only a token just issued is not renewed again
    // (../renewal.ts: a renewal stored while a page renders makes Next render it once more).
    const renewed = renewedToken(holder.payload, ctx);
    return {
      ...answer,
      revision: held.revisions.get(start) ?? 0,
      // The participant was working on this page and never sent it (lib/flows resumes here).
      hasDraft: shown.hasDraft,
      ...(page.conflict && { conflict: true }),
      ...(renewed && { token: renewed }),
    };
  };

  if (!body.answers) {
    const held = await heldState(ctx.db, row.assessment_id);
    return respond(targetOf(held.saved), held);
  }

  const decoded = decodeAnswers(body.answers);
  if (!decoded.ok) return invalid(decoded.problem);
  // The gateway checked these already; a caller of the embedded API itself gets the same rule.
  const saveFields = saveFieldsSchema.safeParse({ draft: body.draft, baseRevision: body.baseRevision, saveId: body.saveId });
  if (!saveFields.success) {
    const issue = saveFields.error.issues[0];
    return invalid(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  const { questionStartIndex: start, answers } = decoded.data;
  if (!isPageStart(definition, start)) return invalid('answers.questionStartIndex: not the start of a page');
  const questionOf = new Map(questionsOfPage(definition, start).flatMap((q) => q.answerInfos.map((a) => [a.id, q.id] as const)));
  const allowed = allowedValues(definition);
  const submitted: Values = new Map();
  // Drafts are bounded like saves: only the answers of the page, only allowed values.
  for (const { id, value } of answers) {
    if (!questionOf.has(id)) return invalid(`answers: answer ${id} is not on the page starting at ${start}`);
    if (value !== definition.unsetValue && !allowed.has(value)) {
      return invalid(`answers: value ${value} of answer ${id} is not allowed; this questionnaire takes ${describeAllowedValues(definition)}`);
    }
    submitted.set(id, value);
  }
  const draft = body.draft === true;
  const forward = body.questionStartIndex === undefined || body.questionStartIndex >= start;
  const outcome = await savePage(ctx.db, {
    assessmentId: row.assessment_id,
    version: bound.version,
    definition,
    start,
    submitted,
    questionOf,
    draft,
    forward,
    baseRevision: body.baseRevision,
    saveId: body.saveId,
  });

  switch (outcome.kind) {
    case 'finished':
      return { ...Refusal.finished, translations: translationsFor(uiLanguage) };
    case 'moved':
      return invalid('answers: the questionnaire was updated while this page was open; nothing was saved, load the page again');
    case 'conflict':
      // The page of the answers as the server holds it, not the one asked for: the participant chooses.
      return respond(start, outcome.held, { conflict: true });
    case 'invalid':
      return respond(start, outcome.held, { sent: submitted, failed: outcome.failed });
    case 'retry':
    case 'saved': {
      const { held } = outcome;
      // A draft answers with its own page, whatever the start index asked for.
      if (draft) return respond(start, held);
      const lastPageSaved = forward && start === pageStartOf(definition, definition.questions.length);
      return respond(targetOf(held.saved), held, {
        // The finish confirmation opens when the last page was saved and everything is answered.
        canFinish: lastPageSaved && isComplete(definition, held.saved),
      });
    }
  }
}
