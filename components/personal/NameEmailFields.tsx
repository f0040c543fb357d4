'use client';

import type { NameEmailProblems } from '@/lib/validation/nameEmail';
import { EmailField } from '@/components/email/EmailField';
import formStyles from '@/components/form/form.module.css';
import { TextField } from '@/components/form/TextField';
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
  const nameError = problems.name && texts.problems.tooLong;
  return (
    <fieldset className={`${formStyles.fieldset} ${styles.fields}`} disabled={disabled}>
      <legend className={formStyles.legend}>{texts.legend}</legend>
      <TextField
        fieldId="name"
        label={texts.nameLabel}
        value={values.name}
        onChange={(value) => onChange('name', value)}
        onBlur={() => onLeave('name')}
        error={nameError || undefined}
        autoComplete="name"
      />
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
