'use client';

import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { Modal } from './Modal';

/** The shared error modal: titled 'Fehler', closed with 'Schließen' (spec §8), in the UI language. */
export function ErrorModal({ id, message }: { id: string; message: string }) {
  const { errorTitle, close } = useChromeTexts();
  return (
    <Modal id={id} title={errorTitle} closeLabel={close} role="alertdialog">
      <p>{message}</p>
    </Modal>
  );
}
