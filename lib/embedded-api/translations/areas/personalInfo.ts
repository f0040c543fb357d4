import { area } from './area';

/** Texts of the group flows' personalInfo screens (issue 8). */
export const personalInfo = area({
  'de-DE': {},
  'en-US': {},
  'fr-FR': {},
  'it-IT': {},
  'cz-CZ': {},
});
