'use client';

import { RANKS, rankAnswersToMark } from '@/lib/validation/ranking';
import { QuestionList } from '../QuestionList';
import type { ViewProps } from '../viewTypes';
import styles from '../Questionnaire.module.css';

/**
 * Product 1, the standard table view: each question with its answers lettered a–d, and one column
 * per rank 1–4; rank 1 and 4 carry accessibility hints (spec §2). The scale above each question
 * shows on every width, so that a phone shows what 1 and 4 mean too.
 */
export function RankingView(props: ViewProps) {
  const { texts } = props;
  const options = RANKS.map((rank) => ({
    value: rank,
    label: String(rank),
    hint: rank === 1 ? texts.rankBest : rank === 4 ? texts.rankLeast : undefined,
  }));
  const header = (
    <div className={`${styles.scaleHeader} ${styles.rankScale}`} aria-hidden="true" style={{ ['--columns' as string]: options.length }}>
      <span className={styles.scaleHeaderText}>{texts.statementColumn}</span>
      {options.map((o) => (
        <span key={o.value} className={styles.scaleHeaderCell}>
          {o.label}
          {o.hint && <small>{o.hint}</small>}
        </span>
      ))}
    </div>
  );
  return <QuestionList {...props} options={options} unset={0} markAnswers={rankAnswersToMark} optionsAreContent={false} header={header} />;
}
