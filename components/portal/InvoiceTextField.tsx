'use client';

import { useId } from 'react';
import { MAX_INVOICE_TEXT_LENGTH, type InvoiceField } from '@/lib/validation/portal';
import formStyles from '@/components/form/form.module.css';

type Props = {
  field: InvoiceField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Shown below the field, tied to it with aria-describedby and announced (role=alert). */
  error?: string;
  hint?: string;
  type?: 'text' | 'email';
  autoComplete: string;
};

/**
 * One line of the invoice form. No name attribute: nothing typed ever ends up in an address. The
 * data-field-id lets the form focus the first field with a problem.
 */
export function InvoiceTextField({ field, label, value, onChange, onBlur, error, hint, type = 'text', autoComplete }: Props) {
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
        id={id}
        data-field-id={field}
        className={formStyles.input}
        type={type}
        {...(type === 'email' && { inputMode: 'email' as const, autoCapitalize: 'off', spellCheck: false })}
        autoComplete={autoComplete}
        // A little room over the rule's limit, so that the rule (not the browser) says what is too long.
        maxLength={MAX_INVOICE_TEXT_LENGTH + 50}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-required
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
