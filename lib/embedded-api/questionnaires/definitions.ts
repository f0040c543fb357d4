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
};

const RANK_SCALE: Scale = {
  valueInfos: [1, 2, 3, 4].map((value) => ({ value, caption: { de: String(value), en: String(value) } })),
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
  },
  'grid-10': {
    content: GRID_QUESTIONNAIRE,
    product: Product.SecondQuestionnaire,
    questionsPerPage: 1,
    unsetValue: -1,
    notRated: true,
    noDetails: true,
    scale: GRID_SCALE as unknown as Scale,
  },
};

const LANGUAGE_FIELD: Record<Language, keyof LocalizedText> = { 'de-DE': 'de', 'en-US': 'en', 'fr-FR': 'fr', 'it-IT': 'it', 'cz-CZ': 'cz' };

/** German is the fallback for texts not written in the asked language. */
export function localize(text: LocalizedText | null | undefined, language: Language): string {
  if (!text) return '';
  return text[LANGUAGE_FIELD[language]] ?? text.de;
}

/** The allowed answer values of a definition, not-rated included where allowed. */
export function allowedValues(definition: QuestionnaireDefinition): Set<number> {
  const values = new Set(definition.scale.valueInfos.map((v) => v.value));
  if (definition.notRated && definition.scale.notRatedValue !== null) values.add(definition.scale.notRatedValue);
  return values;
}
