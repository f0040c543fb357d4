'use client';

import { useId } from 'react';
import type { NameEmailProblems } from '@/lib/validation/nameEmail';
import { EmailField } from '@/components/email/EmailField';
import formStyles from '@/components/form/form.module.css';
import styles from './PersonalInfo.module.css';

export type NameEmailValues = { name: string; email: string };

export type NameEmailTexts = {
  legend: string;
  nameLabel: string;
  emailLabel: string;
  emailHint: string;
  problems: { tooLong: string; invalid: string };
};

type Props = {
  values: NameEmailValues;
  onChange: (field: keyof NameEmailValues, value: string) => void;
  /** The problems to show now (after the field was left, or after save was pressed). */
  problems: NameEmailProblems;
  onLeave: (field: keyof NameEmailValues) => void;
  texts: NameEmailTexts;
  disabled?: boolean;
};

/**
 * The name and e-mail of the requirements-analysis personal-info page (spec §2 "Personal info"):
 * neither is required (lib/validation/nameEmail.ts); a problem shows under its field, tied to it
 * and announced. The e-mail field is the e-mail step's (EmailField), not required here.
 */
export function NameEmailFields({ values, onChange, problems, onLeave, texts, disabled }: Props) {
  const id = useId();
  const nameId = `${id}-name`;
  const nameError = problems.name && texts.problems.tooLong;
  return (
    <fieldset className={`${formStyles.fieldset} ${styles.fields}`} disabled={disabled}>
      <legend className={formStyles.legend}>{texts.legend}</legend>
      <div className={formStyles.field}>
        <label htmlFor={nameId} className={formStyles.label}>
          {texts.nameLabel}
        </label>
        <input
          id={nameId}
          data-field-id="name"
          className={formStyles.input}
          type="text"
          autoComplete="name"
          value={values.name}
          onChange={(event) => onChange('name', event.target.value)}
          onBlur={() => onLeave('name')}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
        />
        {nameError && (
          <p id={`${nameId}-error`} className={formStyles.error} role="alert">
            {nameError}
          </p>
        )}
      </div>
      <EmailField
        label={texts.emailLabel}
        hint={texts.emailHint}
        value={values.email}
        onChange={(value) => onChange('email', value)}
        onBlur={() => onLeave('email')}
        error={problems.email && texts.problems.invalid}
        autoComplete="email"
        required={false}
        fieldId="email"
      />
    </fieldset>
  );
}
