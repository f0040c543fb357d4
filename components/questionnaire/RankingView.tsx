'use client';

import type { Question } from '@/lib/api/schemas/questionnaire';
import { answerLetter } from '@/lib/flows/questionnaire';
import { RANKS } from '@/lib/validation/ranking';
import { ChoiceRow } from './ChoiceRow';
import { QuestionBlock } from './QuestionBlock';
import type { ViewProps } from './viewTypes';
import styles from './Questionnaire.module.css';

/**
 * Product 1, the standard table view: each question with its answers lettered a–d, and one column
 * per rank 1–4; rank 1 and 4 carry accessibility hints (spec §2).
 */
export function RankingView({ questions, values, invalid, disabled, onChange, texts }: ViewProps) {
  const options = RANKS.map((rank) => ({
    value: rank,
    label: String(rank),
    hint: rank === 1 ? texts.rankBest : rank === 4 ? texts.rankLeast : undefined,
  }));
  const header = (
    <div className={styles.scaleHeader} aria-hidden="true" style={{ ['--columns' as string]: options.length }}>
      <span className={styles.scaleHeaderText}>{texts.statementColumn}</span>
      {options.map((o) => (
        <span key={o.value} className={styles.scaleHeaderCell}>
          {o.label}
          {o.hint && <small>{o.hint}</small>}
        </span>
      ))}
    </div>
  );
  return (
    <>
      {questions.map((question: Question) => (
        <QuestionBlock
          key={question.id}
          id={question.id}
          index={question.questionIndex}
          text={question.text ?? ''}
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
              value={values.get(answer.id) ?? 0}
              invalid={invalid.has(question.id) && !RANKS.includes((values.get(answer.id) ?? 0) as 1)}
              disabled={disabled}
              onChange={(value) => onChange(question.id, answer.id, value)}
            />
          ))}
        </QuestionBlock>
      ))}
    </>
  );
}
