'use client';

import { useRef, type FormEvent, type ReactNode } from 'react';
import { postCall } from '@/lib/client/api';
import { routeAfterKeySaved } from '@/lib/flows/keySaved';
import { PRELOAD_CIPHER, type ClientCrypto } from '@/lib/client/encrypt';
import { usePersonalKey } from '@/lib/client/usePersonalKey';
import { useSubmit } from '@/lib/client/useSubmit';
import { MIN_KEY_LENGTH_ACCESS, type SaveProblem } from '@/lib/validation/personalKey';
import { KeyChoice, type KeyChoiceTexts } from '@/components/form/KeyChoice';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import formStyles from '@/components/form/form.module.css';

type Texts = { title: string; text: string; save: string; AccesskeyValid: string; ConfirmAccesskeyValid: string; PrivacyRequired: string; saveFailed: string };
type Props = {
  crypto: ClientCrypto;
  /** The username a password manager files the new key under: the page's <KnownUsername>. */
  usernameField?: ReactNode;
  isPasswordSet: boolean;
  hasAccount: boolean;
  keyTexts: KeyChoiceTexts;
  texts: Texts;
};

const MODAL = 'access-password-error';

export function AccessPasswordForm({ crypto, usernameField, isPasswordSet, hasAccount, keyTexts, texts }: Props) {
  // Without a key there is nothing to keep: 'set' is forced and 'keep' hidden (spec §2). Save reads
  // as enabled once a key is typed and confirmed; the 5-character rule is explained when pressed.
  const personalKey = usePersonalKey(MIN_KEY_LENGTH_ACCESS, { canKeep: isPasswordSet, consentGiven: hasAccount, saveEnabledFrom: 1 });
  const formRef = useEarlyForm();
  const save = useRef<HTMLButtonElement>(null);
  const { busy, submit, showError, errorModal } = useSubmit<ReturnType<typeof routeAfterKeySaved>>({
    modal: MODAL,
    text: () => texts.saveFailed,
    // Back to save when the modal closes, even where save had lost focus while it was busy.
    returnFocusTo: () => save.current,
  });
  const messageOf: Record<SaveProblem, string> = {
    tooShort: texts.AccesskeyValid,
    notConfirmed: texts.ConfirmAccesskeyValid,
    privacyMissing: texts.PrivacyRequired,
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (personalKey.problems.length > 0) {
      showError(personalKey.problems.map((problem) => messageOf[problem]).join('\n'));
      return;
    }
    await submit(async () => {
      const response = await postCall('submit/kodekodex/personalinfo', async () => ({ passwordEncrypted: await personalKey.encrypted(crypto) }));
      return routeAfterKeySaved(response, response.tokenClaims);
    });
  };

  return (
    <section className="card card-narrow" aria-labelledby="access-password-title">
      <h1 id="access-password-title" className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} {...PRELOAD_CIPHER} noValidate>
        {usernameField}
        <p className="lead">{texts.text}</p>
        <KeyChoice texts={keyTexts} {...personalKey.keyChoice} disabled={busy} />
        <div className={formStyles.actions}>
          {/* Enabled in the server's HTML: Enter before the scripts run is held and carried out (useEarlyForm).
              Reads as disabled where spec §5 disables save, yet a press explains why (the error modal). */}
          <button
            ref={save}
            type="submit"
            className="button button-primary"
            disabled={busy}
            aria-disabled={!personalKey.canSave || undefined}
          >
            {texts.save}
          </button>
        </div>
      </form>
      <ErrorModal {...errorModal} />
    </section>
  );
}
