'use client';

import { useId, type Ref } from 'react';
import formStyles from './form.module.css';

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Shown below the field, tied to it with aria-describedby and announced (role=alert). */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete: string;
  required?: boolean;
  /** A line under the label, tied to the field. */
  hint?: string;
  /** Marks the field for the form that focuses the first field with a problem. */
  fieldId?: string;
  type?: 'text' | 'email';
  /** The browser's limit: a little over the rule's, so that the rule (not the browser) says what is too long. */
  maxLength?: number;
};

/**
 * One line of a form that is not a code (codes have CodeField): label, optional hint, the error
 * under it. No name attribute: nothing typed ever ends up in an address.
 */
export function TextField({ label, value, onChange, onBlur, error, inputRef, autoComplete, required = false, hint, fieldId, type = 'text', maxLength }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        className={formStyles.input}
        type={type}
        {...(type === 'email' && { inputMode: 'email' as const, autoCapitalize: 'off', spellCheck: false })}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        data-field-id={fieldId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined}
      />
      {error && (
        <p id={errorId} className={formStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
