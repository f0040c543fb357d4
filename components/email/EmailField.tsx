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
};

/** An e-mail address field of the e-mail step. No name: nothing typed ever ends up in an address. */
export function EmailField({ label, value, onChange, onBlur, error, inputRef, autoComplete }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
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
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={formStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
