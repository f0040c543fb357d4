import { Product } from '@/lib/api/codes';
import type { Language } from '@/lib/api/languages';
import { COMPETENCY_QUESTIONNAIRE } from '../content/competency';
import { GRID_QUESTIONNAIRE, GRID_SCALE } from '../content/grid';
import type { ContentQuestionnaire, LocalizedText } from '../content/types';

export type Scale = {
  valueInfos: ReadonlyArray<{ value: number; caption: LocalizedText }>;
  notRatedValue: number | null;
  notRatedValueCaption: LocalizedText | null;
  notRatedGroupCaption: LocalizedText | null;
  groupCaptions: ReadonlyArray<{ caption: LocalizedText; columnSpan: number }>;
};

export type QuestionnaireDefinition = {
  content: ContentQuestionnaire;
  product: Product;
  questionsPerPage: number;
  /** The value an answer has before it is answered. */
  unsetValue: number;
  notRated: boolean;
  noDetails: boolean;
  scale: Scale;
  /** The message of a failed question: the ranking one says that each rank is used once. */
  errorMessage: 'ErrorAnswersInvalid' | 'ErrorAnswersInvalidGrid';
};

const RANK_SCALE: Scale = {
  // Digits read the same in every language: they never make a questionnaire fall back to German.
  valueInfos: [1, 2, 3, 4].map((value) => {
    const digit = String(value);
    return { value, caption: { de: digit, en: digit, fr: digit, it: digit, cz: digit } };
  }),
  notRatedValue: null,
  notRatedValueCaption: null,
  notRatedGroupCaption: null,
  groupCaptions: [],
};

export const DEFINITIONS: Record<string, QuestionnaireDefinition> = {
  'competency-24': {
    content: COMPETENCY_QUESTIONNAIRE,
    product: Product.CompetencyQuestionnaire,
    questionsPerPage: 4,
    unsetValue: 0,
    notRated: false,
    noDetails: true,
    scale: RANK_SCALE,
    errorMessage: 'ErrorAnswersInvalid',
  },
  'grid-10': {
    content: GRID_QUESTIONNAIRE,
    product: Product.SecondQuestionnaire,
    questionsPerPage: 1,
    unsetValue: -1,
    notRated: true,
    noDetails: true,
    scale: GRID_SCALE as unknown as Scale,
    errorMessage: 'ErrorAnswersInvalidGrid',
  },
};

const LANGUAGE_FIELD: Record<Language, keyof LocalizedText> = { 'de-DE': 'de', 'en-US': 'en', 'fr-FR': 'fr', 'it-IT': 'it', 'cz-CZ': 'cz' };

/** German is the fallback for texts not written in the asked language. */
export function localize(text: LocalizedText | null | undefined, language: Language): string {
  if (!text) return '';
  return text[LANGUAGE_FIELD[language]] ?? text.de;
}

/** Every text of a questionnaire: title, questions, answers and the captions of its scale. */
function textsOf(definition: QuestionnaireDefinition): Array<LocalizedText | null | undefined> {
  const { content, scale } = definition;
  return [
    content.title,
    ...content.questions.flatMap((question) => [question.text, question.subText, ...question.answers.flatMap((answer) => [answer.text, answer.subtext])]),
    ...scale.valueInfos.map((info) => info.caption),
    scale.notRatedValueCaption,
    scale.notRatedGroupCaption,
    ...scale.groupCaptions.map((group) => group.caption),
  ];
}

/**
 * The language a questionnaire is shown in: the one asked for where every text of it is written
 * in that language, else German as a whole. The page then says truthfully which language its
 * content is in (questionnaireLanguage, spec §3), so a French page can mark German content as
 * German for screen readers, and no page mixes two languages in its statements.
 */
export function contentLanguage(definition: QuestionnaireDefinition, asked: Language): Language {
  const field = LANGUAGE_FIELD[asked];
  return textsOf(definition).every((text) => !text || text[field] !== undefined) ? asked : 'de-DE';
}

/** The allowed answer values of a definition, not-rated included where allowed. */
export function allowedValues(definition: QuestionnaireDefinition): Set<number> {
  const values = new Set(definition.scale.valueInfos.map((v) => v.value));
  if (definition.notRated && definition.scale.notRatedValue !== null) values.add(definition.scale.notRatedValue);
  return values;
}
