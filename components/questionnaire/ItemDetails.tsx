'use client';

import type { QuestionDetails } from '@/lib/flows/questionDetails';
import type { GridTexts } from './viewTypes';
import styles from './Questionnaire.module.css';

type Props = {
  /** The element id of the details region (aria-controls points at it). */
  id: string;
  /** What the button's name says after its text, so that each button says whose details it shows (lib/flows/questionDetails.ts, detailsName). */
  name: string;
  details: QuestionDetails;
  expanded: boolean;
  onToggle: () => void;
  texts: GridTexts;
  contentLang?: string;
};

/**
 * The info button of a grid item in details mode and the question's details it expands under the
 * item (spec §2): the intro line, then definition, explanation, exaggeration and synonyms as a
 * description list. A disclosure (WAI-ARIA): the button says whether the region is shown, and the
 * region stays in the document while hidden, so that aria-controls always points at something.
 */
export function ItemDetails({ id, name, details, expanded, onToggle, texts, contentLang }: Props) {
  const entries = (
    [
      [texts.definition, details.definition],
      [texts.explanation, details.explanation],
      [texts.exaggeration, details.exaggeration],
    ] as const
  ).filter((entry): entry is readonly [string, string] => entry[1] !== null);
  return (
    <>
      <button type="button" className={styles.detailsButton} aria-expanded={expanded} aria-controls={id} onClick={onToggle}>
        <span className={styles.detailsIcon} aria-hidden="true">
          i
        </span>
        {texts.detailsButton}
        <span className="visually-hidden">
          {': '}
          <span lang={contentLang}>{name}</span>
        </span>
      </button>
      <div id={id} className={styles.details} hidden={!expanded}>
        {details.intro && (
          <p className={styles.detailsIntro} lang={contentLang}>
            {details.intro}
          </p>
        )}
        {(entries.length > 0 || details.synonyms.length > 0) && (
          <dl className={styles.detailsList}>
            {entries.map(([label, text]) => (
              <div key={label} className={styles.detailsEntry}>
                <dt>{label}</dt>
                <dd lang={contentLang}>{text}</dd>
              </div>
            ))}
            {details.synonyms.length > 0 && (
              <div className={styles.detailsEntry}>
                <dt>{texts.synonyms}</dt>
                <dd lang={contentLang}>
                  <ul className={styles.synonyms}>
                    {details.synonyms.map((synonym, index) => (
                      <li key={index}>{synonym}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </>
  );
}
