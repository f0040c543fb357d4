'use client';

import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import styles from './Footer.module.css';

type Props = { label: string; title: string; text: string; closeLabel: string };

export function ImprintButton({ label, title, text, closeLabel }: Props) {
  const { openModal } = useModal();
  return (
    <>
      <button type="button" className={styles.link} onClick={() => openModal('imprint')} aria-haspopup="dialog">
        {label}
      </button>
      <Modal id="imprint" title={title} closeLabel={closeLabel}>
        <p>{text}</p>
      </Modal>
    </>
  );
}
