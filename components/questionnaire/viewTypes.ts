import type { Language } from '@/lib/api/languages';
import type { AnswerValuesConfig, Question } from '@/lib/api/schemas/questionnaire';

/** The slider view's own texts (translations/areas/slider.ts). */
export type SliderTexts = {
  progressLabel: string;
  /** '{percent} % – {band}' */
  progressText: string;
  /** The words of the five progress bands, in order (spec §4). */
  bands: readonly [string, string, string, string, string];
  scaleCaption: string;
  autofill: string;
};

/** The grid view's details mode texts (translations/areas/grid.ts). */
export type GridTexts = {
  /** The info button's visible text; its name adds the question's text. */
  detailsButton: string;
  definition: string;
  explanation: string;
  exaggeration: string;
  synonyms: string;
};

export type ViewTexts = {
  statementColumn: string;
  rankBest: string;
  rankLeast: string;
  errorLabel: (questionNumber: number, message: string) => string;
  /** Only where the product's view is the slider. */
  slider?: SliderTexts;
  /** Only where the product's view is the grid. */
  grid?: GridTexts;
};

export type ViewProps = {
  questions: Question[];
  values: ReadonlyMap<number, number>;
  /** Failed questions and their messages. */
  invalid: ReadonlyMap<number, string>;
  disabled: boolean;
  onChange: (questionId: number, answerId: number, value: number) => void;
  texts: ViewTexts;
  /**
   * BCP 47 tag of the language the questionnaire's content is written in; set on the content's
   * elements so that screen readers read German fallback content inside a French page as German.
   */
  contentLang?: string;
};

/** What the screen hands every view of components/questionnaire/views (each takes what it needs). */
export type QuestionViewProps = ViewProps & {
  config: AnswerValuesConfig | null;
  /** Whether the questionnaire allows 'not rated' (the page's notRated). */
  notRated: boolean;
  /** Details mode (the page's noDetails not true): the grid offers each question's info texts. */
  details?: boolean;
  /** Several answers of one question at once (the slider's autofill). */
  onChangeMany: (questionId: number, answers: ReadonlyArray<readonly [number, number]>) => void;
  /** The page against the total, for a view that shows the progress itself; label is 'page x of y'. */
  progress: { current: number; total: number; label: string };
  /** The language the content is in (questionnaireLanguage of the page), for texts built from it. */
  language: Language;
};
