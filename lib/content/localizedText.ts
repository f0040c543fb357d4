import { z } from 'zod';

/**
 * A text in the five languages of the app (spec §1), as content files write it: German required,
 * the others optional. Questionnaires (./questionnaire.ts) and the privacy texts (./privacy.ts)
 * share it.
 */

export const TEXT_LANGUAGES = ['de', 'en', 'fr', 'it', 'cz'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

const text = () => z.string().regex(/\S/, 'must not be empty').max(4000);

export const localizedText = z
  .strictObject({
    de: text().describe('German: required; every other language falls back to German as a whole.'),
    en: text().optional(),
    fr: text().optional(),
    it: text().optional(),
    cz: text().optional().describe('Czech (cz-CZ, the upstream\'s code).'),
  })
  .meta({
    id: 'LocalizedText',
    description: 'A text per language. A page is shown in the asked language only if every text of the questionnaire has it; else in German.',
  });
export type LocalizedText = z.output<typeof localizedText>;
