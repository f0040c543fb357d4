'use client';

import { useActionState, useEffect, useRef, type ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import type { ConsoleFormState } from '@/lib/admin/console/request';
import styles from './Console.module.css';

type Action = (previous: ConsoleFormState, formData: FormData) => Promise<ConsoleFormState>;

function Submit({ label, danger }: { label: string; danger?: boolean }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={danger ? styles.danger : styles.primary} disabled={pending} aria-busy={pending}>
      {label}
    </button>
  );
}

/**
 * Every console form: a server action with the page's address as its permalink, so that it works
 * before the scripts load (the server renders the answer), and the action's answer above the
 * fields, announced. After a refusal the field it concerns gets the focus, and what the operator
 * typed stays (React empties a form after its action; the answer gives the values back).
 */
export function ConsoleForm({
  id,
  action,
  pageAddress,
  submitLabel,
  xsrf,
  danger,
  inline,
  children,
}: {
  id: string;
  action: Action;
  pageAddress: string;
  submitLabel: string;
  xsrf?: string;
  danger?: boolean;
  /** In a line (the header's language choice, sign-out), not as a column of fields. */
  inline?: boolean;
  children?: ReactNode;
}) {
  const [state, formAction] = useActionState(action, null, pageAddress);
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const messageList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!state) return;
    const element = form.current;
    for (const [name, value] of Object.entries(state.values ?? {})) {
      const input = element?.elements.namedItem(name);
      if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement || input instanceof HTMLTextAreaElement) input.value = value;
    }
    const target = state.field ? element?.elements.namedItem(state.field) : null;
    if (target instanceof HTMLElement) target.focus();
    else (message.current ?? messageList.current)?.focus();
  }, [state]);
  const messageId = `${id}-message`;
  return (
    <form id={id} ref={form} action={formAction} className={inline ? styles.inlineForm : styles.form} aria-describedby={state?.error || state?.notice ? messageId : undefined}>
      {state?.error && !state.problems?.length && (
        <p id={messageId} ref={message} role="alert" tabIndex={-1} className={styles.error}>
          {state.error}
        </p>
      )}
      {state?.error && !!state.problems?.length && (
        <div id={messageId} ref={messageList} role="alert" tabIndex={-1} className={styles.error}>
          <p>{state.error}</p>
          <ul>
            {state.problems.map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {state?.notice && (
        <p id={messageId} ref={message} role="status" tabIndex={-1} className={styles.notice}>
          {state.notice}
        </p>
      )}
      {xsrf && <input type="hidden" name="xsrf" value={xsrf} />}
      {children}
      <Submit label={submitLabel} {...(danger && { danger })} />
    </form>
  );
}
