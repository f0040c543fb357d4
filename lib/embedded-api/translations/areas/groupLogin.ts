import { area } from './area';

/** Texts of the group flows' groupLogin screens (issue 8). */
export const groupLogin = area({
  'de-DE': {},
  'en-US': {},
  'fr-FR': {},
  'it-IT': {},
  'cz-CZ': {},
});
