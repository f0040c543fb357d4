import { area } from './area';

/**
 * Texts of the grid view's details mode (product 3): the info button of an item and the
 * labels of its details. The details themselves (info1–info4) are content, in the content language.
 */
export const grid = area({
  'de-DE': {
    GridDetailsButton: 'Details',
    GridDetailsDefinition: 'Definition',
    GridDetailsExplanation: 'Erläuterung',
    GridDetailsExaggeration: 'Übertreibung',
    GridDetailsSynonyms: 'Synonyme',
  },
  'en-US': {
    GridDetailsButton: 'Details',
    GridDetailsDefinition: 'Definition',
    GridDetailsExplanation: 'Explanation',
    GridDetailsExaggeration: 'Exaggeration',
    GridDetailsSynonyms: 'Synonyms',
  },
  'fr-FR': {
    GridDetailsButton: 'Détails',
    GridDetailsDefinition: 'Définition',
    GridDetailsExplanation: 'Explication',
    GridDetailsExaggeration: 'Exagération',
    GridDetailsSynonyms: 'Synonymes',
  },
  'it-IT': {
    GridDetailsButton: 'Dettagli',
    GridDetailsDefinition: 'Definizione',
    GridDetailsExplanation: 'Spiegazione',
    GridDetailsExaggeration: 'Esagerazione',
    GridDetailsSynonyms: 'Sinonimi',
  },
  'cz-CZ': {
    GridDetailsButton: 'Podrobnosti',
    GridDetailsDefinition: 'Definice',
    GridDetailsExplanation: 'Vysvětlení',
    GridDetailsExaggeration: 'Přehánění',
    GridDetailsSynonyms: 'Synonyma',
  },
});
