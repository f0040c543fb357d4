'use client';

import { useTranslations } from 'next-intl';
import { Modal } from './Modal';

/** The shared error modal: titled 'Fehler', closed with 'Schließen' (spec §8), in the UI language. */
export function ErrorModal({ id, message }: { id: string; message: string }) {
  const t = useTranslations('modal');
  return (
    <Modal id={id} title={t('errorTitle')} closeLabel={t('close')} role="alertdialog">
      <p>{message}</p>
    </Modal>
  );
}
