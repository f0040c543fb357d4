'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { postCall } from '@/lib/client/api';
import { PRELOAD_CIPHER, type ClientCrypto } from '@/lib/client/encrypt';
import { useEarlyForm } from '@/lib/client/useEarlyForm';
import { usePersonalKey } from '@/lib/client/usePersonalKey';
import { useSubmit } from '@/lib/client/useSubmit';
import { groupVariant, type AdditionalFieldsVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { routeAfterPersonalInfo } from '@/lib/flows/personalInfo';
import { pageFieldProblems, type FieldProblem } from '@/lib/validation/additionalFields';
import { hasNameEmailProblems, nameEmailProblems, type NameEmailProblems } from '@/lib/validation/nameEmail';
import { MIN_KEY_LENGTH_GROUP, type SaveProblem } from '@/lib/validation/personalKey';
import { KeyChoice, type KeyChoiceTexts } from '@/components/form/KeyChoice';
import { ErrorModal } from '@/components/modal/ErrorModal';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import formStyles from '@/components/form/form.module.css';
import { AdditionalFields, type AdditionalFieldsTexts, type ShownField } from './AdditionalFields';
import { NameEmailFields, type NameEmailTexts, type NameEmailValues } from './NameEmailFields';

/** What the page asks besides the key, by the variant's personalFields (lib/flows/groupVariants.ts). */
export type PersonalPart =
  | { kind: 'additionalFields'; fields: ShownField[]; initialValues: Record<number, string>; texts: AdditionalFieldsTexts }
  | { kind: 'nameEmail'; initialValues: NameEmailValues; texts: NameEmailTexts };

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
  variant: GroupVariant;
  crypto: ClientCrypto;
  /** The participant has a key, so an account: keep is offered, consent is given (spec §4, §6). */
  hasAccount: boolean;
  /** The page info asks "finish or cancel?" before saving (spec §2's modal variant). */
  finishModal: boolean;
  personal: PersonalPart;
  keyTexts: KeyChoiceTexts;
  texts: PersonalInfoTexts;
};

const ERROR_MODAL = 'personal-info-error';
const FINISH_MODAL = 'personal-info-finish';

/** The problems of the page's own fields, keyed as their data-field-id, in the order of the page. */
function personalProblems(personal: PersonalPart, values: Record<string, string>): Map<string, string> {
  if (personal.kind === 'additionalFields') return new Map([...pageFieldProblems(personal.fields, values)].map(([id, problem]) => [String(id), problem]));
  const problems = nameEmailProblems(values.name ?? '', values.email ?? '');
  return hasNameEmailProblems(problems) ? new Map(Object.entries(problems)) : new Map();
}

/**
 * The personal-info form of the group flows (spec §2, §4, §5): the group code's additional fields
 * (or name and e-mail), the one key choice with data-privacy consent, and save. Save reads as disabled until the key is
 * acceptable and consent is given, yet a press explains what is missing in the error modal; a
 * field's problem shows under it. Where the page info asks for it, save first asks "finish or
 * cancel?"; cancel returns to the form with everything typed. Nothing typed is stored in the
 * browser: the key leaves only encrypted, in the call.
 */
export function PersonalInfoForm({ variant, crypto, hasAccount, finishModal, personal, keyTexts, texts }: Props) {
  const { openModal, closeModal } = useModal();
  const personalKey = usePersonalKey(MIN_KEY_LENGTH_GROUP, { canKeep: hasAccount, consentGiven: hasAccount });
  const [values, setValues] = useState<Record<string, string>>(personal.initialValues);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [pressed, setPressed] = useState(false);
  const formRef = useEarlyForm();
  const save = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // Spec §8: a non-Ok answer on personal info shows the common error display; the form stays filled in.
  const { busy, submit, showError, errorModal } = useSubmit<ReturnType<typeof routeAfterPersonalInfo>>({
    modal: ERROR_MODAL,
    text: () => texts.saveFailed,
    returnFocusTo: () => save.current,
  });

  const problems = personalProblems(personal, values);
  // A problem shows once the field was left or save was pressed: not while the participant is still on the way.
  const shown = new Map([...problems].filter(([id]) => pressed || left.has(id)));

  const keyMessage: Record<SaveProblem, string> = {
    tooShort: texts.keyTooShort,
    notConfirmed: texts.keyNotConfirmed,
    privacyMissing: texts.privacyRequired,
  };

  const send = () =>
    submit(async () => {
      const row = groupVariant(variant);
      const response =
        personal.kind === 'nameEmail'
          ? await postCall(row.calls.personal as 'submit/ra/personalinfo', async () => ({
              name: (values.name ?? '').trim(),
              email: (values.email ?? '').trim(),
              password: await personalKey.encrypted(crypto),
            }))
          : await postCall(row.calls.personal as `submit/${AdditionalFieldsVariant}/personalinfo`, async () => ({
              additionalFieldsWithValues: personal.fields.map((field) => ({ id: field.id, value: values[field.id] ?? '' })),
              password: await personalKey.encrypted(crypto),
            }));
      return routeAfterPersonalInfo(row, response, response.tokenClaims, personalKey.settingKey);
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setPressed(true);
    const lines = [...(problems.size > 0 ? [texts.fieldsInvalid] : []), ...personalKey.problems.map((problem) => keyMessage[problem])];
    if (lines.length > 0) {
      // Once the modal closes, focus goes to the first field that needs the participant.
      const [firstProblem] = problems.keys();
      const field = firstProblem !== undefined ? formRef.current?.querySelector<HTMLElement>(`[data-field-id="${firstProblem}"]`) : undefined;
      showError(lines.join('\n'), field ?? save.current);
      return;
    }
    if (finishModal) {
      openModal(FINISH_MODAL, { returnFocusTo: save.current });
      return;
    }
    void send();
  };

  const onChange = (id: number | string, value: string) => setValues((current) => ({ ...current, [id]: value }));
  const onLeave = (id: number | string) => setLeft((current) => (current.has(String(id)) ? current : new Set([...current, String(id)])));

  return (
    <section className="card card-narrow" aria-labelledby={titleId}>
      <h1 id={titleId} className="page-title">
        {texts.title}
      </h1>
      <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} {...PRELOAD_CIPHER} noValidate aria-busy={busy}>
        <p className="lead">{texts.text}</p>
        {personal.kind === 'nameEmail' ? (
          <NameEmailFields
            values={{ name: values.name ?? '', email: values.email ?? '' }}
            onChange={onChange}
            problems={Object.fromEntries(shown) as NameEmailProblems}
            onLeave={onLeave}
            texts={personal.texts}
            disabled={busy}
          />
        ) : (
          <AdditionalFields
            fields={personal.fields}
            values={values}
            onChange={onChange}
            problems={new Map([...shown].map(([id, problem]) => [Number(id), problem as FieldProblem]))}
            onLeave={onLeave}
            texts={personal.texts}
            disabled={busy}
          />
        )}
        <KeyChoice texts={keyTexts} {...personalKey.keyChoice} disabled={busy} />
        <div className={formStyles.actions}>
          {/* Enabled in the server's HTML: Enter before the scripts run is held and carried out (useEarlyForm).
              Reads as disabled where spec §5 disables save, yet a press explains why (the error modal). */}
          <button ref={save} type="submit" className="button button-primary" disabled={busy} aria-disabled={!personalKey.canSave || undefined}>
            {texts.save}
          </button>
        </div>
      </form>
      <ErrorModal {...errorModal} />
      {finishModal && (
        <Modal
          id={FINISH_MODAL}
          title={texts.finishTitle}
          closeLabel={texts.cancel}
          role="alertdialog"
          // The save button first, so that the dialog opens with focus on it: the participant asked to save.
          actions={
            <>
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
