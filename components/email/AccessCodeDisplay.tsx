'use client';

import { useId, useState } from 'react';
import formStyles from '@/components/form/form.module.css';
import styles from './AccessCodeEmail.module.css';

type Props = { accessCode: string; label: string; showLabel: string };

/**
 * A group participant's personal access code, masked until they tick 'show access code' (off by
 * default, spec §2 "E-mail step"): on the e-mail step, and on the manual of a flow without one
 * (ManualScreen). Text, not a field: a password field would invite the browser to store the code.
 */
export function AccessCodeDisplay({ accessCode, label, showLabel }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const codeId = `${id}-code`;
  return (
    <div className={formStyles.field}>
      <span id={`${codeId}-label`} className={formStyles.label}>
        {label}
      </span>
      <output id={codeId} className={styles.code} aria-labelledby={`${codeId}-label`} data-masked={!shown}>
        {shown ? accessCode : '•'.repeat(accessCode.length)}
      </output>
      <label className={formStyles.checkbox}>
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} aria-controls={codeId} />
        <span>{showLabel}</span>
      </label>
    </div>
  );
}
