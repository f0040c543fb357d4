'use client';

import { useId, useState, type Ref } from 'react';
import styles from './form.module.css';

/**
 * What a password manager may do with the field (WCAG 2.2, 3.3.8; docs/architecture.md, "Codes, keys
 * and password managers"): 'username' names the assessment (the ident code), 'current-password' is
 * the secret that signs in again and again (the access code, or a returning group participant's
 * key), 'one-time-code' a code that starts something once (a group code starts a new participant
 * each time, so a manager must not fill it in again).
 */
export type CodeAutocomplete = 'username' | 'current-password' | 'one-time-code';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: CodeAutocomplete;
  /** Password-type entry with a 'show' checkbox that switches to plain text (spec §2). */
  masked?: boolean;
  showLabel?: string;
  error?: string;
  /** Changes each time the error is shown again: the alert is mounted anew, so that it is said again. */
  errorKey?: number;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** The one form field for code entry: ident codes, access codes, group codes. */
export function CodeField({ label, value, onChange, autoComplete, masked = false, showLabel, error, errorKey, hint, disabled, autoFocus, inputRef }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        // No name: a code must never end up in an address, whatever submits the form. Password
        // managers need none: they go by the autocomplete token, the type and the label.
        className={styles.input}
        type={masked && !shown ? 'password' : 'text'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="characters"
        spellCheck={false}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p key={errorKey} id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {masked && showLabel && (
        <label className={styles.checkbox}>
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} disabled={disabled} />
          <span>{showLabel}</span>
        </label>
      )}
    </div>
  );
}
