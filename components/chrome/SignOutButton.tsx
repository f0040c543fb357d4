'use client';

import type { FormEvent } from 'react';
import { useFormStatus } from 'react-dom';
import { useServerFormAction } from '@/lib/client/useServerFormAction';
import { signOut } from '@/lib/session/actions';
import { useUnsavedAnswers } from './UnsavedAnswers';
import styles from './Header.module.css';

function Submit({ label }: { label: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={`button button-secondary ${styles.signOut}`} disabled={pending} aria-busy={pending}>
      {label}
    </button>
  );
}

/** React writes a javascript: address into a form it rendered in the browser; the server's HTML has the real one. */
function sendsWithoutScript(form: HTMLFormElement): boolean {
  return !(form.getAttribute('action') ?? '').trim().toLowerCase().startsWith('javascript:');
}

/**
 * A form, so sign-out works even before the page's JavaScript has loaded. While the questionnaire
 * holds answers not saved yet, it is sent as that plain form after hydration too: a page load,
 * which the browser's before-unload prompt guards (BeforeUnloadGuard), so the participant is asked
 * before they are dropped, as on reload or Back. A client-side action would drop them silently and
 * then show 'your answers are saved'.
 */
export function SignOutButton({ label, pageAddress }: { label: string; pageAddress: string }) {
  const { hasUnsavedAnswers } = useUnsavedAnswers();
  const action = useServerFormAction(signOut, pageAddress);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (!hasUnsavedAnswers || !sendsWithoutScript(form)) return;
    event.preventDefault();
    // The prototype's submit: no submit event again, and not an input that happens to be named 'submit'.
    HTMLFormElement.prototype.submit.call(form);
  };
  return (
    <form action={action} onSubmit={onSubmit}>
      <Submit label={label} />
    </form>
  );
}
