'use client';

import type { RefObject } from 'react';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { useModal } from '@/components/modal/ModalProvider';
import { INSTRUCTIONS } from './QuestionnaireModals';
import styles from './Questionnaire.module.css';

type Props = {
  page: QuestionnairePageResponse;
  contentLang: string | undefined;
  /** "Page 2 of 6" in the participant's language. */
  pageOf: string;
  /** Where focus goes after a page turn: the page-of line, announced. */
  headingRef: RefObject<HTMLParagraphElement | null>;
  instructionsButton: string;
  /** The view draws its own progress: the bar here only keeps its place. */
  ownProgress: boolean;
};

/** The questionnaire's head: its title and candidate, the page it is on, the instructions and the progress. */
export function QuestionnaireTop({ page, contentLang, pageOf, headingRef, instructionsButton, ownProgress }: Props) {
  const { openModal } = useModal();
  const candidate = page.isSelfAssessment
    ? ''
    : [page.candidateTitle, page.candidateFirstName, page.candidateLastName].filter(Boolean).join(' ') || page.candidatePseudonym || '';
  return (
    <div className={styles.top}>
      <h1 className={styles.title}>
        <span lang={contentLang}>{page.questionnaireTitle}</span>
        {candidate && <span className={styles.candidate}>{candidate}</span>}
      </h1>
      <div className={styles.topTools}>
        <p ref={headingRef} className={styles.pageOf} tabIndex={-1} aria-live="polite">
          {pageOf}
        </p>
        <button type="button" className="button button-secondary" aria-haspopup="dialog" onClick={() => openModal(INSTRUCTIONS)}>
          {instructionsButton}
        </button>
      </div>
      {ownProgress ? (
        <span className={styles.progress} aria-hidden="true" />
      ) : (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={pageOf}
          // From 0, as the bar is drawn (page 1 of 6 fills a sixth): a screen reader says the same share.
          aria-valuemin={0}
          aria-valuemax={page.totalNumberOfPages ?? 1}
          aria-valuenow={page.currentPage ?? 1}
          aria-valuetext={pageOf}
        >
          <span style={{ width: `${(100 * (page.currentPage ?? 1)) / (page.totalNumberOfPages ?? 1)}%` }} />
        </div>
      )}
    </div>
  );
}
