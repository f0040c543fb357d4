import { area } from './area';

/** Texts of the group flows' accessCodeEmail screens (issue 8). */
export const accessCodeEmail = area({
  'de-DE': {},
  'en-US': {},
  'fr-FR': {},
  'it-IT': {},
  'cz-CZ': {},
});
