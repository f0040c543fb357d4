'use client';

import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { postCall } from '@/lib/client/api';
import { routeAfterKeySaved } from '@/lib/flows/keySaved';
import { PRELOAD_CIPHER, type ClientCrypto } from '@/lib/client/encrypt';
import { usePersonalKey } from '@/lib/client/usePersonalKey';
import { useSubmit } from '@/lib/client/useSubmit';
import { MIN_KEY_LENGTH_ACCESS } from '@/lib/validation/personalKey';
import { isLastNameMissing, isOptionalEmailValid, isRegisterDataValid, mustEnterPersonalInfo, type RegisterForm as Data } from '@/lib/validation/register';
import { KeyChoice, type KeyChoiceTexts } from '@/components/form/KeyChoice';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { useHydrated } from '@/lib/client/useHydrated';
import formStyles from '@/components/form/form.module.css';

type Texts = {
  title: string;
  text: string;
  firstName: string;
  lastName: string;
  email: string;
  save: string;
  ErrorAccesskeyInvalid: string;
  ErrorAccesskeyNotConfirmed: string;
  lastNameRequired: string;
  emailInvalid: string;
  privacyRequired: string;
  saveFailed: string;
};
type Props = {
  crypto: ClientCrypto;
  /** The username a password manager files the new key under, not the e-mail address before it: the page's <KnownUsername>. */
  usernameField?: ReactNode;
  isPasswordSet: boolean;
  isRegistered: boolean;
  initial: Data;
  keyTexts: KeyChoiceTexts;
  texts: Texts;
};

const MODAL = 'register-error';

export function RegisterForm({ crypto, usernameField, isPasswordSet, isRegistered, initial, keyTexts, texts }: Props) {
  const [data, setData] = useState<Data>(initial);
  const personalKey = usePersonalKey(MIN_KEY_LENGTH_ACCESS, { canKeep: isPasswordSet, consentGiven: isRegistered });
  const [touched, setTouched] = useState({ key: false, confirmation: false, lastName: false, email: false, privacy: false });
  const hydrated = useHydrated();
  const formRef = useEarlyForm();
  const keyRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  const privacyRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const { busy, submit, errorModal } = useSubmit<ReturnType<typeof routeAfterKeySaved>>({
    modal: MODAL,
    text: () => texts.saveFailed,
    // Back to save when the modal closes: save was disabled while the call ran, so focus was nowhere.
    returnFocusTo: () => saveRef.current,
  });

  const problems = personalKey.problems;
  const keyInvalid = problems.includes('tooShort');
  const notConfirmed = !keyInvalid && problems.includes('notConfirmed');
  // A registered assessor's data is on record (pre-filled): only a newcomer must enter a last name.
  const personalInfoRequired = mustEnterPersonalInfo(isRegistered);
  const lastNameMissing = isLastNameMissing(data, personalInfoRequired);
  const emailInvalid = !isOptionalEmailValid(data.emailAddress);
  // Privacy unticked is one of the problems too (spec §5: save disabled unless privacy is ticked).
  const canSave = problems.length === 0 && isRegisterDataValid(data, personalInfoRequired) && !busy;

  const privacyMissing = !personalKey.keyChoice.privacyAccepted;

  // The consent counts only once save was asked for: it has no blur of its own that should scold.
  const revealAll = () => setTouched({ key: true, confirmation: true, lastName: true, email: true, privacy: true });

  /**
   * Enter on an incomplete form: every problem shows, and focus goes to the key field when it is the
   * key (spec §5), else to the first other problem: save is disabled, so this is the only answer a
   * keyboard or screen-reader user gets.
   */
  const onKeyDownForm = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || canSave || (event.target as HTMLElement).tagName === 'BUTTON') return;
    event.preventDefault();
    revealAll();
    if (keyInvalid || notConfirmed) keyRef.current?.focus();
    else if (lastNameMissing) lastNameRef.current?.focus();
    else if (privacyMissing) privacyRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) {
      revealAll();
      if (keyInvalid) keyRef.current?.focus();
      return;
    }
    await submit(async () => {
      const response = await postCall('submit/kodekodex/register', async () => ({
        gender: 1 as const,
        firstName: data.firstName.trim(),
        lastName: data.lastName.trim(),
        emailAddress: data.emailAddress.trim(),
        passwordEncrypted: await personalKey.encrypted(crypto),
      }));
      return routeAfterKeySaved(response, response.tokenClaims);
    });
  };

  const field = (name: 'firstName' | 'lastName' | 'emailAddress', label: string, error?: string) => (
    <div className={formStyles.field}>
      <label htmlFor={`register-${name}`} className={formStyles.label}>
        {label}
      </label>
      <input
        ref={name === 'lastName' ? lastNameRef : undefined}
        id={`register-${name}`}
        className={formStyles.input}
        type={name === 'emailAddress' ? 'email' : 'text'}
        autoComplete={name === 'firstName' ? 'given-name' : name === 'lastName' ? 'family-name' : 'email'}
        value={data[name]}
        required={name === 'lastName' && personalInfoRequired}
        onChange={(event) => setData({ ...data, [name]: event.target.value })}
        onBlur={() => name !== 'firstName' && setTouched((t) => ({ ...t, [name === 'lastName' ? 'lastName' : 'email']: true }))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `register-${name}-error` : undefined}
      />
      {error && (
        <p id={`register-${name}-error`} className={formStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <section className="card card-narrow" aria-labelledby="register-title">
      <h1 id="register-title" className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} {...PRELOAD_CIPHER} onKeyDown={onKeyDownForm} noValidate>
        {usernameField}
        <p className="lead">{texts.text}</p>
        {field('firstName', texts.firstName)}
        {field('lastName', texts.lastName, touched.lastName && lastNameMissing ? texts.lastNameRequired : undefined)}
        {field('emailAddress', texts.email, touched.email && emailInvalid ? texts.emailInvalid : undefined)}
        <div onBlur={(event) => {
          const target = event.target as HTMLInputElement;
          if (target.type === 'password') setTouched((t) => ({ ...t, key: true, ...(target.value && { confirmation: true }) }));
        }}>
          <KeyChoice
            texts={keyTexts}
            {...personalKey.keyChoice}
            keyError={touched.key && keyInvalid ? texts.ErrorAccesskeyInvalid : undefined}
            confirmationError={touched.confirmation && notConfirmed ? texts.ErrorAccesskeyNotConfirmed : undefined}
            keyRef={keyRef}
            privacyError={touched.privacy && privacyMissing ? texts.privacyRequired : undefined}
            privacyRef={privacyRef}
            disabled={busy}
          />
        </div>
        <div className={formStyles.actions}>
          {/* Enabled in the server's HTML: Enter before the scripts run is held and carried out (useEarlyForm). */}
          <button ref={saveRef} type="submit" className="button button-primary" disabled={hydrated && !canSave}>
            {texts.save}
          </button>
        </div>
      </form>
      <ErrorModal {...errorModal} />
    </section>
  );
}
