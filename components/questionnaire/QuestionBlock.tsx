'use client';

import type { ReactNode } from 'react';
import styles from './Questionnaire.module.css';

type Props = {
  id: number;
  index: number;
  text: string;
  subText?: string | null;
  errorMessage?: string;
  errorLabel: string;
  header?: ReactNode;
  /** The language of the question's text when it is not the page's (see ViewProps.contentLang). */
  contentLang?: string;
  children: ReactNode;
};

/**
 * A question with its number and text. A failed question shows its message in a block whose
 * assertive label is 'error, question number, message' (spec §2) and is highlighted.
 */
export function QuestionBlock({ id, index, text, subText, errorMessage, errorLabel, header, contentLang, children }: Props) {
  const titleId = `question-${id}-title`;
  return (
    <section id={`question-${id}`} className={styles.question} data-invalid={errorMessage ? true : undefined} aria-labelledby={titleId} tabIndex={-1}>
      <div className={styles.questionHead}>
        <span className={styles.number} aria-hidden="true">
          {index}
        </span>
        <h2 id={titleId} className={styles.questionText}>
          <span className="visually-hidden">{index}. </span>
          <span lang={contentLang}>
            {text.replace(/\s*…\s*$/, ' …')}
            {subText && <span className={styles.questionSubText}>{subText}</span>}
          </span>
        </h2>
      </div>
      {errorMessage && (
        <div className={styles.errorBlock} role="alert" aria-live="assertive" aria-label={errorLabel}>
          {errorMessage}
        </div>
      )}
      {header}
      {children}
    </section>
  );
}
