import { Product } from '@/lib/api/codes';
import { isGridQuestionValid } from '@/lib/validation/grid';
import { isRankingQuestionValid, rankAnswersToMark, RANKS } from '@/lib/validation/ranking';
import { isSliderQuestionValid, SLIDER_NOT_RATED, sliderItemsToMark } from '@/lib/validation/slider';
import type { GroupVariant } from './groupVariants';

/**
 * One product table: what differs between the products of spec §1 for the questionnaire, the
 * manual, the error page, the content import and the embedded API. Screens and rules look a product
 * up here instead of branching on its number or its view's name, so that a new product is a row
 * here, and a new view a component in components/questionnaire/views/.
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

/** Translation keys of the slider view's own texts, in the shape the view takes them. */
export type SliderTextKeys = {
  progressLabel: string;
  progressText: string;
  bands: readonly [string, string, string, string, string];
  scaleCaption: string;
  autofill: string;
};

/** Translation keys of the grid's details mode. */
export type GridTextKeys = { detailsButton: string; definition: string; explanation: string; exaggeration: string; synonyms: string };

/** The texts only one view shows, keyed as the questionnaire screen takes them; a page translates whatever is here. */
export type ViewTextKeys = { slider?: SliderTextKeys; grid?: GridTextKeys };

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
  view: ViewTextKeys;
};

export type ProductRules = {
  view: QuestionView;
  /** Spec §9: 4 for product 1, 1 for the others; the content import holds files to the same. */
  questionsPerPage: number;
  /** The value of an answer not given yet: 0 for ranks, -1 elsewhere (spec §4, §5). */
  unsetValue: number;
  /**
   * The value that means 'not rated' (spec §4, §5), or null where the product has none: the
   * content import refuses another, and a check refuses it where the questionnaire does not offer it.
   */
  notRatedValue: number | null;
  /**
   * The ranks each question's items take, one each, or null where every item takes a value of the
   * scale: the content import requires that many items and exactly these values.
   */
  ranks: readonly number[] | null;
  /** Whether any whole value from 0 to the scale's largest is an answer, not only the configured ones. */
  wholeRange: boolean;
  /**
   * The group flow a participant of this product comes back through without it (a returning
   * participant on /questionnairemanual, a login button on the error page), or null.
   */
  groupVariant: GroupVariant | null;
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
  view: {
    grid: {
      detailsButton: 'GridDetailsButton',
      definition: 'GridDetailsDefinition',
      explanation: 'GridDetailsExplanation',
      exaggeration: 'GridDetailsExaggeration',
      synonyms: 'GridDetailsSynonyms',
    },
  },
};

function gridRules(notRatedValue: number | null): ProductRules {
  return {
    view: 'grid',
    questionsPerPage: 1,
    unsetValue: -1,
    notRatedValue,
    ranks: null,
    wholeRange: false,
    groupVariant: null,
    isQuestionValid: (values, check) => isGridQuestionValid(values, { notRatedValue, notRatedAllowed: check.notRatedAllowed, lenient: check.lenient }),
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
    notRatedValue: null,
    ranks: RANKS,
    wholeRange: false,
    groupVariant: null,
    isQuestionValid: (values, check) => isRankingQuestionValid(values, check.lenient),
    itemsToMark: (values) => rankAnswersToMark(values),
    ratedCount: false,
    texts: {
      fillingInfo: 'FillingInfoText',
      instructions: 'InstructionsTextRanking',
      answersInvalid: 'ErrorAnswersInvalid',
      answersInvalidNotRated: 'ErrorAnswersInvalid',
      view: {},
    },
  },
  [Product.SecondQuestionnaire]: gridRules(0),
  [Product.RequirementsAnalysis]: gridRules(-2),
  [Product.GroupWeb]: {
    view: 'slider',
    questionsPerPage: 1,
    unsetValue: -1,
    // The slider's checkbox writes its own value: 0 is a position of the thumb.
    notRatedValue: SLIDER_NOT_RATED,
    ranks: null,
    wholeRange: true,
    groupVariant: 'kodew',
    isQuestionValid: (values, check) => isSliderQuestionValid(values, { max: check.scaleMax, notRatedAllowed: check.notRatedAllowed, lenient: check.lenient }),
    itemsToMark: (values, check) => sliderItemsToMark(values, { max: check.scaleMax, notRatedAllowed: check.notRatedAllowed }),
    ratedCount: false,
    texts: {
      fillingInfo: 'FillingInfoTextSlider',
      instructions: 'InstructionsTextSlider',
      answersInvalid: 'ErrorAnswersInvalidSlider',
      answersInvalidNotRated: 'ErrorAnswersInvalidSliderNotRated',
      view: {
        slider: {
          progressLabel: 'SliderProgressLabel',
          progressText: 'SliderProgressText',
          bands: ['SliderProgressBand1', 'SliderProgressBand2', 'SliderProgressBand3', 'SliderProgressBand4', 'SliderProgressBand5'],
          scaleCaption: 'SliderScaleCaption',
          autofill: 'SliderAutofill',
        },
      },
    },
  },
};

/**
 * A product without a questionnaire of its own (unknown, portal) is shown as a grid, as before the
 * table; it has no not-rated value, so no value is refused as one.
 */
const FALLBACK = gridRules(null);

export function productRules(product: number): ProductRules {
  return PRODUCTS[product as Product] ?? FALLBACK;
}

/** The message key of a failed question: the slider's names 'not rated' where the questionnaire offers it. */
export function answersInvalidKey(product: number, notRatedOffered: boolean): string {
  const { texts } = productRules(product);
  return notRatedOffered ? texts.answersInvalidNotRated : texts.answersInvalid;
}
