'use client';

import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import type { QuestionnaireTexts } from './texts';

export const INSTRUCTIONS = 'instructions';
export const FINISH_CONFIRM = 'finish-confirm';
export const FINISH_ERROR = 'finish-error';
export const PAGE_CONFLICT = 'page-conflict';

type Props = {
  texts: QuestionnaireTexts;
  busy: boolean;
  finishError: string;
  onFinish: () => void;
  onLoadNewer: () => void;
  onKeepMine: () => void;
};

type ChoiceProps = { secondary: string; onSecondary: () => void; primary: string; onPrimary: () => void; disabled?: boolean };

/** A dialog's two answers, the one that changes less first: a dialog opens with focus on its first button. */
function Choice({ secondary, onSecondary, primary, onPrimary, disabled }: ChoiceProps) {
  return (
    <>
      <button type="button" className="button button-secondary" onClick={onSecondary} disabled={disabled}>
        {secondary}
      </button>
      <button type="button" className="button button-primary" onClick={onPrimary} disabled={disabled}>
        {primary}
      </button>
    </>
  );
}

/** The questionnaire's dialogs: the instructions, finishing and its failure, and a page saved elsewhere meanwhile. */
export function QuestionnaireModals({ texts, busy, finishError, onFinish, onLoadNewer, onKeepMine }: Props) {
  const { closeModal } = useModal();
  return (
    <>
      <Modal id={INSTRUCTIONS} title={texts.instructionsTitle} closeLabel={texts.close}>
        <p>{texts.instructionsText}</p>
      </Modal>
      <Modal
        id={FINISH_CONFIRM}
        title={texts.finishTitle}
        closeLabel={texts.close}
        role="alertdialog"
        // Focus opens on the first button, the one that finishes nothing (WAI-ARIA APG: an alert
        // dialog confirming what cannot be undone starts on the least destructive action).
        actions={<Choice secondary={texts.finishNo} onSecondary={() => closeModal(FINISH_CONFIRM)} primary={texts.finishYes} onPrimary={onFinish} disabled={busy} />}
      >
        <p>{texts.finishText}</p>
      </Modal>
      <Modal id={FINISH_ERROR} title={texts.errorTitle} closeLabel={texts.close} role="alertdialog">
        <p>{finishError}</p>
      </Modal>
      <Modal
        id={PAGE_CONFLICT}
        title={texts.conflictTitle}
        closeLabel={texts.close}
        role="alertdialog"
        actions={<Choice secondary={texts.conflictLoad} onSecondary={onLoadNewer} primary={texts.conflictKeep} onPrimary={onKeepMine} />}
      >
        <p>{texts.conflictText}</p>
      </Modal>
    </>
  );
}
