import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { invalidQuestions, scaleMaxOf } from '@/lib/flows/questionnaire';
import { productRules } from '@/lib/flows/products';
import { answersOf, valuesOf } from '@/components/questionnaire/pageValues';

type Page = Pick<QuestionnairePageResponse, 'questions' | 'notRated' | 'answervaluesConfig'>;

export type PageAnswers = {
  answers: Array<{ id: number; value: number }>;
  /** The page came complete (saved answers) and is sent back as it came; else the check chose the values. */
  asSaved: boolean;
};

/**
 * The answers the check saves for a page, valid by the product's rule as a participant's must be
 * (lib/flows/products.ts): the page's own when it came complete, else ranks 1, 2, 3, 4 in order or
 * the scale's first value that is an answer on every item. Undefined when the page has no questions
 * or no valid answer can be made (an upstream scale the product's rule refuses).
 */
export function answersToSave(product: number, page: Page): PageAnswers | undefined {
  const questions = page.questions ?? [];
  if (questions.length === 0) return undefined;
  const rules = productRules(product);
  const options = { forward: true, notRated: page.notRated === true, unset: rules.unsetValue, scaleMax: scaleMaxOf(page.answervaluesConfig) };
  const saved = valuesOf(page);
  if (invalidQuestions(product, questions, saved, options).length === 0) return { answers: answersOf(questions, saved, rules.unsetValue), asSaved: true };

  const scale = (page.answervaluesConfig?.valueInfos ?? []).map((info) => info.value);
  const value = scale.find((v) => v !== rules.unsetValue && v !== rules.notRatedValue) ?? (rules.wholeRange ? 0 : undefined);
  const chosen = new Map<number, number>();
  for (const question of questions) {
    question.answerInfos.forEach((answer, index) => chosen.set(answer.id, rules.ranks ? (rules.ranks[index] ?? rules.unsetValue) : (value ?? rules.unsetValue)));
  }
  if (invalidQuestions(product, questions, chosen, options).length > 0) return undefined;
  return { answers: answersOf(questions, chosen, rules.unsetValue), asSaved: false };
}
