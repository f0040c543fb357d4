import type { Language } from '@/lib/api/languages';
import { textsOf, type LocalizedText, type Questionnaire, type TextLanguage } from '@/lib/content/questionnaire';
import { answersInvalidKey, productRules } from '@/lib/flows/products';
import { sliderMax } from '@/lib/validation/slider';

/**
 * A questionnaire as the embedded API serves it: the imported definition (content/questionnaires,
 * lib/content/questionnaire.ts) with the rules that follow from its product.
 */
export type QuestionnaireDefinition = Questionnaire & {
  /** The value an answer has before it is answered: 0 for ranking, -1 elsewhere (spec §4, §5). */
  unsetValue: number;
  /** The translation key of a failed question's message (lib/flows/products.ts). */
  errorMessage: string;
  /** The largest configured value: where a slider ends (spec §4). */
  scaleMax: number;
};

/** Whether the questionnaire offers 'not rated' with a caption to show it by. */
export function offersNotRated(questionnaire: Questionnaire): boolean {
  return questionnaire.notRated && questionnaire.answervaluesConfig.notRatedValueCaption !== null;
}

export function toDefinition(questionnaire: Questionnaire): QuestionnaireDefinition {
  return {
    ...questionnaire,
    unsetValue: productRules(questionnaire.product).unsetValue,
    errorMessage: answersInvalidKey(questionnaire.product, offersNotRated(questionnaire)),
    scaleMax: sliderMax(questionnaire.answervaluesConfig.valueInfos.map((v) => v.value)),
  };
}

const LANGUAGE_FIELD: Record<Language, TextLanguage> = { 'de-DE': 'de', 'en-US': 'en', 'fr-FR': 'fr', 'it-IT': 'it', 'cz-CZ': 'cz' };

/** German is the fallback for texts not written in the asked language. */
export function localize(text: LocalizedText | null | undefined, language: Language): string {
  if (!text) return '';
  return text[LANGUAGE_FIELD[language]] ?? text.de;
}

/** The same for a text that may be absent: absent stays null, as the upstream sends it. */
export function localizeOrNull(text: LocalizedText | null | undefined, language: Language): string | null {
  return text ? localize(text, language) : null;
}

/**
 * The language a questionnaire is shown in: the one asked for where every text of it is written
 * in that language, else German as a whole. The page then says truthfully which language its
 * content is in (questionnaireLanguage, spec §3), so a French page can mark German content as
 * German for screen readers, and no page mixes two languages in its statements.
 */
export function contentLanguage(definition: Questionnaire, asked: Language): Language {
  const field = LANGUAGE_FIELD[asked];
  return textsOf(definition).every((text) => text[field] !== undefined) ? asked : 'de-DE';
}

/**
 * The allowed answer values of a definition, not-rated included where allowed: the configured
 * values, or where the product takes a whole range (the slider) any whole value from 0 to the
 * largest configured one.
 */
export function allowedValues(definition: QuestionnaireDefinition): Set<number> {
  const config = definition.answervaluesConfig;
  const values = productRules(definition.product).wholeRange
    ? new Set(Array.from({ length: definition.scaleMax + 1 }, (_, value) => value))
    : new Set(config.valueInfos.map((v) => v.value));
  if (definition.notRated && config.notRatedValue !== null) values.add(config.notRatedValue);
  return values;
}

/** How a refused value is named: what the questionnaire takes instead. */
export function describeAllowedValues(definition: QuestionnaireDefinition): string {
  const notRated = definition.notRated && definition.answervaluesConfig.notRatedValue !== null ? `, or ${definition.answervaluesConfig.notRatedValue} (not rated)` : '';
  if (productRules(definition.product).wholeRange) return `a whole number from 0 to ${definition.scaleMax}${notRated}`;
  return `one of ${definition.answervaluesConfig.valueInfos.map((v) => v.value).join(', ')}${notRated}`;
}
