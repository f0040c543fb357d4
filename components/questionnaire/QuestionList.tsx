'use client';

import type { ReactNode } from 'react';
import type { Question } from '@/lib/api/schemas/questionnaire';
import { answerLetter } from '@/lib/flows/questionnaire';
import { ChoiceRow, type ChoiceOption } from './ChoiceRow';
import { QuestionBlock } from './QuestionBlock';
import type { ViewProps } from './viewTypes';

type Props = ViewProps & {
  options: ReadonlyArray<ChoiceOption>;
  /** The value of an answer not given yet. */
  unset: number;
  /** Which answers of a failed question to highlight, given the question's values in order. */
  markAnswers: (values: readonly number[]) => boolean[];
  /** Whether the option captions are content (a grid's scale) rather than interface texts (ranks). */
  optionsAreContent: boolean;
  header: ReactNode;
  /** What an item offers beside its radios (the grid's details), by question and item position. */
  itemDetails?: (question: Question, position: number) => ReactNode;
};

/** The questions of a page, each answer a row of radios: what the ranking and grid views share. */
export function QuestionList(props: Props) {
  const { questions, values, invalid, disabled, onChange, texts, contentLang, options, unset, markAnswers, optionsAreContent, header, itemDetails } = props;
  return (
    <>
      {/* Keyed by position, not by id: a page turn then updates the previous page's rows in place
          (texts, names, checked states) instead of removing them and building new ones, which on a
          phone's CPU takes a ranking page's turn about half the time to lay out and paint. Nothing
          here keeps state of its own (the grid's details are open by question id in GridView). */}
      {questions.map((question, questionPosition) => {
        const answerValues = question.answerInfos.map((answer) => values.get(answer.id) ?? unset);
        const marked = invalid.has(question.id) ? markAnswers(answerValues) : [];
        return (
          <QuestionBlock
            key={questionPosition}
            id={question.id}
            index={question.questionIndex}
            text={question.text ?? ''}
            subText={question.subText}
            errorMessage={invalid.get(question.id)}
            errorLabel={texts.errorLabel(question.questionIndex, invalid.get(question.id) ?? '')}
            header={header}
            contentLang={contentLang}
          >
            {question.answerInfos.map((answer, position) => (
              <ChoiceRow
                key={position}
                name={`answer-${answer.id}`}
                letter={answerLetter(answer.answerIndex, position)}
                text={answer.text ?? ''}
                subtext={answer.subtext}
                options={options}
                value={answerValues[position] ?? unset}
                invalid={marked[position] === true}
                disabled={disabled}
                onChange={(next) => onChange(question.id, answer.id, next)}
                contentLang={contentLang}
                optionsLang={optionsAreContent ? contentLang : undefined}
                details={itemDetails?.(question, position)}
              />
            ))}
          </QuestionBlock>
        );
      })}
    </>
  );
}
