'use client';

import { useId, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { changeLanguage } from '@/lib/session/actions';
import styles from './Header.module.css';

type Props = { label: string; current: string; languages: Array<{ value: string; label: string }> };

/** Sets interface and questionnaire language together and reloads the page content (spec §4). */
export function LanguageSelector({ label, current, languages }: Props) {
  const id = useId();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className={styles.language}>
      <label htmlFor={id} className={styles.languageLabel}>
        {label}
      </label>
      <select
        id={id}
        className={styles.languageSelect}
        value={current}
        disabled={pending}
        aria-busy={pending}
        onChange={(event) => {
          const language = event.target.value;
          startTransition(async () => {
            const result = await changeLanguage(language);
            if (result.ok) router.refresh();
          });
        }}
      >
        {languages.map((language) => (
          <option key={language.value} value={language.value} lang={language.value === 'cz-CZ' ? 'cs' : language.value.slice(0, 2)}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  );
}
