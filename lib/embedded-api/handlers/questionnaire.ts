import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { Language } from '@/lib/api/languages';
import { answersPayload, type AnswersPayload } from '@/lib/api/schemas/questionnaire';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import type { Sql } from '../db/database';
import { allowedValues, contentLanguage, describeAllowedValues, localize, localizeOrNull, type QuestionnaireDefinition } from '../questionnaires/definitions';
import { imageInfos, type ImageInfo } from '../questionnaires/images';
import { isComplete, isPageStart, isQuestionValid, pageCount, pageStartOf, questionsOfPage, resumeStart, type Values } from '../questionnaires/engine';
import { definitionOfAssessment } from '../questionnaires/store';
import { CATALOGUES } from '../translations';
import { translationsFor } from '../translations';
import { holderOf, isRefused, Refusal, type ParticipantRow } from '../authority';
import { issueToken, type TokenPayload } from '../tokens';

type Body = { token?: string; uiLanguage?: string; questionnaireLanguage?: string; questionStartIndex?: number; answers?: string };

export async function savedValues(sql: Sql, assessmentId: number): Promise<Values> {
  const rows = await sql.query<{ answer_id: number; value: number }>('select answer_id, value from answer where assessment_id = $1', [assessmentId]);
  return new Map(rows.map((r) => [r.answer_id, r.value]));
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

/**
 * pageinfo/questionnaire: saves the answers of the page just left (one transaction, idempotent:
 * the same answers again write the same rows) and answers with the page asked for. An invalid page
 * saves nothing and comes back with its questions flagged. Without a start index, the participant
 * resumes where they left off.
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

  let saved = await savedValues(ctx.db, row.assessment_id);
  const invalid = (errorInfo: string): ApiAnswer => ({ statusCode: StatusCode.PostDataIsInvalid, detailCode: DetailCode.NoDetails, errorInfo, translations: translationsFor(uiLanguage) });
  let lastPageSaved = false;

  if (body.answers) {
    const decoded = decodeAnswers(body.answers);
    if (!decoded.ok) return invalid(decoded.problem);
    const { questionStartIndex: start, answers } = decoded.data;
    if (!isPageStart(definition, start)) return invalid('answers.questionStartIndex: not the start of a page');
    const pageQuestions = questionsOfPage(definition, start);
    const questionOf = new Map(pageQuestions.flatMap((q) => q.answerInfos.map((a) => [a.id, q.id] as const)));
    const allowed = allowedValues(definition);
    const submitted: Values = new Map();
    for (const { id, value } of answers) {
      if (!questionOf.has(id)) return invalid(`answers: answer ${id} is not on the page starting at ${start}`);
      if (value !== definition.unsetValue && !allowed.has(value)) {
        return invalid(`answers: value ${value} of answer ${id} is not allowed; this questionnaire takes ${describeAllowedValues(definition)}`);
      }
      submitted.set(id, value);
    }
    const merged: Values = new Map([...saved, ...submitted]);
    const forward = body.questionStartIndex === undefined || body.questionStartIndex >= start;
    const failed = new Set(pageQuestions.filter((q) => !isQuestionValid(definition, q, merged, !forward)).map((q) => q.id));
    if (failed.size > 0) {
      const images = await imagesOfPage(ctx, bound, start);
      return pageAnswer(definition, row, start, merged, { failed, uiLanguage, language: languageOf(body.questionnaireLanguage), canFinish: false, images });
    }

    const cleared = [...submitted].filter(([, value]) => value === definition.unsetValue).map(([id]) => id);
    const kept = [...submitted].filter(([, value]) => value !== definition.unsetValue);
    // One transaction: a retried save writes the very same rows again, and a save racing the
    // finish of the same assessment (another tab) waits for it and then finds it finished. An
    // import that moved this not-yet-answered assessment to a newer version in the meantime
    // (./questionnaires/import.ts) is noticed here: the answers were checked against the old one.
    const open = await ctx.db.transaction(async (tx): Promise<'saved' | 'finished' | 'moved'> => {
      const [running] = await tx.query<{ questionnaire_version: number | null }>(
        'select questionnaire_version from assessment where id = $1 and finished_at is null for share',
        [row.assessment_id],
      );
      if (!running) return 'finished';
      if (running.questionnaire_version !== bound.version) return 'moved';
      if (cleared.length > 0) await tx.query('delete from answer where assessment_id = $1 and answer_id = any($2::int[])', [row.assessment_id, cleared]);
      if (kept.length > 0) {
        await tx.query(
          `insert into answer (assessment_id, question_id, answer_id, value, saved_at)
           select $1, q, a, v, now() from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)
           on conflict (assessment_id, answer_id) do update set value = excluded.value, question_id = excluded.question_id, saved_at = now()`,
          [row.assessment_id, kept.map(([id]) => questionOf.get(id)), kept.map(([id]) => id), kept.map(([, value]) => value)],
        );
      }
      return 'saved';
    });
    if (open === 'finished') return { ...Refusal.finished, translations: translationsFor(uiLanguage) };
    if (open === 'moved') return invalid('answers: the questionnaire was updated while this page was open; nothing was saved, load the page again');
    saved = merged;
    lastPageSaved = forward && start === pageStartOf(definition, definition.questions.length);
  }

  // The app always sends an index (it walks to where the participant left off itself, lib/flows);
  // a client that sends none is answered with that page straight away.
  const target = body.questionStartIndex === undefined ? resumeStart(definition, saved) : pageStartOf(definition, body.questionStartIndex);
  const answer = pageAnswer(definition, row, target, saved, {
    images: await imagesOfPage(ctx, bound, target),
    failed: new Set(),
    uiLanguage,
    language: languageOf(body.questionnaireLanguage),
    // The finish confirmation opens when the last page was saved and everything is answered.
    canFinish: lastPageSaved && isComplete(definition, saved),
  });
  const renewed = renewedToken(holder.payload, ctx);
  return renewed ? { ...answer, token: renewed } : answer;
}

/** Size and fingerprint of the images the page's questions name (table questionnaire_image). */
function imagesOfPage(ctx: ApiContext, bound: { definition: QuestionnaireDefinition; version: number }, start: number): Promise<Map<string, ImageInfo>> {
  const keys = questionsOfPage(bound.definition, start).flatMap((q) => (q.imageKey ? [q.imageKey] : []));
  return imageInfos(ctx.db, bound.definition.key, bound.version, keys);
}

/**
 * A participant at work must not be cut off by the token's expiry: past half its lifetime, a page
 * load answers with a fresh token carrying the same claims (the spec's 'returned token is stored').
 */
export function renewedToken(payload: TokenPayload, ctx: ApiContext): string | undefined {
  const remaining = payload.exp * 1000 - ctx.now;
  if (remaining > (ctx.settings.tokenTtlSeconds * 1000) / 2) return undefined;
  const { jti: _jti, iat: _iat, exp: _exp, ...claims } = payload;
  void _jti;
  void _iat;
  void _exp;
  return issueToken(claims, ctx);
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
