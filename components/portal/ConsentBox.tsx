'use client';

import { useId } from 'react';
import type { InvoiceField } from '@/lib/validation/portal';
import { useChromeTexts } from '@/components/chrome/ChromeTexts';
import { Modal } from '@/components/modal/Modal';
import { useModal } from '@/components/modal/ModalProvider';
import formStyles from '@/components/form/form.module.css';
import { paragraphs } from './portalTexts';

type Props = {
  field: InvoiceField;
  label: string;
  linkLabel: string;
  title: string;
  text: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  disabled: boolean;
};

/**
 * A consent of the invoice form (data privacy, revocation right; spec §2): the checkbox, and a
 * button that shows the text it consents to in a modal of the one modal system.
 */
export function ConsentBox({ field, label, linkLabel, title, text, checked, onChange, error, disabled }: Props) {
  const id = useId();
  const { openModal } = useModal();
  const { close } = useChromeTexts();
  const modalId = `${id}-text`;
  return (
    <div className={formStyles.privacy}>
      <label className={formStyles.checkbox}>
        <input
          type="checkbox"
          data-field-id={field}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      <button type="button" className={formStyles.linkButton} aria-haspopup="dialog" onClick={() => openModal(modalId)}>
        {linkLabel}
      </button>
      {error && (
        <p id={`${id}-error`} className={formStyles.error} role="alert">
          {error}
        </p>
      )}
      <Modal id={modalId} title={title} closeLabel={close}>
        {paragraphs(text).map((part) => (
          <p key={part}>{part}</p>
        ))}
      </Modal>
    </div>
  );
}
