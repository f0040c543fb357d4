'use client';

import type { ReactNode } from 'react';
import type { ConsoleFormState } from '@/lib/admin/console/request';
import { FormMessage, SubmitButton } from './FormParts';
import { useConsoleForm } from './useConsoleForm';
import styles from './Console.module.css';
import own from './ConsoleParts.module.css';

/**
 * A form whose answer is a file handed out once: the codes of new assessments (`assessment create`'s
 * CSV), a person's data (`privacy export`'s JSON). Why this way: access codes are stored only as
 * hashes, so the console cannot show them later, and must not keep them, or a person's data, in
 * plain form to offer a download afterwards (no file, no cache, no log); and what names a person
 * (a code, an address) is sent in the form's body, never in an address a browser keeps in its
 * history. The server action hands the file back as its state; this form offers it as a data: link
 * and, for codes, in a read-only text box to copy. Before the scripts load the server renders that
 * same state into its answer to the form's POST (the page is no-store); once the page is left, the
 * file is gone. Otherwise it is ConsoleForm (useConsoleForm: permalink, message, focus, values).
 */
export type HandedOnce = {
  text: string;
  filename: string;
  contentType: string;
  summary: string;
  /** A warning in bold after the summary ("the codes are shown only now"). */
  once?: string;
  downloadLabel: string;
  /** With a label, the file is also shown in a text box to copy from. */
  textLabel?: string;
};

export type OnceFormState = (NonNullable<ConsoleFormState> & { once?: HandedOnce }) | null;

type Action = (previous: OnceFormState, formData: FormData) => Promise<OnceFormState>;

export function OnceForm({ id, action, pageAddress, submitLabel, xsrf, children }: { id: string; action: Action; pageAddress: string; submitLabel: string; xsrf?: string; children?: ReactNode }) {
  const { state, formAction, pending, form, message, result } = useConsoleForm(action, pageAddress);
  const messageId = `${id}-message`;
  const file = state?.once;
  return (
    <>
      {file && (
        <section ref={result} tabIndex={-1} className={`${styles.section} ${own.codesBox}`} aria-labelledby={`${id}-once-summary`}>
          <p id={`${id}-once-summary`} role="status" className={styles.notice}>
            {file.summary} {file.once && <strong>{file.once}</strong>}
          </p>
          <p>
            <a href={`data:${file.contentType};charset=utf-8,${encodeURIComponent(file.text)}`} download={file.filename} className={own.downloadLink}>
              {file.downloadLabel}
            </a>
          </p>
          {file.textLabel && (
            <div className={styles.field}>
              <label htmlFor={`${id}-once-text`}>{file.textLabel}</label>
              <textarea id={`${id}-once-text`} readOnly rows={Math.min(12, file.text.split('\n').length)} value={file.text} className={own.codes} spellCheck={false} />
            </div>
          )}
        </section>
      )}
      <form id={id} ref={form} action={formAction} className={styles.form} aria-describedby={state?.error ? messageId : undefined}>
        <FormMessage id={messageId} state={state} message={message} />
        {xsrf && <input type="hidden" name="xsrf" value={xsrf} />}
        {children}
        <SubmitButton label={submitLabel} pending={pending} />
      </form>
    </>
  );
}
