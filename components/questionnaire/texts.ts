import type { GridTexts, SliderTexts } from './viewTypes';

export type QuestionnaireTexts = {
  pageOf: string;
  previous: string;
  next: string;
  lastPage: string;
  saving: string;
  saveFailed: string;
  instructionsButton: string;
  instructionsTitle: string;
  instructionsText: string;
  errorAnswersInvalid: string;
  errorWord: string;
  questionWord: string;
  statementColumn: string;
  rankBest: string;
  rankLeast: string;
  ratedCount: string;
  finishTitle: string;
  finishText: string;
  finishYes: string;
  finishNo: string;
  modalErrorText: string;
  errorTitle: string;
  close: string;
  /** The app's own texts (messages/*.json), not the upstream's: a dropped connection and a page saved elsewhere. */
  offline: string;
  conflictTitle: string;
  conflictText: string;
  conflictLoad: string;
  conflictKeep: string;
  /** The slider view's texts, where the product's view is the slider. */
  slider?: SliderTexts;
  /** The grid view's details texts, where the product's view is the grid. */
  grid?: GridTexts;
};
