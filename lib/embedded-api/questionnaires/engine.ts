import type { QuestionnaireQuestion } from '@/lib/content/questionnaire';
import { productRules } from '@/lib/flows/products';
import type { QuestionnaireDefinition } from './definitions';

export type Values = Map<number, number>;

/** The same rules as the browser's (lib/validation), applied again on the server. */
export function isQuestionValid(definition: QuestionnaireDefinition, question: QuestionnaireQuestion, values: Values, lenient: boolean): boolean {
  const answers = question.answerInfos.map((a) => values.get(a.id) ?? definition.unsetValue);
  return productRules(definition.product).isQuestionValid(answers, { notRatedAllowed: definition.notRated, lenient, scaleMax: definition.scaleMax });
}

export function pageCount(definition: QuestionnaireDefinition): number {
  return Math.max(1, Math.ceil(definition.questions.length / definition.questionsPerPage));
}

/** Start indexes are 1, 1 + n, 1 + 2n, …: the first question index of each page. */
export function isPageStart(definition: QuestionnaireDefinition, start: number): boolean {
  return Number.isInteger(start) && start >= 1 && start <= definition.questions.length && (start - 1) % definition.questionsPerPage === 0;
}

/** Any index to the start of the page that holds it, within the questionnaire. */
export function pageStartOf(definition: QuestionnaireDefinition, index: number): number {
  const last = definition.questions.length;
  const clamped = Math.min(Math.max(1, Math.trunc(index) || 1), last);
  return clamped - ((clamped - 1) % definition.questionsPerPage);
}

export function questionsOfPage(definition: QuestionnaireDefinition, start: number): QuestionnaireQuestion[] {
  return definition.questions.slice(start - 1, start - 1 + definition.questionsPerPage);
}

/** Where a participant left off: the page of the first question not validly answered, else the last page. */
export function resumeStart(definition: QuestionnaireDefinition, saved: Values): number {
  const index = definition.questions.findIndex((q) => !isQuestionValid(definition, q, saved, false));
  return pageStartOf(definition, index === -1 ? definition.questions.length : index + 1);
}

export function isComplete(definition: QuestionnaireDefinition, saved: Values): boolean {
  return definition.questions.every((q) => isQuestionValid(definition, q, saved, false));
}
