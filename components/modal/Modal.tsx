'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModal } from './ModalProvider';
import styles from './Modal.module.css';

type ModalProps = {
  id: string;
  title: string;
  children: ReactNode;
  /** Buttons of the dialog; when absent, a close button with closeLabel is shown. */
  actions?: ReactNode;
  closeLabel: string;
  /** alertdialog for errors and confirmations, so screen readers announce them at once. */
  role?: 'dialog' | 'alertdialog';
  /**
   * What Escape and a click on the backdrop do instead of closing: the session-timeout dialog
   * extends the session on them (the HMRC pattern), or, once the session has ended, stays open.
   */
  onDismiss?: () => void;
};

/**
 * The one modal system: a native <dialog> opened with showModal(), so focus is trapped and the
 * page behind is inert. Escape and a click on the backdrop close it; focus returns to the opener
 * (see ModalProvider's openModal).
 */
export function Modal({ id, title, children, actions, closeLabel, role = 'dialog', onDismiss }: ModalProps) {
  const { activeModalId, closeModal, restoreFocus } = useModal();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const isOpen = activeModalId === id;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
    } else if (!isOpen && dialog.open) {
      dialog.close();
      // In the same task as close(), not on the 'close' event, which the browser fires in a task of
      // its own: a key pressed meanwhile (Escape, then at once Tab) would have its focus taken back.
      restoreFocus();
    }
  }, [isOpen, restoreFocus]);

  const handleClose = () => {
    // A 'close' that arrives after the dialog was opened again (Escape, then at once Enter on the
    // opener) is about the earlier close, not this opening.
    if (ref.current?.open) return;
    // Closed by the browser itself, not through closeModal (which restores focus above): a second
    // Escape without a key or click between skips the cancel event and closes at once.
    if (closeModal(id)) restoreFocus();
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-modal-id={id}
      onClose={handleClose}
      onCancel={(event) => {
        event.preventDefault();
        if (onDismiss) onDismiss();
        else closeModal(id);
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, never on its content.
        if (event.target !== event.currentTarget) return;
        if (onDismiss) onDismiss();
        else closeModal(id);
      }}
    >
      {isOpen && (
        <div className={styles.panel}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <div id={bodyId} className={styles.body}>
            {children}
          </div>
          <div className={styles.actions}>
            {actions ?? (
              <button type="button" className="button button-primary" onClick={() => closeModal(id)} autoFocus>
                {closeLabel}
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
