'use client';

import { useId } from 'react';
import { useFormStatus } from 'react-dom';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { chooseLanguage } from '@/lib/session/actions';
import styles from './Header.module.css';

type Props = { label: string; apply: string; current: string; languages: Array<{ value: string; label: string }> };

function Apply({ label }: { label: string }) {
  const { pending } = useFormStatus();
  // Reads as disabled while the change runs, but is not: a disabled button loses focus, and the
  // participant who pressed it by keyboard would go on from the top of the document.
  return (
    <button
      type="submit"
      className={`button button-secondary ${styles.languageApply}`}
      aria-disabled={pending || undefined}
      aria-busy={pending}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {label}
    </button>
  );
}

/**
 * Sets interface and questionnaire language together and reloads the page content (spec §4).
 * Choosing an option changes nothing yet: the change happens on confirm, with the button (or Enter
 * on it), so that arrowing through the options does not reload the page under the participant's
 * fingers (WCAG 3.2.2). A form, so it works before the page's JavaScript has loaded; with answers
 * chosen on the page before then, the change waits for the script, which keeps them (useEarlyForm).
 */
export function LanguageSelector({ label, apply, current, languages }: Props) {
  const id = useId();
  const formRef = useEarlyForm();
  return (
    <form ref={formRef} className={styles.language} action={chooseLanguage} data-hold-while-chosen="">
      <label htmlFor={id} className={styles.languageLabel}>
        {label}
      </label>
      {/* Keyed by the session's language: after a change the form starts from the new one. */}
      <select key={current} id={id} name="language" className={styles.languageSelect} defaultValue={current}>
        {languages.map((language) => (
          <option key={language.value} value={language.value} lang={language.value === 'cz-CZ' ? 'cs' : language.value.slice(0, 2)}>
            {language.label}
          </option>
        ))}
      </select>
      <Apply label={apply} />
    </form>
  );
}
