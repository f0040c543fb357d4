import { z } from 'zod';
import type { Product } from '@/lib/api/codes';
import { PRODUCTS, productRules } from '@/lib/flows/products';
import { localizedText, type LocalizedText } from './localizedText';
import { privacyFields } from './privacy';

/**
 * A questionnaire as an author writes it (content/questionnaires/<key>.json), in the words of
 * spec §3. One schema for the import, the embedded API and the tests; the JSON Schema authors'
 * editors complete against is generated from it (lib/content/jsonSchema.ts). No I/O here: reading
 * files and images is lib/content/files.ts.
 */

export { localizedText, TEXT_LANGUAGES, type LocalizedText, type TextLanguage } from './localizedText';

/** Whole numbers: a multipleOf check, not .int(), because .int() stops the rules below from running. */
const whole = (min: number, max: number) => z.number().multipleOf(1, 'must be a whole number').min(min).max(max);

/** File names of images, and the questionnaire key as a file name: no path separators, no dots. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const IMAGE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

const answerInfo = z.strictObject({
  id: whole(1, 2_000_000_000).describe('Unique within the questionnaire: answers are stored by it.'),
  text: localizedText,
  subtext: localizedText.optional(),
}).meta({ id: 'AnswerInfo', description: 'An answer item: ranked (product 1) or rated on the scale.' });

const question = z.strictObject({
  id: whole(1, 2_000_000_000).describe('Unique within the questionnaire.'),
  text: localizedText,
  subText: localizedText.optional(),
  imageKey: z
    .string()
    .regex(IMAGE_KEY_PATTERN, 'must be letters, digits, - or _ (the image file name without its extension)')
    .optional()
    .describe('An image beside the file: <key>/<imageKey>.png (or .jpg, .jpeg, .gif, .webp).'),
  info1: z.array(localizedText).min(1, 'needs at least one entry').max(50).optional().describe('First entry an intro line, the rest synonyms.'),
  info2: localizedText.optional().describe('Definition.'),
  info3: localizedText.optional().describe('Explanation; also the header text in the slider view.'),
  info4: localizedText.optional().describe('Exaggeration.'),
  answerInfos: z.array(answerInfo).min(1, 'needs at least one answer item').max(20),
}).meta({ id: 'Question' });

/** The products a questionnaire can be for: the rows of the product table. */
const PRODUCT_NUMBERS = Object.keys(PRODUCTS).map(Number) as [Product, ...Product[]];

const answervaluesConfig = z.strictObject({
  valueInfos: z
    .array(z.strictObject({ value: whole(0, 100), caption: localizedText }))
    .min(1, 'needs at least one value')
    .max(11)
    .describe('The answer values, one column each. Product 1 ranks with exactly 1, 2, 3 and 4.'),
  notRatedValue: whole(-2, 0).nullable().default(null).describe(`The value of "not rated": ${PRODUCT_NUMBERS.flatMap((product) => (PRODUCTS[product]!.notRatedValue === null ? [] : [`${PRODUCTS[product]!.notRatedValue} for product ${product}`])).join(', ')}.`),
  notRatedValueCaption: localizedText.nullable().default(null),
  notRatedGroupCaption: localizedText.nullable().default(null),
  groupCaptions: z
    .array(z.strictObject({ caption: localizedText, columnSpan: whole(1, 11) }))
    .default([])
    .describe('Captions over groups of value columns; their spans add up to the number of values.'),
});

export const questionnaireSchema = z
  .strictObject({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
    key: z.string().regex(KEY_PATTERN, 'must be lower-case letters, digits, - or _ (it is also the file name)'),
    title: localizedText,
    product: z
      .literal(PRODUCT_NUMBERS)
      .describe(`The view (spec §4): ${PRODUCT_NUMBERS.map((product) => `${product} ${PRODUCTS[product]!.view}`).join(', ')}.`),
    questionsPerPage: whole(1, 50).describe(`${PRODUCT_NUMBERS.map((product) => `${PRODUCTS[product]!.questionsPerPage} for product ${product}`).join(', ')} (spec §9): the app pages by the same rule.`),
    noDetails: z.boolean(),
    notRated: z.boolean().describe('Whether "not rated" (notRatedValue) is an allowed answer.'),
    answervaluesConfig,
    questions: z.array(question).min(1, 'needs at least one question').max(1000),
    // This questionnaire's own privacy text and retention notice, instead of the operator's default (content/privacy.json).
    ...privacyFields,
  })
  .superRefine((value, ctx) => {
    for (const problem of crossFieldProblems(value)) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  }, { when: () => true })
  .describe('A questionnaire of the assessment app (content/questionnaires/<key>.json).');

export type Questionnaire = Omit<z.output<typeof questionnaireSchema>, '$schema'>;
export type QuestionnaireQuestion = Questionnaire['questions'][number];
export type QuestionnaireAnswer = QuestionnaireQuestion['answerInfos'][number];

type Problem = { path: Array<string | number>; message: string };
type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): Loose[] => (Array.isArray(value) ? value.map((item) => (isObject(item) ? item : {})) : []);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * Rules across fields. They run even when a field has the wrong shape (the file is read loosely
 * here), so that one pass names every problem of a file.
 */
function crossFieldProblems(raw: unknown): Problem[] {
  if (!isObject(raw)) return [];
  const problems: Problem[] = [];
  const product = numberOf(raw.product);
  const questions = listOf(raw.questions);
  const config = isObject(raw.answervaluesConfig) ? raw.answervaluesConfig : {};
  const valueInfos = listOf(config.valueInfos);
  const values = valueInfos.map((info) => numberOf(info.value));
  // A product the table lacks is the schema's to refuse: no row's rules are guessed for it.
  const row = product === undefined ? undefined : PRODUCTS[product as Product];
  const ranks = row?.ranks;

  const firstQuestion = new Map<number, number>();
  const firstAnswer = new Map<number, string>();
  questions.forEach((q, index) => {
    const id = numberOf(q.id);
    if (id !== undefined) {
      const earlier = firstQuestion.get(id);
      if (earlier !== undefined) problems.push({ path: ['questions', index, 'id'], message: `${id} is already the id of questions[${earlier}]` });
      else firstQuestion.set(id, index);
    }
    const answers = listOf(q.answerInfos);
    answers.forEach((a, answerIndex) => {
      const answerId = numberOf(a.id);
      if (answerId === undefined) return;
      const earlier = firstAnswer.get(answerId);
      if (earlier !== undefined) problems.push({ path: ['questions', index, 'answerInfos', answerIndex, 'id'], message: `${answerId} is already the id of ${earlier} (answer ids are unique in the questionnaire)` });
      else firstAnswer.set(answerId, `questions[${index}].answerInfos[${answerIndex}]`);
    });
    if (ranks && Array.isArray(q.answerInfos) && answers.length !== ranks.length) {
      problems.push({ path: ['questions', index, 'answerInfos'], message: `product ${product} ranks exactly ${ranks.length} answer items per question, found ${answers.length}` });
    }
  });

  const seenValues = new Set<number>();
  values.forEach((value, index) => {
    if (value === undefined) return;
    if (seenValues.has(value)) problems.push({ path: ['answervaluesConfig', 'valueInfos', index, 'value'], message: `${value} appears twice` });
    seenValues.add(value);
  });

  if (ranks) {
    const sorted = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
    const expected = [...ranks].sort((a, b) => a - b);
    if (Array.isArray(config.valueInfos) && sorted.join(',') !== expected.join(',')) {
      problems.push({ path: ['answervaluesConfig', 'valueInfos'], message: `product ${product} ranks with exactly the values ${inWords(expected)}` });
    }
  }
  const withoutNotRated = row !== undefined && row.notRatedValue === null;
  if (withoutNotRated && raw.notRated === true) problems.push({ path: ['notRated'], message: `product ${product} has no "not rated": must be false` });

  const expectedPerPage = product === undefined ? undefined : productRules(product).questionsPerPage;
  if (expectedPerPage !== undefined && numberOf(raw.questionsPerPage) !== undefined && raw.questionsPerPage !== expectedPerPage) {
    problems.push({ path: ['questionsPerPage'], message: `must be ${expectedPerPage} for product ${product} (spec §9; the app pages by the same rule)` });
  }

  const notRatedValue = numberOf(config.notRatedValue);
  if (raw.notRated === true && !withoutNotRated) {
    if (notRatedValue === undefined) problems.push({ path: ['answervaluesConfig', 'notRatedValue'], message: 'required when notRated is true' });
    if (!isObject(config.notRatedValueCaption)) problems.push({ path: ['answervaluesConfig', 'notRatedValueCaption'], message: 'required when notRated is true' });
  }
  const expectedNotRated = row?.notRatedValue ?? undefined;
  if (notRatedValue !== undefined) {
    if (expectedNotRated === undefined) problems.push({ path: ['answervaluesConfig', 'notRatedValue'], message: `product ${product} has no not-rated value` });
    else if (notRatedValue !== expectedNotRated) problems.push({ path: ['answervaluesConfig', 'notRatedValue'], message: `must be ${expectedNotRated} for product ${product} (spec §5)` });
    if (seenValues.has(notRatedValue)) problems.push({ path: ['answervaluesConfig', 'notRatedValue'], message: `${notRatedValue} is also one of the valueInfos` });
  }

  const groups = listOf(config.groupCaptions);
  if (groups.length > 0 && valueInfos.length > 0) {
    const spans = groups.map((g) => numberOf(g.columnSpan));
    if (spans.every((s) => s !== undefined)) {
      const total = spans.reduce<number>((sum, s) => sum + (s ?? 0), 0);
      if (total !== valueInfos.length) {
        problems.push({ path: ['answervaluesConfig', 'groupCaptions'], message: `the column spans add up to ${total}, but there are ${valueInfos.length} value columns` });
      }
    }
  }
  return problems;
}

/** '1, 2, 3 and 4' */
function inWords(values: readonly number[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} and ${values.at(-1)}` : values.join('');
}

/**
 * Every text of a questionnaire: title, questions, their details and answers, and the captions of
 * its scale. The language a page is shown in depends on all of them. Not its privacy text and
 * retention notice: they are shown on other pages, each in the participant's language where written.
 */
export function textsOf(questionnaire: Questionnaire): LocalizedText[] {
  const config = questionnaire.answervaluesConfig;
  return [
    questionnaire.title,
    ...questionnaire.questions.flatMap((q) => [
      q.text,
      q.subText,
      ...(q.info1 ?? []),
      q.info2,
      q.info3,
      q.info4,
      ...q.answerInfos.flatMap((a) => [a.text, a.subtext]),
    ]),
    ...config.valueInfos.map((info) => info.caption),
    config.notRatedValueCaption,
    config.notRatedGroupCaption,
    ...config.groupCaptions.map((group) => group.caption),
  ].filter((t): t is LocalizedText => t !== undefined && t !== null);
}
