import { LANGUAGES } from '@/lib/api/languages';
import { deDE } from './de-DE';
import { accessCodeEmail } from './areas/accessCodeEmail';
import { grid } from './areas/grid';
import { groupLogin } from './areas/groupLogin';
import { personalInfo } from './areas/personalInfo';
import { portal } from './areas/portal';
import { requirementsAnalysis } from './areas/requirementsAnalysis';
import { selection } from './areas/selection';
import { slider } from './areas/slider';
import { CATALOGUES } from './index';

/**
 * The flows' catalogues are merged into one per language, the later one winning: a key that two
 * areas (or an area and the big catalogue) both define shows one of two texts, depending on the
 * merge order, and the other is dead text. Each key has one home.
 */
const AREAS = { groupLogin, personalInfo, accessCodeEmail, selection, slider, grid, requirementsAnalysis, portal };

test('no key is defined twice across the areas and the base catalogue', () => {
  const home = new Map<string, string>(Object.keys(deDE).map((key) => [key, 'base catalogue']));
  const twice: string[] = [];
  for (const [name, catalogue] of Object.entries(AREAS)) {
    for (const key of Object.keys(catalogue['de-DE'])) {
      if (home.has(key)) twice.push(`${key}: ${home.get(key)} and ${name}`);
      home.set(key, name);
    }
  }
  expect(twice).toEqual([]);
});

test.each(LANGUAGES)('every area text reaches the %s catalogue unchanged', (language) => {
  for (const catalogue of Object.values(AREAS)) {
    const merged = CATALOGUES[language] as Record<string, string>;
    for (const [key, value] of Object.entries(catalogue[language])) expect([key, merged[key]]).toEqual([key, value]);
  }
});
