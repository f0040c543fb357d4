import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { Language } from '@/lib/api/languages';
import { answersPayload, questionnairePageInfoRequest, type AnswersPayload } from '@/lib/api/schemas/questionnaire';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import type { Sql } from '../db/database';
import { allowedValues, contentLanguage, describeAllowedValues, localize, localizeOrNull, type QuestionnaireDefinition } from '../questionnaires/definitions';
import { imageInfos, type ImageInfo } from '../questionnaires/images';
import { isComplete, isPageStart, isQuestionValid, pageCount, pageStartOf, questionsOfPage, resumeStart, type Values } from '../questionnaires/engine';
import { definitionOfAssessment } from '../questionnaires/store';
import { CATALOGUES } from '../translations';
import { translationsFor } from '../translations';
import { holderOf, isRefused, Refusal, type ParticipantRow } from '../authority';
import { renewedToken } from '../renewal';

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

/** The saved answers of an assessment (table answer): what finishing, resuming and canFinish go by. Drafts never count. */
export async function savedValues(sql: Sql, assessmentId: number): Promise<Values> {
  const rows = await sql.query<{ answer_id: number; value: number }>('select answer_id, value from answer where assessment_id = $1', [assessmentId]);
  return new Map(rows.map((r) => [r.answer_id, r.value]));
}

/** What the server holds of an assessment: saved answers, drafts (with the question they were chosen for) and page revisions. */
type Held = { saved: Values; drafts: Map<number, { questionId: number; value: number }>; revisions: Map<number, number> };

/**
 * Read in one statement, so from one snapshot: a revision never comes with the values of another
 * (a page shown with revision r holds what revision r saved).
 */
async function heldState(sql: Sql, assessmentId: number): Promise<Held> {
  const rows = await sql.query<{ kind: 'answer' | 'draft' | 'revision'; id: number; value: number; question_id: number | null }>(
    `select 'answer' as kind, answer_id as id, value, question_id from answer where assessment_id = $1
     union all select 'draft', answer_id, value, question_id from answer_draft where assessment_id = $1
     union all select 'revision', page_start, revision, null::int from page_revision where assessment_id = $1`,
    [assessmentId],
  );
  const held: Held = { saved: new Map(), drafts: new Map(), revisions: new Map() };
  for (const row of rows) {
    if (row.kind === 'answer') held.saved.set(row.id, row.value);
    else if (row.kind === 'draft') held.drafts.set(row.id, { questionId: row.question_id!, value: row.value });
    else held.revisions.set(row.id, row.value);
  }
  return held;
}

/**
 * The values a page shows: the saved answers overlaid with the page's drafts. A draft wins, also
 * one of the unset value (the participant cleared that choice). A draft chosen for another
 * question (the assessment moved to a newer version of its questionnaire meanwhile) is not shown.
 */
function shownValues(definition: QuestionnaireDefinition, start: number, held: Held): { values: Values; hasDraft: boolean } {
  const values: Values = new Map(held.saved);
  let hasDraft = false;
  for (const question of questionsOfPage(definition, start)) {
    for (const answer of question.answerInfos) {
      const draft = held.drafts.get(answer.id);
      if (!draft || draft.questionId !== question.id) continue;
      values.set(answer.id, draft.value);
      hasDraft = true;
    }
  }
  return { values, hasDraft };
}

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

/** What became of a save, decided in its transaction under the page's lock. */
type Outcome =
  | { kind: 'finished' }
  | { kind: 'moved' }
  /** baseRevision is not the page's, and the save is no retry of its last write: nothing written. */
  | { kind: 'conflict'; held: Held }
  /** The page's last write had this saveId: the save landed already, nothing written again. */
  | { kind: 'retry'; held: Held }
  /** A page save (not a draft) whose questions are not validly answered: nothing written. */
  | { kind: 'invalid'; held: Held; failed: Set<number> }
  | { kind: 'saved'; held: Held };

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
 * page's revision, so of two saves on the same revision one writes and the other gets the conflict.
 * Every page answer carries a fresh token (but for a token just issued).
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
  const pageQuestions = questionsOfPage(definition, start);
  const questionOf = new Map(pageQuestions.flatMap((q) => q.answerInfos.map((a) => [a.id, q.id] as const)));
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
  const pageAnswerIds = [...questionOf.keys()];

  // One transaction: a save racing the finish of the same assessment (another tab) waits for it
  // and then finds it finished. An import that moved this not-yet-answered assessment to a newer
  // version in the meantime (./questionnaires/import.ts) is noticed here: the answers were checked
  // against the old one. The page's revision row is locked (made first when the page has none),
  // so that the revision check and the write cannot interleave with another save of the page.
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const [running] = await tx.query<{ questionnaire_version: number | null }>(
      'select questionnaire_version from assessment where id = $1 and finished_at is null for share',
      [row.assessment_id],
    );
    if (!running) return { kind: 'finished' };
    if (running.questionnaire_version !== bound.version) return { kind: 'moved' };
    await tx.query('insert into page_revision (assessment_id, page_start, revision) values ($1, $2, 0) on conflict (assessment_id, page_start) do nothing', [
      row.assessment_id,
      start,
    ]);
    const [page] = await tx.query<{ revision: number; last_save_id: string | null }>(
      'select revision, last_save_id from page_revision where assessment_id = $1 and page_start = $2 for update',
      [row.assessment_id, start],
    );
    const current = page!.revision;
    if (body.saveId !== undefined && body.saveId === page!.last_save_id && body.baseRevision !== current) return { kind: 'retry', held: await heldState(tx, row.assessment_id) };
    if (body.baseRevision !== undefined && body.baseRevision !== current) return { kind: 'conflict', held: await heldState(tx, row.assessment_id) };

    const before = await heldState(tx, row.assessment_id);
    if (draft) {
      // The page's drafts are replaced by what was sent, unset values included (a choice cleared).
      await tx.query('delete from answer_draft where assessment_id = $1 and answer_id = any($2::int[])', [row.assessment_id, pageAnswerIds]);
      const all = [...submitted];
      if (all.length > 0) {
        await tx.query(
          `insert into answer_draft (assessment_id, question_id, answer_id, value, saved_at)
           select $1, q, a, v, now() from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)`,
          [row.assessment_id, all.map(([id]) => questionOf.get(id)), all.map(([id]) => id), all.map(([, value]) => value)],
        );
      }
    } else {
      const merged: Values = new Map([...before.saved, ...submitted]);
      const failed = new Set(pageQuestions.filter((q) => !isQuestionValid(definition, q, merged, !forward)).map((q) => q.id));
      if (failed.size > 0) return { kind: 'invalid', held: before, failed };
      const cleared = [...submitted].filter(([, value]) => value === definition.unsetValue).map(([id]) => id);
      const kept = [...submitted].filter(([, value]) => value !== definition.unsetValue);
      if (cleared.length > 0) await tx.query('delete from answer where assessment_id = $1 and answer_id = any($2::int[])', [row.assessment_id, cleared]);
      if (kept.length > 0) {
        await tx.query(
          `insert into answer (assessment_id, question_id, answer_id, value, saved_at)
           select $1, q, a, v, now() from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)
           on conflict (assessment_id, answer_id) do update set value = excluded.value, question_id = excluded.question_id, saved_at = now()`,
          [row.assessment_id, kept.map(([id]) => questionOf.get(id)), kept.map(([id]) => id), kept.map(([, value]) => value)],
        );
      }
      // The page is saved: its drafts have served.
      await tx.query('delete from answer_draft where assessment_id = $1 and answer_id = any($2::int[])', [row.assessment_id, pageAnswerIds]);
    }
    await tx.query('update page_revision set revision = revision + 1, last_save_id = $3, saved_at = now() where assessment_id = $1 and page_start = $2', [
      row.assessment_id,
      start,
      body.saveId ?? null,
    ]);
    return { kind: 'saved', held: await heldState(tx, row.assessment_id) };
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

/** Size and fingerprint of the images the page's questions name (table questionnaire_image). */
function imagesOfPage(ctx: ApiContext, bound: { definition: QuestionnaireDefinition; version: number }, start: number): Promise<Map<string, ImageInfo>> {
  const keys = questionsOfPage(bound.definition, start).flatMap((q) => (q.imageKey ? [q.imageKey] : []));
  return imageInfos(ctx.db, bound.definition.key, bound.version, keys);
}

function pageAnswer(
  definition: QuestionnaireDefinition,
  row: ParticipantRow,
  start: number,
  values: Values,
  options: { failed: Set<number>; uiLanguage: Language; language: Language; canFinish: boolean; images: Map<string, ImageInfo> },
): ApiAnswer {
  // German where the content has no translation: the answer names the language it really is in.
  const language = contentLanguage(definition, options.language);
  const errorText = (CATALOGUES[options.uiLanguage] as Record<string, string>)[definition.errorMessage] ?? '';
  const perPage = definition.questionsPerPage;
  const total = pageCount(definition);
  const currentPage = Math.floor((start - 1) / perPage) + 1;
  const scale = definition.answervaluesConfig;
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    translations: translationsFor(options.uiLanguage),
    prefix: '',
    questionnaireLanguage: language,
    canFinish: options.canFinish,
    questionnaireTitle: localize(definition.title, language),
    candidateTitle: row.candidate_title,
    candidateFirstName: row.candidate_first_name,
    candidateLastName: row.candidate_last_name,
    candidatePseudonym: row.candidate_pseudonym,
    isSelfAssessment: row.is_self_assessment,
    currentPage,
    totalNumberOfPages: total,
    prevNavButtonQuestionStartIndex: currentPage > 1 ? start - perPage : null,
    nextNavButtonQuestionStartIndex: currentPage < total ? start + perPage : null,
    noDetails: definition.noDetails,
    notRated: definition.notRated,
    answervaluesConfig: {
      valueInfos: scale.valueInfos.map((v) => ({ value: v.value, caption: localize(v.caption, language) })),
      notRatedValue: scale.notRatedValue,
      notRatedValueCaption: scale.notRatedValueCaption ? localize(scale.notRatedValueCaption, language) : null,
      notRatedGroupCaption: scale.notRatedGroupCaption ? localize(scale.notRatedGroupCaption, language) : null,
      groupCaptions: scale.groupCaptions.map((g) => ({ caption: localize(g.caption, language), columnSpan: g.columnSpan })),
    },
    questions: questionsOfPage(definition, start).map((question, offset) => {
      const failed = options.failed.has(question.id);
      const answerValues = question.answerInfos.map((a) => values.get(a.id) ?? definition.unsetValue);
      return {
        questionIndex: start + offset,
        id: question.id,
        text: localize(question.text, language),
        subText: localize(question.subText, language),
        imageKey: question.imageKey ?? null,
        // Not in spec §3: the image's size and fingerprint, so the page keeps its place and may cache it (lib/api/schemas/questionnaire.ts).
        ...imageFields(question.imageKey ? options.images.get(question.imageKey) : undefined),
        info1: question.info1 ? question.info1.map((entry) => localize(entry, language)) : null,
        info2: localizeOrNull(question.info2, language),
        info3: localizeOrNull(question.info3, language),
        info4: localizeOrNull(question.info4, language),
        errorMessage: failed ? errorText : '',
        isInvalid: failed,
        answerInfos: question.answerInfos.map((answer, answerIndex) => {
          const value = answerValues[answerIndex] ?? definition.unsetValue;
          const duplicate = value !== definition.unsetValue && answerValues.filter((v) => v === value).length > 1 && definition.unsetValue === 0;
          return {
            id: answer.id,
            answerIndex,
            text: localize(answer.text, language),
            subtext: localize(answer.subtext, language),
            value,
            isInvalid: failed && (value === definition.unsetValue || duplicate),
          };
        }),
      };
    }),
  };
}

function imageFields(info: ImageInfo | undefined) {
  return info ? { imageWidth: info.width, imageHeight: info.height, imageVersion: info.fingerprint } : {};
}
