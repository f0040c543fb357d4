'use client';

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type OpenOptions = {
  /**
   * Where focus goes when the modal closes. By default the element that had focus when the modal
   * was opened; a modal that opens by itself (after a page turn, after a failed call) names the
   * control the participant pressed, since that control may have lost focus meanwhile.
   */
  returnFocusTo?: HTMLElement | null;
};

type ModalState = {
  /** The spec's activeModalDialogId: at most one modal is open. */
  activeModalId: string | null;
  openModal: (id: string, options?: OpenOptions) => void;
  /** True when it closed the modal (false when another one is open by now, or none). */
  closeModal: (id?: string) => boolean;
  /** Called by a modal once its dialog has closed: focus goes back where it came from. */
  restoreFocus: () => void;
};

const ModalContext = createContext<ModalState | null>(null);

/** An element of the page (not the body, not inside a dialog) that can take focus back. */
function pageElement(element: Element | null | undefined): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body || !element.isConnected) return null;
  return element.closest('dialog') ? null : element;
}

export function ModalProvider({ children }: { children: ReactNode }) {
  const [activeModalId, setActive] = useState<string | null>(null);
  // The state as of the last call, for the close events that the browser fires after React's batch.
  const active = useRef<string | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const openModal = useCallback((id: string, options?: OpenOptions) => {
    // A modal opened from within another (finish confirmation → finish error) keeps the return
    // target of the first: the control inside the closed dialog cannot take focus back.
    const target = pageElement(options?.returnFocusTo) ?? pageElement(document.activeElement);
    if (target) returnTo.current = target;
    active.current = id;
    setActive(id);
  }, []);

  // Closing names the modal so a late close of one dialog cannot shut another that opened since.
  const closeModal = useCallback((id?: string) => {
    if (active.current === null || (id !== undefined && active.current !== id)) return false;
    active.current = null;
    setActive(null);
    return true;
  }, []);

  const restoreFocus = useCallback(() => {
    // Another modal took over: focus stays in it, and its close brings it back later.
    if (active.current !== null) return;
    const target = returnTo.current?.isConnected ? returnTo.current : null;
    returnTo.current = null;
    // Never drop focus to <body>: without an opener, the main landmark takes it.
    (target ?? document.getElementById('main'))?.focus();
  }, []);

  const value = useMemo(() => ({ activeModalId, openModal, closeModal, restoreFocus }), [activeModalId, openModal, closeModal, restoreFocus]);
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

export function useModal(): ModalState {
  const state = useContext(ModalContext);
  if (!state) throw new Error('useModal needs a <ModalProvider> above it');
  return state;
}
