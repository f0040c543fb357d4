'use client';

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PRELOAD_CIPHER } from '@/lib/client/encrypt';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useFieldError } from '@/lib/client/useFieldError';
import { useStoredFailures } from '@/lib/client/useStoredFailures';
import { useSubmit } from '@/lib/client/useSubmit';
import type { CodeRefused } from '@/lib/flows/accessCode';
import type { GoTo, ModalMessage, ToErrorPage } from '@/lib/flows/outcome';
import { normaliseCode } from '@/lib/validation/code';
import { CodeField, type CodeAutocomplete } from '@/components/form/CodeField';
import { ErrorModal } from '@/components/modal/ErrorModal';
import formStyles from '@/components/form/form.module.css';

/** Where a login leads: on to a page, or back to the field with a message (lib/flows/accessCode.ts, groupLogin.ts). */
type CodeLoginOutcome<MessageKey extends string> = GoTo | ToErrorPage | ModalMessage<MessageKey, CodeRefused>;

type Texts = { title: string; text: string; label: string; show: string; submit: string; required: string };

type Props<MessageKey extends string> = {
  /** Names the heading (`<name>-title`) and the error modal (`<name>-error`). */
  name: string;
  /** Where the count of wrong codes is kept (lib/client/useStoredFailures.ts). */
  failuresKey: string;
  /** The code is encrypted in the browser: the cipher may load with the page. */
  encrypts: boolean;
  texts: Texts & Record<MessageKey, string>;
  /**
   * A code the address gave (a group deep link): in the field from the server's first HTML on, sent
   * only when the participant sends it, so that opening the link again (a reload, a link preview)
   * starts nobody. A code typed over it wins.
   */
  initialCode?: string;
  /** What a password manager may do with the code (CodeField). */
  autoComplete: CodeAutocomplete;
  /** The username the code belongs to, known from an earlier step: the page's <KnownUsername>. */
  usernameField?: ReactNode;
  /** Sends the code (whitespace removed), given the wrong codes so far, and says where that leads. */
  login: (code: string, failures: number) => Promise<CodeLoginOutcome<MessageKey>>;
};

/**
 * The access-code and group-code logins: one masked code field with 'show', sent empty it says so
 * at the field; a refused code opens the error modal, which gives focus back to the field, since the
 * code is what to correct. Focus was nowhere meanwhile when sent from the button (it is disabled
 * while the call runs).
 */
export function CodeLoginForm<MessageKey extends string>({ name, failuresKey, encrypts, texts, initialCode = '', autoComplete, usernameField, login }: Props<MessageKey>) {
  const [code, setCode] = useState(initialCode);
  const fieldError = useFieldError();
  const failures = useStoredFailures(failuresKey);
  const field = useRef<HTMLInputElement>(null);
  const formRef = useEarlyForm();
  const { busy, submit, errorModal } = useSubmit<CodeLoginOutcome<MessageKey>>({
    modal: `${name}-error`,
    text: (outcome) => texts[outcome.messageKey],
    returnFocusTo: () => field.current,
    onModal: (outcome) => {
      if (outcome.failures !== undefined) failures.set(outcome.failures);
      if (outcome.clearField) setCode('');
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const plain = normaliseCode(code);
    if (!plain) {
      fieldError.show(texts.required);
      return;
    }
    fieldError.clear();
    await submit(async () => {
      const outcome = await login(plain, failures.current());
      if (outcome.kind !== 'modal') failures.clear();
      return outcome;
    });
  };

  return (
    <section className="card card-narrow" aria-labelledby={`${name}-title`}>
      <h1 id={`${name}-title`} className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} {...(encrypts && PRELOAD_CIPHER)} noValidate aria-busy={busy}>
        {usernameField}
        <p className="lead">{texts.text}</p>
        <CodeField label={texts.label} value={code} onChange={setCode} autoComplete={autoComplete} masked showLabel={texts.show} error={fieldError.error} errorKey={fieldError.errorKey} autoFocus inputRef={field} />
        <div className={formStyles.actions}>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {texts.submit}
          </button>
        </div>
      </form>
      <ErrorModal {...errorModal} />
    </section>
  );
}
