import { area } from './area';

/** Texts of the group flows' slider screens (issue 8). */
export const slider = area({
  'de-DE': {},
  'en-US': {},
  'fr-FR': {},
  'it-IT': {},
  'cz-CZ': {},
});
