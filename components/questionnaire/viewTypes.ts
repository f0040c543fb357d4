import type { Question } from '@/lib/api/schemas/questionnaire';

export type ViewTexts = {
  statementColumn: string;
  rankBest: string;
  rankLeast: string;
  errorLabel: (questionNumber: number, message: string) => string;
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
