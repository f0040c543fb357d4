'use client';

import type { ReactNode } from 'react';
import type { ConsoleFormState } from '@/lib/admin/console/request';
import { FormMessage, SubmitButton } from './FormParts';
import { useConsoleForm } from './useConsoleForm';
import styles from './Console.module.css';
import own from './ConsoleParts.module.css';

/**
 * A form whose answer carries codes shown once: the CSV of `assessment create`, as its answer and
 * nowhere else. Why this way: the access codes are stored only as hashes, so the console cannot
 * show them later, and must not keep them in plain form to offer a download afterwards (no file,
 * no cache, no log). The server action hands the CSV back as its state; this form shows it as a
 * data: link to download and in a read-only text box to copy. Before the scripts load the server
 * renders that same state into the answer to the form's POST (the page is no-store); once the page
 * is left, the codes are gone. Otherwise it is ConsoleForm (useConsoleForm: permalink, message, focus, values).
 */
export type CodesFormState =
  | (NonNullable<ConsoleFormState> & {
      codes?: { csv: string; filename: string; summary: string; once: string; downloadLabel: string; textLabel: string };
    })
  | null;

type Action = (previous: CodesFormState, formData: FormData) => Promise<CodesFormState>;

export function CodesForm({ id, action, pageAddress, submitLabel, xsrf, children }: { id: string; action: Action; pageAddress: string; submitLabel: string; xsrf: string; children?: ReactNode }) {
  const { state, formAction, pending, form, message, result } = useConsoleForm(action, pageAddress);
  const messageId = `${id}-message`;
  return (
    <>
      {state?.codes && (
        <section ref={result} tabIndex={-1} className={`${styles.section} ${own.codesBox}`} aria-labelledby={`${id}-codes-summary`}>
          <p id={`${id}-codes-summary`} role="status" className={styles.notice}>
            {state.codes.summary} <strong>{state.codes.once}</strong>
          </p>
          <p>
            <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(state.codes.csv)}`} download={state.codes.filename} className={own.downloadLink}>
              {state.codes.downloadLabel}
            </a>
          </p>
          <div className={styles.field}>
            <label htmlFor={`${id}-codes-text`}>{state.codes.textLabel}</label>
            <textarea id={`${id}-codes-text`} readOnly rows={Math.min(12, state.codes.csv.split('\r\n').length)} value={state.codes.csv} className={own.codes} spellCheck={false} />
          </div>
        </section>
      )}
      <form id={id} ref={form} action={formAction} className={styles.form} aria-describedby={state?.error ? messageId : undefined}>
        <FormMessage id={messageId} state={state} message={message} />
        <input type="hidden" name="xsrf" value={xsrf} />
        {children}
        <SubmitButton label={submitLabel} pending={pending} />
      </form>
    </>
  );
}
