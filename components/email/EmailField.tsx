'use client';

import { useId, type Ref } from 'react';
import formStyles from '@/components/form/form.module.css';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Shown below the field, tied to it with aria-describedby and announced (role=alert). */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete: string;
  /** The e-mail step's fields are required (spec §5); the requirements analysis's may stay blank. */
  required?: boolean;
  /** A line under the label, tied to the field. */
  hint?: string;
  /** Marks the field for the form that focuses the first field with a problem. */
  fieldId?: string;
};

/** An e-mail address field (the e-mail step's, the requirements analysis's personal info). No name: nothing typed ever ends up in an address. */
export function EmailField({ label, value, onChange, onBlur, error, inputRef, autoComplete, required = true, hint, fieldId }: Props) {
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
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
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
