'use client';

import { useId, type Ref } from 'react';
import { useHydrated } from '@/lib/client/useHydrated';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import type { KeyChoiceState } from '@/lib/client/usePersonalKey';
import { KeyChoice as Choice } from '@/lib/validation/personalKey';
import styles from './form.module.css';

export type KeyChoiceTexts = {
  legend: string;
  keep: string;
  set: string;
  hint: string;
  newKey: string;
  confirmKey: string;
  privacyLabel: string;
  privacyLink: string;
  privacyTitle: string;
  privacyText: string;
  close: string;
};

type Props = KeyChoiceState & {
  texts: KeyChoiceTexts;
  keyError?: string;
  confirmationError?: string;
  keyRef?: Ref<HTMLInputElement>;
  /** Shown under the consent, tied to it and announced: a form whose save is disabled says so when asked to save. */
  privacyError?: string;
  privacyRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
};

/**
 * The one key-choice component of the personal-info pages: keep or set the personal key, key and
 * confirmation, data-privacy consent with its modal. Choosing 'keep' clears the keys; clicking or
 * typing into a key field chooses 'set' (spec §4).
 */
export function KeyChoice({
  texts,
  canKeep,
  choice,
  onChoice,
  keyValue,
  onKey,
  confirmation,
  onConfirmation,
  keyError,
  confirmationError,
  keyRef,
  privacyAccepted,
  onPrivacy,
  privacyLocked,
  privacyError,
  privacyRef,
  disabled,
}: Props) {
  const id = useId();
  const { openModal } = useModal();
  const keeping = choice === Choice.Keep;
  const chooseSet = () => {
    if (keeping) onChoice(Choice.Set);
  };
  const modalId = `${id}-privacy`;
  return (
    <div className={styles.group}>
      <fieldset className={styles.fieldset} disabled={disabled}>
        <legend className={styles.legend}>{texts.legend}</legend>
        <p className={styles.hint} id={`${id}-hint`}>
          {texts.hint}
        </p>
        {canKeep && (
          <div className={styles.radios}>
            <label className={styles.radio}>
              <input
                type="radio"
                name={`${id}-choice`}
                value={Choice.Keep}
                checked={keeping}
                onChange={() => {
                  onChoice(Choice.Keep);
                  onKey('');
                  onConfirmation('');
                }}
              />
              <span>{texts.keep}</span>
            </label>
            <label className={styles.radio}>
              <input type="radio" name={`${id}-choice`} value={Choice.Set} checked={!keeping} onChange={() => onChoice(Choice.Set)} />
              <span>{texts.set}</span>
            </label>
          </div>
        )}
        <div className={styles.pair}>
          <KeyInput
            id={`${id}-key`}
            label={texts.newKey}
            value={keyValue}
            onChange={onKey}
            error={keyError}
            hintId={`${id}-hint`}
            inputRef={keyRef}
            keeping={keeping}
            onChooseSet={chooseSet}
          />
          <KeyInput
            id={`${id}-confirmation`}
            label={texts.confirmKey}
            value={confirmation}
            onChange={onConfirmation}
            error={confirmationError}
            keeping={keeping}
            onChooseSet={chooseSet}
          />
        </div>
      </fieldset>
      <div className={styles.privacy}>
        <label className={styles.checkbox}>
          <input
            ref={privacyRef}
            type="checkbox"
            checked={privacyAccepted}
            disabled={privacyLocked || disabled}
            onChange={(event) => onPrivacy(event.target.checked)}
            aria-invalid={privacyError ? true : undefined}
            aria-describedby={privacyError ? `${id}-privacy-error` : undefined}
          />
          <span>{texts.privacyLabel}</span>
        </label>
        {privacyError && (
          <p id={`${id}-privacy-error`} className={styles.error} role="alert">
            {privacyError}
          </p>
        )}
        <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => openModal(modalId)}>
          {texts.privacyLink}
        </button>
      </div>
      <Modal id={modalId} title={texts.privacyTitle} closeLabel={texts.close}>
        <p>{texts.privacyText}</p>
      </Modal>
    </div>
  );
}

type KeyInputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hintId?: string;
  inputRef?: Ref<HTMLInputElement>;
  keeping: boolean;
  onChooseSet: () => void;
};

/**
 * A key or confirmation field. While 'keep' is chosen it reads as disabled, yet a click or a key
 * press in it chooses 'set' (spec §4), which a truly disabled field could not. Before the scripts
 * run it takes typing (a key typed then chooses 'set' once the form is live: useEarlyForm).
 */
function KeyInput({ id, label, value, onChange, error, hintId, inputRef, keeping, onChooseSet }: KeyInputProps) {
  const errorId = `${id}-error`;
  const hydrated = useHydrated();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="password"
        className={styles.input}
        value={value}
        // A key is set here: a password manager may offer a strong one and keep it, on both fields as
        // Chromium asks. No name, like every code field (docs/architecture.md, "Codes, keys and password managers").
        autoComplete="new-password"
        readOnly={keeping && hydrated}
        aria-disabled={(keeping && hydrated) || undefined}
        onMouseDown={onChooseSet}
        onKeyDown={(event) => event.key.length === 1 && onChooseSet()}
        onChange={(event) => {
          onChooseSet();
          onChange(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ') || undefined}
      />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
