'use client';

import type { AnswerValuesConfig, Question } from '@/lib/api/schemas/questionnaire';
import { answerLetter } from '@/lib/flows/questionnaire';
import { ChoiceRow, type ChoiceOption } from './ChoiceRow';
import { QuestionBlock } from './QuestionBlock';
import type { ViewProps } from './viewTypes';
import styles from './Questionnaire.module.css';

/**
 * Products 2 and 3, the grid view: group captions spanning their columns, a not-rated column when
 * allowed, and one column per value caption; each answer item is a row of radios (spec §2).
 */
export function GridView({ questions, values, invalid, disabled, onChange, texts, config, notRated }: ViewProps & { config: AnswerValuesConfig; notRated: boolean }) {
  const notRatedValue = config.notRatedValue ?? null;
  const options: ChoiceOption[] = [
    ...(notRated && notRatedValue !== null ? [{ value: notRatedValue, label: config.notRatedValueCaption ?? String(notRatedValue) }] : []),
    ...config.valueInfos.filter((v) => v.value !== notRatedValue).map((v) => ({ value: v.value, label: v.caption ?? String(v.value) })),
  ];
  const groups = config.groupCaptions ?? [];
  const header = (
    <div className={styles.scaleHeader} aria-hidden="true" style={{ ['--columns' as string]: options.length }}>
      {groups.length > 0 && (
        <>
          <span className={styles.scaleHeaderText} />
          {notRated && notRatedValue !== null && <span className={styles.scaleGroup}>{config.notRatedGroupCaption ?? ''}</span>}
          {groups.map((group, index) => (
            <span key={index} className={styles.scaleGroup} style={{ gridColumn: `span ${group.columnSpan}` }}>
              {group.caption}
            </span>
          ))}
        </>
      )}
      <span className={styles.scaleHeaderText}>{texts.statementColumn}</span>
      {options.map((option) => (
        <span key={option.value} className={styles.scaleCaption}>
          {option.label}
        </span>
      ))}
    </div>
  );
  return (
    <>
      {questions.map((question: Question) => {
        return (
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
            {question.answerInfos.map((answer, position) => (
              <ChoiceRow
                key={answer.id}
                name={`answer-${answer.id}`}
                letter={answerLetter(position)}
                text={answer.text ?? ''}
                subtext={answer.subtext}
                options={options}
                value={values.get(answer.id) ?? -1}
                invalid={invalid.has(question.id) && (values.get(answer.id) ?? -1) === -1}
                disabled={disabled}
                onChange={(value) => onChange(question.id, answer.id, value)}
              />
            ))}
          </QuestionBlock>
        );
      })}
    </>
  );
}
