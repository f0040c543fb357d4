'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type ModalState = {
  /** The spec's activeModalDialogId: at most one modal is open. */
  activeModalId: string | null;
  openModal: (id: string) => void;
  closeModal: (id?: string) => void;
};

const ModalContext = createContext<ModalState | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [activeModalId, setActive] = useState<string | null>(null);
  const openModal = useCallback((id: string) => setActive(id), []);
  // Closing names the modal so a late close of one dialog cannot shut another that opened since.
  const closeModal = useCallback((id?: string) => setActive((current) => (id === undefined || current === id ? null : current)), []);
  const value = useMemo(() => ({ activeModalId, openModal, closeModal }), [activeModalId, openModal, closeModal]);
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

export function useModal(): ModalState {
  const state = useContext(ModalContext);
  if (!state) throw new Error('useModal needs a <ModalProvider> above it');
  return state;
}
