import { DetailCode, StatusCode } from '@/lib/api/codes';
import type { Language } from '@/lib/api/languages';
import { productRules } from '@/lib/flows/products';
import type { ApiAnswer, ApiContext } from '../context';
import type { ParticipantRow } from '../authority';
import { CATALOGUES, translationsFor } from '../translations';
import { contentLanguage, localize, localizeOrNull, type QuestionnaireDefinition } from './definitions';
import { pageCount, questionsOfPage, type Values } from './engine';
import { imageInfos, type ImageInfo } from './images';

/** Size and fingerprint of the images the page's questions name (table questionnaire_image). */
export function imagesOfPage(ctx: ApiContext, bound: { definition: QuestionnaireDefinition; version: number }, start: number): Promise<Map<string, ImageInfo>> {
  const keys = questionsOfPage(bound.definition, start).flatMap((q) => (q.imageKey ? [q.imageKey] : []));
  return imageInfos(ctx.db, bound.definition.key, bound.version, keys);
}

export type PageOptions = { failed: Set<number>; uiLanguage: Language; language: Language; canFinish: boolean; images: Map<string, ImageInfo> };

/** The page starting at start as the contract's page info (spec §3), with the values given and the failed questions flagged. */
export function pageAnswer(definition: QuestionnaireDefinition, row: ParticipantRow, start: number, values: Values, options: PageOptions): ApiAnswer {
  // German where the content has no translation: the answer names the language it really is in.
  const language = contentLanguage(definition, options.language);
  const errorText = (CATALOGUES[options.uiLanguage] as Record<string, string>)[definition.errorMessage] ?? '';
  const perPage = definition.questionsPerPage;
  const total = pageCount(definition);
  const currentPage = Math.floor((start - 1) / perPage) + 1;
  const scale = definition.answervaluesConfig;
  // The items the browser highlights in a failed question are the ones marked here (lib/flows/products.ts).
  const { itemsToMark } = productRules(definition.product);
  const check = { notRatedAllowed: definition.notRated, lenient: false, scaleMax: definition.scaleMax };
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
      const marked = failed ? itemsToMark(answerValues, check) : [];
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
        answerInfos: question.answerInfos.map((answer, answerIndex) => ({
          id: answer.id,
          answerIndex,
          text: localize(answer.text, language),
          subtext: localize(answer.subtext, language),
          value: answerValues[answerIndex] ?? definition.unsetValue,
          isInvalid: marked[answerIndex] === true,
        })),
      };
    }),
  };
}

function imageFields(info: ImageInfo | undefined) {
  return info ? { imageWidth: info.width, imageHeight: info.height, imageVersion: info.fingerprint } : {};
}
