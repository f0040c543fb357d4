import { Product } from '@/lib/api/codes';
import { isGridQuestionValid } from '@/lib/validation/grid';
import { isRankingQuestionValid, rankAnswersToMark } from '@/lib/validation/ranking';
import { isSliderQuestionValid, sliderItemsToMark } from '@/lib/validation/slider';

/**
 * One product table (DESIGN.md "Pages, products and variants"): what differs between the products
 * of spec §1 for the questionnaire, the manual and the embedded API. Screens and rules look a
 * product up here instead of branching on its number; a new view is a row here and a component in
 * components/questionnaire/views/.
 */

/** The question views of spec §2; components/questionnaire/views names a component for each. */
export type QuestionView = 'ranking' | 'grid' | 'slider';

/** What a question's check needs beyond its values. */
export type QuestionCheck = {
  /** Whether the questionnaire allows 'not rated' (notRated of the page). */
  notRatedAllowed: boolean;
  /** The lenient check of going back (spec §5): a question left wholly unanswered passes. */
  lenient: boolean;
  /** The largest configured value of the scale (the slider's end). */
  scaleMax: number;
};

/** Translation keys of the texts that differ per product. */
export type ProductTexts = {
  /** The manual's filling info (and its modal). */
  fillingInfo: string;
  /** The questionnaire's instructions modal. */
  instructions: string;
  /** The message of a failed question. */
  answersInvalid: string;
  /** The same where the questionnaire offers 'not rated', so the message can name it. */
  answersInvalidNotRated: string;
};

export type ProductRules = {
  view: QuestionView;
  /** Spec §9: 4 for product 1, 1 for the others. */
  questionsPerPage: number;
  /** The value of an answer not given yet: 0 for ranks, -1 elsewhere (spec §4, §5). */
  unsetValue: number;
  isQuestionValid: (values: readonly number[], check: QuestionCheck) => boolean;
  /** Which items of a failed question to highlight, given the question's values in order. */
  itemsToMark: (values: readonly number[], check: QuestionCheck) => boolean[];
  /** Whether the grid's rated-count overlay applies (spec §2: grid view only). */
  ratedCount: boolean;
  texts: ProductTexts;
};

const unanswered = (values: readonly number[]) => values.map((value) => value === -1);

const GRID_TEXTS: ProductTexts = {
  fillingInfo: 'FillingInfoTextGrid',
  instructions: 'InstructionsTextGrid',
  answersInvalid: 'ErrorAnswersInvalidGrid',
  answersInvalidNotRated: 'ErrorAnswersInvalidGrid',
};

function gridRules(product: Product): ProductRules {
  return {
    view: 'grid',
    questionsPerPage: 1,
    unsetValue: -1,
    isQuestionValid: (values, check) => isGridQuestionValid(values, { product, notRatedAllowed: check.notRatedAllowed, lenient: check.lenient }),
    itemsToMark: unanswered,
    ratedCount: true,
    texts: GRID_TEXTS,
  };
}

export const PRODUCTS: Readonly<Partial<Record<Product, ProductRules>>> = {
  [Product.CompetencyQuestionnaire]: {
    view: 'ranking',
    questionsPerPage: 4,
    unsetValue: 0,
    isQuestionValid: (values, check) => isRankingQuestionValid(values, check.lenient),
    itemsToMark: (values) => rankAnswersToMark(values),
    ratedCount: false,
    texts: {
      fillingInfo: 'FillingInfoText',
      instructions: 'InstructionsTextRanking',
      answersInvalid: 'ErrorAnswersInvalid',
      answersInvalidNotRated: 'ErrorAnswersInvalid',
    },
  },
  [Product.SecondQuestionnaire]: gridRules(Product.SecondQuestionnaire),
  [Product.RequirementsAnalysis]: gridRules(Product.RequirementsAnalysis),
  [Product.GroupWeb]: {
    view: 'slider',
    questionsPerPage: 1,
    unsetValue: -1,
    isQuestionValid: (values, check) => isSliderQuestionValid(values, { max: check.scaleMax, notRatedAllowed: check.notRatedAllowed, lenient: check.lenient }),
    itemsToMark: (values, check) => sliderItemsToMark(values, { max: check.scaleMax, notRatedAllowed: check.notRatedAllowed }),
    ratedCount: false,
    texts: {
      fillingInfo: 'FillingInfoTextSlider',
      instructions: 'InstructionsTextSlider',
      answersInvalid: 'ErrorAnswersInvalidSlider',
      answersInvalidNotRated: 'ErrorAnswersInvalidSliderNotRated',
    },
  },
};

/** A product without a questionnaire of its own (unknown, portal) is shown as a grid, as before the table. */
const FALLBACK = gridRules(Product.Unknown);

export function productRules(product: number): ProductRules {
  return PRODUCTS[product as Product] ?? FALLBACK;
}

/** The message key of a failed question: the slider's names 'not rated' where the questionnaire offers it. */
export function answersInvalidKey(product: number, notRatedOffered: boolean): string {
  const { texts } = productRules(product);
  return notRatedOffered ? texts.answersInvalidNotRated : texts.answersInvalid;
}
