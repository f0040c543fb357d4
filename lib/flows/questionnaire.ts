import { SLIDER_DEFAULT_MAX, sliderMax } from '@/lib/validation/slider';
import { productRules } from './products';

/** Questions per page (spec §9): 4 for product 1, 1 for the others (lib/flows/products.ts). */
export function questionsPerPage(product: number): number {
  return productRules(product).questionsPerPage;
}

/** The largest value of a page's scale: where a slider ends (spec §4). */
export function scaleMaxOf(config: { valueInfos: ReadonlyArray<{ value: number }> } | null | undefined): number {
  return config ? sliderMax(config.valueInfos.map((v) => v.value)) : SLIDER_DEFAULT_MAX;
}

type CheckOptions = { forward: boolean; notRated: boolean; unset: number; scaleMax?: number };

type PageQuestion = { id: number; answerInfos: ReadonlyArray<{ id: number }> };

/**
 * The questions of a page that may not be sent: on next every question must be validly answered;
 * going back accepts questions left wholly unanswered (the lenient check of spec §5).
 */
export function invalidQuestions(
  product: number,
  questions: ReadonlyArray<PageQuestion>,
  values: ReadonlyMap<number, number>,
  options: CheckOptions,
): number[] {
  const rules = productRules(product);
  const check = { notRatedAllowed: options.notRated, lenient: !options.forward, scaleMax: options.scaleMax ?? SLIDER_DEFAULT_MAX };
  return questions
    .filter((question) => !rules.isQuestionValid(question.answerInfos.map((a) => values.get(a.id) ?? options.unset), check))
    .map((q) => q.id);
}

/**
 * Whether a question that shows its error message keeps it after an answer changed: until the
 * question is validly answered (the strict check of next), so the participant sees what is still
 * wrong while mending it, and the message goes once nothing is.
 */
export function keepsErrorMessage(
  product: number,
  question: PageQuestion,
  values: ReadonlyMap<number, number>,
  options: Omit<CheckOptions, 'forward'>,
): boolean {
  return invalidQuestions(product, [question], values, { ...options, forward: true }).length > 0;
}

/** The value an answer has before it is answered: 0 for ranks, -1 elsewhere (spec §4, §5). */
export function unsetValue(product: number): number {
  return productRules(product).unsetValue;
}

/**
 * The answers field: base64 JSON of questionStartIndex and id/value pairs (spec §3). The JSON holds
 * numbers only, so btoa (in browsers and Node alike) is enough; a mention of Buffer here would put
 * Node's buffer polyfill (6.5 KB gzip) into every questionnaire page's first load.
 */
export function encodeAnswers(questionStartIndex: number, values: ReadonlyArray<{ id: number; value: number }>): string {
  const json = JSON.stringify({ questionStartIndex, answers: values.map(({ id, value }) => ({ id, value })) });
  return btoa(json);
}

/**
 * An answer item's letter (spec §2, §3: "answerIndex (shown as a letter)"; §9: letters starting at a):
 * answerIndex 0 is a, 1 is b, …, 25 is z, 26 is aa. An upstream that sends no usable index (missing,
 * negative, not whole) gets the item's position in the list instead, so that no row goes unlabelled.
 */
export function answerLetter(answerIndex: number | null | undefined, position: number): string {
  const index = typeof answerIndex === 'number' && Number.isInteger(answerIndex) && answerIndex >= 0 ? answerIndex : position;
  let letters = '';
  for (let rest = index; rest >= 0; rest = Math.floor(rest / 26) - 1) letters = String.fromCharCode(97 + (rest % 26)) + letters;
  return letters;
}

type LoadedPage = {
  questions?: ReadonlyArray<{ id: number; questionIndex?: number; answerInfos: ReadonlyArray<{ id: number; value: number }> }> | null;
  notRated?: boolean | null;
  nextNavButtonQuestionStartIndex?: number | null;
  answervaluesConfig?: { valueInfos: ReadonlyArray<{ value: number }> } | null;
  /** The values shown include a draft (lib/api/schemas/questionnaire.ts): the participant was working here. */
  hasDraft?: boolean | null;
};

/** A page as the server sent it is complete when every question on it passes the check of 'next'. */
function isPageComplete(product: number, page: LoadedPage): boolean {
  const questions = page.questions ?? [];
  if (questions.length === 0) return false;
  const values = new Map(questions.flatMap((q) => q.answerInfos.map((a) => [a.id, a.value] as const)));
  const options = { forward: true, notRated: page.notRated === true, unset: unsetValue(product), scaleMax: scaleMaxOf(page.answervaluesConfig) };
  return invalidQuestions(product, questions, values, options).length === 0;
}

/**
 * Resuming after a login. The start index after a login is 1 (spec §9), and the contract has no
 * 'where did I leave off': so the first questionnaire load after a login walks on from page 1 while
 * the page comes back complete. The first page not complete is where the participant left off; when
 * every page is complete, the last one (where finishing happens). A page with a draft is where the
 * participant was working, complete or not: it was never sent. Answers the start index to load
 * next, or undefined to show this page. Works with any upstream that returns saved answers.
 */
export function resumeNextStart(product: number, page: LoadedPage): number | undefined {
  const next = page.nextNavButtonQuestionStartIndex;
  if (!next || page.hasDraft === true || !isPageComplete(product, page)) return undefined;
  // Only forward: an upstream pointing back (or at the same page) must not make the walk go round.
  const here = page.questions?.[0]?.questionIndex;
  return here !== undefined && next <= here ? undefined : next;
}
