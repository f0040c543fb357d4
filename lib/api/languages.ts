/** The upstream's language codes; note cz-CZ, which is cs-CZ in BCP 47. */
export const LANGUAGES = ['de-DE', 'en-US', 'fr-FR', 'it-IT', 'cz-CZ'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de-DE';

/** Language tokens in group URLs (spec §9). */
const TOKEN_TO_LANGUAGE: Record<string, Language> = { de: 'de-DE', en: 'en-US', fr: 'fr-FR', it: 'it-IT', cz: 'cz-CZ' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accepts a URL token (de, en, …, also cs) or a full code; anything else is undefined. */
export function languageFromToken(token: string | undefined | null): Language | undefined {
  if (!token) return undefined;
  const lower = token.trim().toLowerCase();
  if (lower === 'cs' || lower === 'cs-cz') return 'cz-CZ';
  const full = LANGUAGES.find((language) => language.toLowerCase() === lower);
  return full ?? (Object.hasOwn(TOKEN_TO_LANGUAGE, lower) ? TOKEN_TO_LANGUAGE[lower] : undefined);
}

/** BCP 47 tag for <html lang> and Intl formatting. */
export function bcp47(language: Language): string {
  return language === 'cz-CZ' ? 'cs-CZ' : language;
}
