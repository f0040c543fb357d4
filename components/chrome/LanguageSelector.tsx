'use client';

import { useId, useTransition, type FormEvent } from 'react';
import { asSessionChange } from '@/lib/client/sessionWrites';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useServerFormAction } from '@/lib/client/useServerFormAction';
import { chooseLanguage } from '@/lib/session/actions';
import styles from './Header.module.css';

type Props = { label: string; apply: string; current: string; languages: Array<{ value: string; label: string }>; pageAddress: string };

function Apply({ label, busy }: { label: string; busy: boolean }) {
  // Reads as disabled while the change runs, but is not: a disabled button loses focus, and the
  // participant who pressed it by keyboard would go on from the top of the document.
  return (
    <button
      type="submit"
      className={`button button-secondary ${styles.languageApply}`}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      onClick={(event) => {
        if (busy) event.preventDefault();
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
export function LanguageSelector({ label, apply, current, languages, pageAddress }: Props) {
  const id = useId();
  const formRef = useEarlyForm();
  const action = useServerFormAction(chooseLanguage, pageAddress);
  const [changing, startChange] = useTransition();
  // With the scripts running, the change waits for the page's calls under way and holds new ones
  // until it is stored: an answer sent before it must not bring the old language back.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changing) return;
    const data = new FormData(event.currentTarget);
    startChange(async () => {
      await asSessionChange(() => chooseLanguage(null, data)).catch(() => undefined);
    });
  };
  return (
    <form ref={formRef} className={styles.language} action={action} onSubmit={onSubmit} data-hold-while-chosen="">
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
      <Apply label={apply} busy={changing} />
    </form>
  );
}
