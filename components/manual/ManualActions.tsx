'use client';

import Link from 'next/link';
import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import styles from './ManualScreen.module.css';

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
        <Link className={`button button-primary ${styles.continue}`} href={continueHref}>
          {texts.continueButton}
        </Link>
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
