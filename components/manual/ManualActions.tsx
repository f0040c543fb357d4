'use client';

import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import styles from './ManualScreen.module.css';
import { withBasePath } from '@/lib/edge/basePath.mjs';

type Texts = {
  fillingInfoButton: string;
  fillingInfoTitle: string;
  fillingInfoText: string;
  generalInfoButton: string;
  generalInfoTitle: string;
  generalInfoText: string;
  continueButton: string;
};

export function ManualActions({ continueHref, texts }: { continueHref: string; texts: Texts }) {
  const { openModal } = useModal();
  const { close } = useChromeTexts();
  return (
    <>
      <div className={styles.actions}>
        <button type="button" className="button button-secondary" aria-haspopup="dialog" onClick={() => openModal('general-info')}>
          {texts.generalInfoButton}
        </button>
        <button type="button" className="button button-secondary" aria-haspopup="dialog" onClick={() => openModal('filling-info')}>
          {texts.fillingInfoButton}
        </button>
        {/* A page load, not a client-side transition. The questionnaire (next, or after the
            selection) must be its own page load: browser Back out of a page entered client-side
            drops unsaved answers without the before-unload prompt (BeforeUnloadGuard), and Forward
            shows the page as Next's router kept it from the first visit, not where the participant is. */}
        <a className={`button button-primary ${styles.continue}`} href={withBasePath(continueHref)}>
          {texts.continueButton}
        </a>
      </div>
      <Modal id="general-info" title={texts.generalInfoTitle} closeLabel={close}>
        <p>{texts.generalInfoText}</p>
      </Modal>
      <Modal id="filling-info" title={texts.fillingInfoTitle} closeLabel={close}>
        <p>{texts.fillingInfoText}</p>
      </Modal>
    </>
  );
}
