'use client';

import { useRef, useState, type FormEvent } from 'react';
import { postCall } from '@/lib/client/api';
import { goAfterSessionChange } from '@/lib/client/navigate';
import { encryptForUpstream, PRELOAD_CIPHER, type ClientCrypto } from '@/lib/client/encrypt';
import { routeAfterAccessCodeLogin } from '@/lib/flows/accessCode';
import { normaliseCode } from '@/lib/validation/code';
import { CodeField } from '@/components/form/CodeField';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useFieldError } from '@/lib/client/useFieldError';
import { useStoredFailures } from '@/lib/client/useStoredFailures';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { useModal } from '@/components/modal/ModalProvider';
import formStyles from '@/components/form/form.module.css';

type Texts = {
  title: string;
  text: string;
  label: string;
  show: string;
  submit: string;
  required: string;
  ErrorAccessCodeKey: string;
  ErrorAccessCodeKeyFail: string;
  ErrorAccessCodeLocked: string;
};

const MODAL = 'access-code-error';
/** Where the count of wrong codes is kept (lib/client/useStoredFailures.ts). */
const FAILURES_KEY = 'accessCodeFailures';

export function AccessCodeForm({ crypto, texts }: { crypto: ClientCrypto; texts: Texts }) {
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
    const response = await postCall('submit/kodekodex/login', async () => ({ passwordHash: await encryptForUpstream(plain, crypto) }));
    const outcome = routeAfterAccessCodeLogin(response, response.tokenClaims?.isLoggedIn ?? false, failures.current());
    if (outcome.kind === 'go') {
      failures.clear();
      goAfterSessionChange(outcome.to);
      return;
    }
    setBusy(false);
    if (outcome.kind === 'wrongCode') {
      failures.set(outcome.failures);
      if (outcome.clearField) setCode('');
    }
    setModalMessage(texts[outcome.messageKey]);
    // Closed, the modal hands focus to the field: the code is what to correct. Sent from the button,
    // focus was nowhere meanwhile (the button is disabled while the call runs).
    openModal(MODAL, { returnFocusTo: field.current });
  };

  return (
    <section className="card card-narrow" aria-labelledby="access-code-title">
      <h1 id="access-code-title" className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} {...PRELOAD_CIPHER} noValidate aria-busy={busy}>
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
