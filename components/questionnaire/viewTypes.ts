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
};
