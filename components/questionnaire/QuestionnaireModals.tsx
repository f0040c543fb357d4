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
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={() => closeModal(FINISH_CONFIRM)} disabled={busy}>
              {texts.finishNo}
            </button>
            <button type="button" className="button button-primary" onClick={onFinish} disabled={busy}>
              {texts.finishYes}
            </button>
          </>
        }
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
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={onLoadNewer}>
              {texts.conflictLoad}
            </button>
            <button type="button" className="button button-primary" onClick={onKeepMine}>
              {texts.conflictKeep}
            </button>
          </>
        }
      >
        <p>{texts.conflictText}</p>
      </Modal>
    </>
  );
}
