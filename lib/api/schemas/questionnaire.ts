import { z } from 'zod';
import { pageInfoRequestFields, pageInfoResponse } from './common';

export const questionnairePageInfoRequest = z.strictObject({
  ...pageInfoRequestFields,
  questionsPerPage: z.number().int().min(1).max(50).optional(),
  questionStartIndex: z.number().int().min(1).max(10_000).optional(),
  /** base64 of {questionStartIndex, answers: [{id, value}]}; empty when nothing to save. */
  answers: z.string().max(64 * 1024).optional(),
  /**
   * Not in spec §7 (sent only to an upstream whose pages carry a revision, as the embedded API's do):
   * the answers are a draft of the page they name, kept for the participant and shown again when the
   * page loads, never counted as answers for finishing. The answer is that same page.
   */
  draft: z.boolean().optional(),
  /** Not in spec §7: the revision of the saved page the answers were chosen on; a stale one saves nothing (the answer says conflict). */
  baseRevision: z.number().int().min(0).max(2_147_483_647).optional(),
  /** Not in spec §7: the id of this save, the same on every retry, so that a retry of a save that landed does not save again. */
  saveId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, - and _, 8 to 64 of them').optional(),
});

export const answerItem = z.looseObject({
  id: z.number().int(),
  answerIndex: z.number().int(),
  text: z.string().nullish(),
  subtext: z.string().nullish(),
  value: z.number(),
  isInvalid: z.boolean().nullish(),
});
export type AnswerItem = z.output<typeof answerItem>;

export const question = z.looseObject({
  questionIndex: z.number().int(),
  id: z.number().int(),
  text: z.string().nullish(),
  subText: z.string().nullish(),
  imageKey: z.string().nullish(),
  /**
   * Not in spec §3 (an upstream may leave them out): the image's size in pixels, so that the page
   * reserves its place before it arrives, and a fingerprint of its bytes for a cacheable address.
   * Lenient like every answer: the view uses them only when they make sense.
   */
  imageWidth: z.number().nullish(),
  imageHeight: z.number().nullish(),
  imageVersion: z.string().nullish(),
  info1: z.array(z.string()).nullish(),
  info2: z.string().nullish(),
  info3: z.string().nullish(),
  info4: z.string().nullish(),
  errorMessage: z.string().nullish(),
  isInvalid: z.boolean().nullish(),
  answerInfos: z.array(answerItem),
});
export type Question = z.output<typeof question>;

export const answerValuesConfig = z.looseObject({
  valueInfos: z.array(z.looseObject({ value: z.number(), caption: z.string().nullish() })),
  notRatedValue: z.number().nullish(),
  notRatedValueCaption: z.string().nullish(),
  notRatedGroupCaption: z.string().nullish(),
  groupCaptions: z.array(z.looseObject({ caption: z.string().nullish(), columnSpan: z.number().int() })).nullish(),
});
export type AnswerValuesConfig = z.output<typeof answerValuesConfig>;

export const questionnairePageResponse = pageInfoResponse.extend({
  prefix: z.string().nullish(),
  questionnaireLanguage: z.string().nullish(),
  canFinish: z.boolean().nullish(),
  questionnaireTitle: z.string().nullish(),
  candidateTitle: z.string().nullish(),
  candidateFirstName: z.string().nullish(),
  candidateLastName: z.string().nullish(),
  candidatePseudonym: z.string().nullish(),
  isSelfAssessment: z.boolean().nullish(),
  currentPage: z.number().int().nullish(),
  totalNumberOfPages: z.number().int().nullish(),
  prevNavButtonQuestionStartIndex: z.number().int().nullish(),
  nextNavButtonQuestionStartIndex: z.number().int().nullish(),
  noDetails: z.boolean().nullish(),
  notRated: z.boolean().nullish(),
  answervaluesConfig: answerValuesConfig.nullish(),
  questions: z.array(question).nullish(),
  /**
   * Not in spec §3 (an upstream may leave it out, and then keeps last-write-wins and gets no drafts):
   * the revision of the page shown, which every save and draft of it raises.
   */
  revision: z.number().int().nullish(),
  /**
   * Not in spec §3: the save named a revision older than the page's; nothing was saved, and the
   * answer is the page as the server holds it, for the participant to choose between.
   */
  conflict: z.boolean().nullish(),
  /** Not in spec §3: the values shown include a draft of this page (the participant was working here and never sent it). */
  hasDraft: z.boolean().nullish(),
});
export type QuestionnairePageResponse = z.output<typeof questionnairePageResponse>;

/** What the answers field decodes to. */
export const answersPayload = z.strictObject({
  questionStartIndex: z.number().int().min(1),
  answers: z.array(z.strictObject({ id: z.number().int(), value: z.number().int().min(-2).max(100) })).max(200),
});
export type AnswersPayload = z.output<typeof answersPayload>;

export const finishRequest = z.strictObject({ token: z.string().max(4096).optional() });
export const finishResponse = pageInfoResponse.extend({ logout: z.boolean().nullish() });
