'use client';

import { useState } from 'react';
import { detailsName, questionDetails } from '@/lib/flows/questionDetails';
import type { Question } from '@/lib/api/schemas/questionnaire';
import type { ChoiceOption } from '../ChoiceRow';
import { ItemDetails } from '../ItemDetails';
import { QuestionList } from '../QuestionList';
import type { QuestionViewProps } from '../viewTypes';
import styles from '../Questionnaire.module.css';

/** In a failed grid question, the items still without an answer are highlighted. */
const markUnanswered = (values: readonly number[]) => values.map((value) => value === -1);

/** Whose details are open: the question's, under the item whose button was pressed. */
type Shown = { question: number; item: number };

/**
 * Products 2 and 3, the grid view: group captions spanning their columns, a not-rated column when
 * allowed, and one column per value caption; each answer item is a row of radios (spec §2). In
 * details mode every item has an info button (spec §2: "an info button per item") that shows and
 * hides its question's details (info1–info4) under that item; clicking an item's info toggles which
 * question's details are shown (spec §4), so they are open in one place at a time: pressed again
 * they close, another item's button moves them there.
 */
export function GridView({ config, notRated, details = false, ...props }: QuestionViewProps) {
  const { texts, contentLang } = props;
  const [shown, setShown] = useState<Shown | null>(null);
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
  const itemDetails =
    details && gridTexts
      ? (question: Question, position: number) => {
          const item = question.answerInfos[position];
          const content = item ? questionDetails(question) : null;
          if (!item || !content) return null;
          const expanded = shown?.question === question.id && shown.item === item.id;
          return (
            <ItemDetails
              id={`answer-${item.id}-details`}
              name={detailsName(question, position)}
              details={content}
              expanded={expanded}
              onToggle={() => setShown(expanded ? null : { question: question.id, item: item.id })}
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
