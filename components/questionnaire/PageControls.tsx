'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type { QuestionnaireTexts } from './texts';
import styles from './Questionnaire.module.css';

type Props = {
  texts: Pick<QuestionnaireTexts, 'offline' | 'saveFailed' | 'previous' | 'saving' | 'lastPage' | 'next'>;
  offline: boolean;
  saveFailed: boolean;
  /** Each failed save, a retry that fails too included, moves focus to the banner again. */
  saveFailures: number;
  busy: boolean;
  canGoBack: boolean;
  isLastPage: boolean;
  onBack: () => void;
  submitRef: RefObject<HTMLButtonElement | null>;
};

/** Below the questions: the connection's and the save's state, and the buttons that turn the page. */
export function PageControls({ texts, offline, saveFailed, saveFailures, busy, canGoBack, isLastPage, onBack, submitRef }: Props) {
  const banner = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saveFailures > 0) banner.current?.focus();
  }, [saveFailures]);
  return (
    <>
      {/* Always in the page, so that the change is announced. */}
      <p className={styles.saving} role="status">
        {offline ? texts.offline : ''}
      </p>

      {saveFailed && (
        <p ref={banner} className={styles.saveFailed} role="alert" tabIndex={-1}>
          {texts.saveFailed}
        </p>
      )}

      <div className={styles.nav}>
        <button type="button" className="button button-secondary" onClick={onBack} disabled={busy || !canGoBack}>
          {texts.previous}
        </button>
        {/* Always in the page, its text set while a turn runs: a live region inserted with its text is
            not announced by every screen reader. */}
        <span className={styles.saving} role="status">
          {busy ? texts.saving : ''}
        </span>
        <button ref={submitRef} type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {isLastPage ? texts.lastPage : texts.next}
        </button>
      </div>
    </>
  );
}
