'use client';

import type { ReactNode } from 'react';
import styles from './Questionnaire.module.css';

export type ChoiceOption = { value: number; label: string; hint?: string };

type Props = {
  name: string;
  letter: string;
  text: string;
  subtext?: string | null;
  options: ReadonlyArray<ChoiceOption>;
  value: number;
  invalid: boolean;
  disabled: boolean;
  onChange: (value: number) => void;
  /** The language of the statement, and of the option captions where they are content (grid scales). */
  contentLang?: string;
  optionsLang?: string;
  /** What the item offers beside its radios (the grid's info button and details), under its statement. */
  details?: ReactNode;
};

/**
 * One answer item: a radio group (WAI-ARIA radio pattern through native radios, arrow keys move
 * within the group) labelled with its letter and statement. Ranking and grid views both use it.
 */
export function ChoiceRow({ name, letter, text, subtext, options, value, invalid, disabled, onChange, contentLang, optionsLang, details }: Props) {
  return (
    <fieldset className={`${styles.row} ${details ? styles.rowWithDetails : ''}`} data-invalid={invalid || undefined} disabled={disabled}>
      <legend className={styles.rowText}>
        <span className={styles.letter} aria-hidden="true">
          {letter}
        </span>
        <span className="visually-hidden">{letter})</span>
        <span lang={contentLang}>
          {text}
          {subtext && <span className={styles.subtext}>{subtext}</span>}
        </span>
      </legend>
      {details}
      <div className={styles.options} style={{ ['--columns' as string]: options.length }}>
        {options.map((option) => (
          <label key={option.value} className={styles.option} data-selected={option.value === value || undefined}>
            {/* A hint (rank 1 and 4) joins the radio's name as its aria-label, which begins with the
                visible caption: an element less per radio, which a page of 64 radios lays out faster. */}
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              aria-label={option.hint ? `${option.label}, ${option.hint}` : undefined}
            />
            <span className={styles.optionLabel} lang={optionsLang}>
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
