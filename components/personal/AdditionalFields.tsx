'use client';

import { useId } from 'react';
import type { FieldProblem } from '@/lib/validation/additionalFields';
import formStyles from '@/components/form/form.module.css';
import styles from './PersonalInfo.module.css';

/** A field of the group code as the page shows it: already sorted (sortAdditionalFields), name in the page's language. */
export type ShownField = {
  id: number;
  name: string;
  fieldType: 'Text' | 'List';
  allowedValues: string[];
  required: boolean;
};

export type AdditionalFieldsTexts = {
  legend: string;
  requiredNote: string;
  choose: string;
  problems: Record<FieldProblem | 'listRequired', string>;
};

type Props = {
  fields: ShownField[];
  values: Record<number, string>;
  onChange: (id: number, value: string) => void;
  /** The problems to show now (after the field was left, or after save was pressed). */
  problems: Map<number, FieldProblem>;
  onLeave: (id: number) => void;
  texts: AdditionalFieldsTexts;
  disabled?: boolean;
};

/**
 * The additional fields of a group code (spec §2 "Personal info", §3): a Text as a text input, a
 * List as a drop-down of its allowed values, each with its label. A required field is marked with
 * an asterisk for the eye and the required state for screen readers; a problem shows under the
 * field, tied to it and announced.
 */
export function AdditionalFields({ fields, values, onChange, problems, onLeave, texts, disabled }: Props) {
  const prefix = useId();
  if (fields.length === 0) return null;
  const anyRequired = fields.some((field) => field.required);
  return (
    <fieldset className={`${formStyles.fieldset} ${styles.fields}`} disabled={disabled}>
      <legend className={formStyles.legend}>{texts.legend}</legend>
      {anyRequired && <p className={formStyles.hint}>{texts.requiredNote}</p>}
      {fields.map((field) => {
        const id = `${prefix}-field-${field.id}`;
        const problem = problems.get(field.id);
        const message = problem && (problem === 'required' && field.fieldType === 'List' ? texts.problems.listRequired : texts.problems[problem]);
        const errorId = `${id}-error`;
        const common = {
          id,
          // The form sends focus to the first field with a problem by this.
          'data-field-id': field.id,
          className: formStyles.input,
          value: values[field.id] ?? '',
          required: field.required,
          onBlur: () => onLeave(field.id),
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? errorId : undefined,
        } as const;
        return (
          <div key={field.id} className={formStyles.field}>
            <label htmlFor={id} className={formStyles.label}>
              {field.name}
              {field.required && (
                <span className={styles.required} aria-hidden="true">
                  {' '}*
                </span>
              )}
            </label>
            {field.fieldType === 'List' ? (
              <select {...common} onChange={(event) => onChange(field.id, event.target.value)}>
                <option value="">{texts.choose}</option>
                {field.allowedValues.map((allowed) => (
                  <option key={allowed} value={allowed}>
                    {allowed}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type="text" autoComplete="off" onChange={(event) => onChange(field.id, event.target.value)} />
            )}
            {message && (
              <p id={errorId} className={formStyles.error} role="alert">
                {message}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
