'use client';

import type { ReactNode } from 'react';
import type { ConsoleFormState } from '@/lib/admin/console/request';
import { FormMessage, SubmitButton } from './FormParts';
import { useConsoleForm } from './useConsoleForm';
import styles from './Console.module.css';

type Action = (previous: ConsoleFormState, formData: FormData) => Promise<ConsoleFormState>;

/**
 * Every console form that answers with a message: fields from the server page, the action's answer
 * above them, announced (useConsoleForm does the rest). Forms whose answer brings more (codes shown
 * once, an erasure's preview) use the same hook and parts.
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
  const { state, formAction, pending, form, message } = useConsoleForm(action, pageAddress);
  const messageId = `${id}-message`;
  return (
    <form id={id} ref={form} action={formAction} className={inline ? styles.inlineForm : styles.form} aria-describedby={state?.error || state?.notice ? messageId : undefined}>
      <FormMessage id={messageId} state={state} message={message} />
      {xsrf && <input type="hidden" name="xsrf" value={xsrf} />}
      {children}
      <SubmitButton label={submitLabel} pending={pending} {...(danger && { danger })} />
    </form>
  );
}
