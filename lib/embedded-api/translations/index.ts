import type { Language } from '@/lib/api/languages';
import type { Translation } from '@/lib/api/schemas/common';
import { czCZ } from './cz-CZ';
import { deDE, type Catalogue } from './de-DE';
import { enUS } from './en-US';
import { frFR } from './fr-FR';
import { itIT } from './it-IT';

export const CATALOGUES: Record<Language, Catalogue> = { 'de-DE': deDE, 'en-US': enUS, 'fr-FR': frFR, 'it-IT': itIT, 'cz-CZ': czCZ };

/** The translation list that page-info calls return, as key/value pairs (spec §3). */
export function translationsFor(language: Language): Translation[] {
  return Object.entries(CATALOGUES[language]).map(([key, value]) => ({ key, value }));
}
