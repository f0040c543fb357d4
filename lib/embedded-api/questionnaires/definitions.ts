import { Product } from '@/lib/api/codes';
import type { Language } from '@/lib/api/languages';
import { textsOf, type LocalizedText, type Questionnaire, type TextLanguage } from '@/lib/content/questionnaire';

/**
 * A questionnaire as the embedded API serves it: the imported definition (content/questionnaires,
 * lib/content/questionnaire.ts) with the rules that follow from its product.
 */
export type QuestionnaireDefinition = Questionnaire & {
  /** The value an answer has before it is answered: 0 for ranking, -1 for the grids (spec §4, §5). */
  unsetValue: number;
  /** The message of a failed question: the ranking one says that each rank is used once. */
  errorMessage: 'ErrorAnswersInvalid' | 'ErrorAnswersInvalidGrid';
};

export function toDefinition(questionnaire: Questionnaire): QuestionnaireDefinition {
  const ranking = questionnaire.product === Product.CompetencyQuestionnaire;
  return { ...questionnaire, unsetValue: ranking ? 0 : -1, errorMessage: ranking ? 'ErrorAnswersInvalid' : 'ErrorAnswersInvalidGrid' };
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

/** The allowed answer values of a definition, not-rated included where allowed. */
export function allowedValues(definition: QuestionnaireDefinition): Set<number> {
  const config = definition.answervaluesConfig;
  const values = new Set(config.valueInfos.map((v) => v.value));
  if (definition.notRated && config.notRatedValue !== null) values.add(config.notRatedValue);
  return values;
}
