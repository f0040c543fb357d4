'use client';

import { useState } from 'react';
import { labelText, questionDetails } from '@/lib/flows/questionDetails';
import type { Question } from '@/lib/api/schemas/questionnaire';
import type { ChoiceOption } from '../ChoiceRow';
import { ItemDetails } from '../ItemDetails';
import { QuestionList } from '../QuestionList';
import type { QuestionViewProps } from '../viewTypes';
import styles from '../Questionnaire.module.css';

/** In a failed grid question, the items still without an answer are highlighted. */
const markUnanswered = (values: readonly number[]) => values.map((value) => value === -1);

/**
 * Products 2 and 3, the grid view: group captions spanning their columns, a not-rated column when
 * allowed, and one column per value caption; each answer item is a row of radios (spec §2). In
 * details mode the question's row has an info button that shows and hides the question's details;
 * clicking it toggles which question's details are shown (spec §4), so one at a time.
 */
export function GridView({ config, notRated, details = false, ...props }: QuestionViewProps) {
  const { texts, contentLang } = props;
  const [shown, setShown] = useState<number | null>(null);
  // A grid without its scale has nothing to offer (an upstream that sent none).
  if (!config) return null;
  const notRatedValue = config.notRatedValue ?? null;
  const options: ChoiceOption[] = [
    ...(notRated && notRatedValue !== null ? [{ value: notRatedValue, label: config.notRatedValueCaption ?? String(notRatedValue) }] : []),
    ...config.valueInfos.filter((v) => v.value !== notRatedValue).map((v) => ({ value: v.value, label: v.caption ?? String(v.value) })),
  ];
  const groups = config.groupCaptions ?? [];
  const header = (
    <div
      className={`${styles.scaleHeader} ${groups.length > 0 ? styles.gridScale : ''}`}
      aria-hidden="true"
      style={{ ['--columns' as string]: options.length }}
    >
      {groups.length > 0 && (
        <>
          <span className={styles.scaleHeaderText} />
          {notRated && notRatedValue !== null && (
            <span className={styles.scaleGroup} lang={contentLang}>
              {config.notRatedGroupCaption ?? ''}
            </span>
          )}
          {groups.map((group, index) => (
            <span key={index} className={styles.scaleGroup} lang={contentLang} style={{ gridColumn: `span ${group.columnSpan}` }}>
              {group.caption}
            </span>
          ))}
        </>
      )}
      <span className={styles.scaleHeaderText}>{texts.statementColumn}</span>
      {options.map((option) => (
        <span key={option.value} className={styles.scaleCaption} lang={contentLang}>
          {option.label}
        </span>
      ))}
    </div>
  );
  const gridTexts = texts.grid;
  // The details belong to the question (info1–info4); its first row carries them, the only one in product 3.
  const itemDetails =
    details && gridTexts
      ? (question: Question, position: number) => {
          const content = position === 0 ? questionDetails(question) : null;
          if (!content) return null;
          return (
            <ItemDetails
              id={`question-${question.id}-details`}
              questionText={labelText(question.text)}
              details={content}
              expanded={shown === question.id}
              onToggle={() => setShown(shown === question.id ? null : question.id)}
              texts={gridTexts}
              contentLang={contentLang}
            />
          );
        }
      : undefined;
  return (
    <QuestionList {...props} options={options} unset={-1} markAnswers={markUnanswered} optionsAreContent header={header} itemDetails={itemDetails} />
  );
}
