'use client';

import type { ReactNode } from 'react';
import { answerLetter } from '@/lib/flows/questionnaire';
import { ChoiceRow, type ChoiceOption } from './ChoiceRow';
import { QuestionBlock } from './QuestionBlock';
import type { ViewProps } from './viewTypes';

type Props = ViewProps & {
  options: ReadonlyArray<ChoiceOption>;
  /** The value of an answer not given yet; a failed question marks those rows. */
  unset: number;
  header: ReactNode;
};

/** The questions of a page, each answer a row of radios: what the ranking and grid views share. */
export function QuestionList({ questions, values, invalid, disabled, onChange, texts, options, unset, header }: Props) {
  return (
    <>
      {questions.map((question) => (
        <QuestionBlock
          key={question.id}
          id={question.id}
          index={question.questionIndex}
          text={question.text ?? ''}
          subText={question.subText}
          errorMessage={invalid.get(question.id)}
          errorLabel={texts.errorLabel(question.questionIndex, invalid.get(question.id) ?? '')}
          header={header}
        >
          {question.answerInfos.map((answer, position) => {
            const value = values.get(answer.id) ?? unset;
            return (
              <ChoiceRow
                key={answer.id}
                name={`answer-${answer.id}`}
                letter={answerLetter(position)}
                text={answer.text ?? ''}
                subtext={answer.subtext}
                options={options}
                value={value}
                invalid={invalid.has(question.id) && value === unset}
                disabled={disabled}
                onChange={(next) => onChange(question.id, answer.id, next)}
              />
            );
          })}
        </QuestionBlock>
      ))}
    </>
  );
}
