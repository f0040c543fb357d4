'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { postCall } from '@/lib/client/api';
import type { ClientCrypto } from '@/lib/client/encrypt';
import { goAfterSessionChange } from '@/lib/client/navigate';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { usePersonalKey } from '@/lib/client/usePersonalKey';
import { groupVariant } from '@/lib/flows/groupVariants';
import { routeAfterPersonalInfo } from '@/lib/flows/personalInfo';
import { pageFieldProblems } from '@/lib/validation/additionalFields';
import { MIN_KEY_LENGTH_GROUP, type SaveProblem } from '@/lib/validation/personalKey';
import { KeyChoice, type KeyChoiceTexts } from '@/components/form/KeyChoice';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import formStyles from '@/components/form/form.module.css';
import { AdditionalFields, type AdditionalFieldsTexts, type ShownField } from './AdditionalFields';

/** The group variants whose personal-info page has additional fields (spec §2); ra's name and e-mail come with issue 9. */
export type AdditionalFieldsVariant = 'kodew' | 'kodegroupcode';

export type PersonalInfoTexts = {
  title: string;
  text: string;
  save: string;
  fieldsInvalid: string;
  keyTooShort: string;
  keyNotConfirmed: string;
  privacyRequired: string;
  saveFailed: string;
  finishTitle: string;
  finishText: string;
  finish: string;
  cancel: string;
};

type Props = {
  variant: AdditionalFieldsVariant;
  crypto: ClientCrypto;
  /** The participant has a key, so an account: keep is offered, consent is given (spec §4, §6). */
  hasAccount: boolean;
  /** The page info asks "finish or cancel?" before saving (spec §2's modal variant). */
  finishModal: boolean;
  fields: ShownField[];
  initialValues: Record<number, string>;
  fieldTexts: AdditionalFieldsTexts;
  keyTexts: KeyChoiceTexts;
  texts: PersonalInfoTexts;
};

const ERROR_MODAL = 'personal-info-error';
const FINISH_MODAL = 'personal-info-finish';

/**
 * The personal-info form of the group flows (spec §2, §4, §5): the group code's additional fields,
 * the one key choice with data-privacy consent, and save. Save reads as disabled until the key is
 * acceptable and consent is given, yet a press explains what is missing in the error modal; a
 * field's problem shows under it. Where the page info asks for it, save first asks "finish or
 * cancel?"; cancel returns to the form with everything typed. Nothing typed is stored in the
 * browser: the key leaves only encrypted, in the call.
 */
export function PersonalInfoForm({ variant, crypto, hasAccount, finishModal, fields, initialValues, fieldTexts, keyTexts, texts }: Props) {
  const { openModal, closeModal } = useModal();
  const personalKey = usePersonalKey(MIN_KEY_LENGTH_GROUP, { canKeep: hasAccount, consentGiven: hasAccount });
  const [values, setValues] = useState<Record<number, string>>(initialValues);
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const [pressed, setPressed] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useEarlyForm();
  const save = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const problems = pageFieldProblems(fields, values);
  // A problem shows once the field was left or save was pressed: not while the participant is still on the way.
  const shown = new Map([...problems].filter(([id]) => pressed || left.has(id)));

  const keyMessage: Record<SaveProblem, string> = {
    tooShort: texts.keyTooShort,
    notConfirmed: texts.keyNotConfirmed,
    privacyMissing: texts.privacyRequired,
  };

  const showError = (text: string, returnTo: HTMLElement | null) => {
    setMessage(text);
    openModal(ERROR_MODAL, { returnFocusTo: returnTo });
  };

  const send = async () => {
    setBusy(true);
    const row = groupVariant(variant);
    const response = await postCall(row.calls.personal as `submit/${AdditionalFieldsVariant}/personalinfo`, {
      additionalFieldsWithValues: fields.map((field) => ({ id: field.id, value: values[field.id] ?? '' })),
      password: personalKey.encrypted(crypto),
    });
    const outcome = routeAfterPersonalInfo(row, response, response.tokenClaims, personalKey.settingKey);
    if (outcome.kind === 'go') {
      goAfterSessionChange(outcome.to);
      return;
    }
    setBusy(false);
    // Spec §8: a non-Ok answer on personal info shows the common error display; the form stays filled in.
    showError(texts.saveFailed, save.current);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setPressed(true);
    const lines = [...(problems.size > 0 ? [texts.fieldsInvalid] : []), ...personalKey.problems.map((problem) => keyMessage[problem])];
    if (lines.length > 0) {
      // Once the modal closes, focus goes to the first field that needs the participant.
      const [firstProblem] = fields.filter((field) => problems.has(field.id));
      const field = firstProblem && formRef.current?.querySelector<HTMLElement>(`[data-field-id="${firstProblem.id}"]`);
      showError(lines.join('\n'), field ?? save.current);
      return;
    }
    if (finishModal) {
      openModal(FINISH_MODAL, { returnFocusTo: save.current });
      return;
    }
    void send();
  };

  const onChange = (id: number, value: string) => setValues((current) => ({ ...current, [id]: value }));
  const onLeave = (id: number) => setLeft((current) => (current.has(id) ? current : new Set([...current, id])));

  return (
    <section className="card card-narrow" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <p className="lead">{texts.text}</p>
        <AdditionalFields fields={fields} values={values} onChange={onChange} problems={shown} onLeave={onLeave} texts={fieldTexts} disabled={busy} />
        <KeyChoice texts={keyTexts} {...personalKey.keyChoice} disabled={busy} />
        <div className={formStyles.actions}>
          {/* Enabled in the server's HTML: Enter before the scripts run is held and carried out (useEarlyForm).
              Reads as disabled where spec §5 disables save, yet a press explains why (the error modal). */}
          <button ref={save} type="submit" className="button button-primary" disabled={busy} aria-disabled={!personalKey.canSave || undefined}>
            {texts.save}
          </button>
        </div>
      </form>
      <ErrorModal id={ERROR_MODAL} message={message} />
      {finishModal && (
        <Modal
          id={FINISH_MODAL}
          title={texts.finishTitle}
          closeLabel={texts.cancel}
          role="alertdialog"
          actions={
            <>
              {/* First, so that the dialog opens with focus on it: the participant asked to save. */}
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  closeModal(FINISH_MODAL);
                  void send();
                }}
              >
                {texts.finish}
              </button>
              <button type="button" className="button" onClick={() => closeModal(FINISH_MODAL)}>
                {texts.cancel}
              </button>
            </>
          }
        >
          <p>{texts.finishText}</p>
        </Modal>
      )}
    </section>
  );
}
