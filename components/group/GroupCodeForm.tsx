'use client';

import { useRef, useState, type FormEvent } from 'react';
import type { Language } from '@/lib/api/languages';
import { postCall, type BrowserRequest } from '@/lib/client/api';
import { encryptForUpstream, PRELOAD_CIPHER, type ClientCrypto } from '@/lib/client/encrypt';
import { goAfterSessionChange } from '@/lib/client/navigate';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useFieldError } from '@/lib/client/useFieldError';
import { useStoredFailures } from '@/lib/client/useStoredFailures';
import { routeAfterGroupLogin, type GroupCodeMessageKey } from '@/lib/flows/groupLogin';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { normaliseCode } from '@/lib/validation/code';
import { CodeField } from '@/components/form/CodeField';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { useModal } from '@/components/modal/ModalProvider';
import formStyles from '@/components/form/form.module.css';

type Texts = Record<GroupCodeMessageKey, string> & { title: string; text: string; label: string; show: string; submit: string; required: string };

type Props = {
  variant: GroupVariant;
  /** Present when the variant encrypts the code (spec §7). */
  crypto?: ClientCrypto;
  /** The language the participant chose, sent where the variant sends one. */
  language?: Language;
  texts: Texts;
};

const MODAL = 'group-code-error';
/** Where the count of wrong codes is kept (lib/client/useStoredFailures.ts). */
const FAILURES_KEY = 'groupCodeFailures';

/** The group-code form: masked field with 'show', whitespace removed, the outcome of lib/flows/groupLogin.ts. */
export function GroupCodeForm({ variant, crypto, language, texts }: Props) {
  const row = groupVariant(variant);
  const { openModal } = useModal();
  const [code, setCode] = useState('');
  const fieldError = useFieldError();
  const [modalMessage, setModalMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const failures = useStoredFailures(FAILURES_KEY);
  const field = useRef<HTMLInputElement>(null);
  const formRef = useEarlyForm();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const plain = normaliseCode(code);
    if (!plain) {
      fieldError.show(texts.required);
      return;
    }
    fieldError.clear();
    setBusy(true);
    const body = async () => ({ groupcode: crypto ? await encryptForUpstream(plain, crypto) : plain, ...(row.sendsLanguage && language && { uiLanguage: language }) });
    const response = await postCall(row.calls.login, body as () => Promise<BrowserRequest<typeof row.calls.login>>);
    const outcome = routeAfterGroupLogin(response, response.tokenClaims?.isLoggedIn ?? false, failures.current(), row);
    if (outcome.kind === 'go') {
      failures.clear();
      goAfterSessionChange(outcome.to);
      return;
    }
    setBusy(false);
    failures.set(outcome.failures);
    if (outcome.clearField) setCode('');
    setModalMessage(texts[outcome.messageKey]);
    // Closed, the modal hands focus to the field: the code is what to correct.
    openModal(MODAL, { returnFocusTo: field.current });
  };

  return (
    <section className="card card-narrow" aria-labelledby="group-code-title">
      <h1 id="group-code-title" className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} {...(crypto && PRELOAD_CIPHER)} noValidate aria-busy={busy}>
        <p className="lead">{texts.text}</p>
        <CodeField label={texts.label} value={code} onChange={setCode} masked showLabel={texts.show} error={fieldError.error} errorKey={fieldError.errorKey} autoFocus inputRef={field} />
        <div className={formStyles.actions}>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {texts.submit}
          </button>
        </div>
      </form>
      <ErrorModal id={MODAL} message={modalMessage} />
    </section>
  );
}
