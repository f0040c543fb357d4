import { area } from './area';

/** Texts of the group flows' selection screens (issue 8). */
export const selection = area({
  'de-DE': {},
  'en-US': {},
  'fr-FR': {},
  'it-IT': {},
  'cz-CZ': {},
});
