'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import type { CallPath } from '@/lib/api/catalogue';
import { postCall } from '@/lib/client/api';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useHydrated } from '@/lib/client/useHydrated';
import { useSubmit } from '@/lib/client/useSubmit';
import { outcomeAfterSendAccessCode } from '@/lib/flows/accessCodeEmail';
import { modalText } from '@/lib/flows/outcomeMessages';
import { emailProblems, emailStep } from '@/lib/validation/email';
import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { ErrorModal } from '@/components/modal/ErrorModal';
import formStyles from '@/components/form/form.module.css';
import { AccessCodeDisplay } from './AccessCodeDisplay';
import { EmailField } from './EmailField';
import styles from './AccessCodeEmail.module.css';

type Texts = {
  title: string;
  text: string;
  comeBack: string;
  accessCodeLabel: string;
  showAccessCode: string;
  sendByEmail: string;
  emailLabel: string;
  confirmEmailLabel: string;
  send: string;
  continue: string;
};

type Props = {
  call: Extract<CallPath, `submit/${string}/sendaccesscode`>;
  /** Where the step goes on to: the variant's manual. */
  manual: string;
  accessCode: string;
  texts: Texts;
  /** The e-mail step's messages and the ErrorCodeMsg_<status> texts, by translation key. */
  messages: Record<string, string>;
};

const MODAL = 'access-code-email-error';

/**
 * The e-mail step's form. Sending is on by default: both fields are required and must be equal
 * addresses (spec §5), shown inline once a field was left or a send was tried, and send reads as
 * disabled while they are not. Sending off shows a continue button and skips the call (spec §4). A failed
 * call shows the common error modal and leaves everything as typed.
 */
export function AccessCodeEmailForm({ call, manual, accessCode, texts, messages }: Props) {
  const id = useId();
  const chrome = useChromeTexts();
  const [sending, setSending] = useState(true);
  const [email, setEmail] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState({ email: false, confirmation: false });
  const hydrated = useHydrated();
  const formRef = useEarlyForm();
  const emailRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const { busy, submit, apply, errorModal } = useSubmit<ReturnType<typeof outcomeAfterSendAccessCode>>({
    modal: MODAL,
    text: (outcome) => modalText(outcome, messages, chrome.internalError),
    returnFocusTo: () => submitRef.current,
  });

  const problems = emailProblems(email, confirmation);
  const valid = !problems.email && !problems.confirmation;
  const emailError = touched.email && problems.email ? messages[problems.email] : undefined;
  const confirmationError = touched.confirmation && problems.confirmation ? messages[problems.confirmation] : undefined;

  /** Every problem shows, and focus goes to the first field that has one. */
  const revealAll = () => {
    setTouched({ email: true, confirmation: true });
    (problems.email ? emailRef : confirmationRef).current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const step = emailStep(sending, email, confirmation);
    if (step.kind === 'skip') {
      apply({ kind: 'go', to: manual });
      return;
    }
    if (step.kind === 'invalid') {
      revealAll();
      return;
    }
    await submit(async () => {
      // Plain, as spec §7 lists it (the login calls name theirs encrypted): the code is on this page already.
      const response = await postCall(call, async () => ({ email: step.email, accessCode }));
      return outcomeAfterSendAccessCode(response, response.tokenClaims, manual);
    });
  };

  return (
    <section className="card card-narrow" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <p className="lead">{texts.text}</p>
        <AccessCodeDisplay accessCode={accessCode} label={texts.accessCodeLabel} showLabel={texts.showAccessCode} />
        <p className={styles.comeBack}>{texts.comeBack}</p>
        <label className={formStyles.checkbox}>
          <input type="checkbox" checked={sending} onChange={(event) => setSending(event.target.checked)} disabled={busy} />
          <span>{texts.sendByEmail}</span>
        </label>
        {sending && (
          <div className={styles.fields}>
            <EmailField
              label={texts.emailLabel}
              value={email}
              onChange={setEmail}
              onBlur={() => setTouched((t) => ({ ...t, email: true }))}
              error={emailError}
              inputRef={emailRef}
              autoComplete="email"
            />
            <EmailField
              label={texts.confirmEmailLabel}
              value={confirmation}
              onChange={setConfirmation}
              onBlur={() => setTouched((t) => ({ ...t, confirmation: true }))}
              error={confirmationError}
              inputRef={confirmationRef}
              autoComplete="off"
            />
          </div>
        )}
        <div className={formStyles.actions}>
          {/* Enabled in the server's HTML: a press before the scripts run is held and carried out (useEarlyForm).
              Reads as disabled while the addresses are not right (spec §5), yet a press shows why and goes to the field. */}
          <button
            ref={submitRef}
            type="submit"
            className="button button-primary"
            disabled={busy}
            aria-disabled={(hydrated && sending && !valid) || undefined}
            aria-busy={busy || undefined}
          >
            {sending ? texts.send : texts.continue}
          </button>
        </div>
      </form>
      <ErrorModal {...errorModal} />
    </section>
  );
}
