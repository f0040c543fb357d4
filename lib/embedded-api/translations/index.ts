import type { Language } from '@/lib/api/languages';
import type { Translation } from '@/lib/api/schemas/common';
import { czCZ } from './cz-CZ';
import { deDE, type Catalogue } from './de-DE';
import { enUS } from './en-US';
import { frFR } from './fr-FR';
import { itIT } from './it-IT';
import { accessCodeEmail } from './areas/accessCodeEmail';
import { grid } from './areas/grid';
import { groupLogin } from './areas/groupLogin';
import { personalInfo } from './areas/personalInfo';
import { portal } from './areas/portal';
import { requirementsAnalysis } from './areas/requirementsAnalysis';
import { selection } from './areas/selection';
import { slider } from './areas/slider';

const BASE: Record<Language, Catalogue> = { 'de-DE': deDE, 'en-US': enUS, 'fr-FR': frFR, 'it-IT': itIT, 'cz-CZ': czCZ };
/** The flows' own catalogues (./areas), one file each. */
const AREAS = [groupLogin, personalInfo, accessCodeEmail, selection, slider, grid, requirementsAnalysis, portal];

function withAreas(language: Language): Catalogue {
  return Object.assign({}, BASE[language], ...AREAS.map((catalogue) => catalogue[language])) as Catalogue;
}

export const CATALOGUES: Record<Language, Catalogue> = {
  'de-DE': withAreas('de-DE'),
  'en-US': withAreas('en-US'),
  'fr-FR': withAreas('fr-FR'),
  'it-IT': withAreas('it-IT'),
  'cz-CZ': withAreas('cz-CZ'),
};

/** The translation list that page-info calls return, as key/value pairs (spec §3). */
export function translationsFor(language: Language): Translation[] {
  return Object.entries(CATALOGUES[language]).map(([key, value]) => ({ key, value }));
}
