import type { RefObject } from 'react';
import type { ConsoleFormState } from '@/lib/admin/console/request';
import styles from './Console.module.css';

/** The submit button of a console form: busy while its action runs. */
export function SubmitButton({ label, pending, danger }: { label: string; pending: boolean; danger?: boolean }) {
  return (
    <button type="submit" className={danger ? styles.danger : styles.primary} disabled={pending} aria-busy={pending}>
      {label}
    </button>
  );
}

/** The action's answer above the fields: an error announced at once, a notice politely; focusable so the hook can move there. */
export function FormMessage({ id, state, message }: { id: string; state: ConsoleFormState; message: RefObject<HTMLElement | null> }) {
  if (state?.error && state.problems?.length) {
    // Every problem at once (a questionnaire file's, by JSON path), so that one round of fixes is enough.
    return (
      <div id={id} ref={message as RefObject<HTMLDivElement | null>} role="alert" tabIndex={-1} className={styles.error}>
        <p>{state.error}</p>
        <ul>
          {state.problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (state?.error) {
    return (
      <p id={id} ref={message as RefObject<HTMLParagraphElement | null>} role="alert" tabIndex={-1} className={styles.error}>
        {state.error}
      </p>
    );
  }
  if (state?.notice) {
    return (
      <p id={id} ref={message as RefObject<HTMLParagraphElement | null>} role="status" tabIndex={-1} className={styles.notice}>
        {state.notice}
      </p>
    );
  }
  return null;
}
