'use client';

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

type UnsavedAnswers = { hasUnsavedAnswers: boolean; setHasUnsavedAnswers: (value: boolean) => void };

const UnsavedAnswersContext = createContext<UnsavedAnswers | null>(null);

/** Tracks whether the questionnaire holds answers that are not saved yet. */
export function UnsavedAnswersProvider({ children }: { children: ReactNode }) {
  const [hasUnsavedAnswers, setHasUnsavedAnswers] = useState(false);
  const value = useMemo(() => ({ hasUnsavedAnswers, setHasUnsavedAnswers }), [hasUnsavedAnswers]);
  return <UnsavedAnswersContext.Provider value={value}>{children}</UnsavedAnswersContext.Provider>;
}

export function useUnsavedAnswers(): UnsavedAnswers {
  const value = useContext(UnsavedAnswersContext);
  if (!value) throw new Error('useUnsavedAnswers needs an <UnsavedAnswersProvider> above it');
  return value;
}

/**
 * The header area's before-unload handling (spec §2): while answers are unsaved, leaving or
 * reloading the page asks first. Browsers show their own wording for this prompt.
 */
export function BeforeUnloadGuard() {
  const { hasUnsavedAnswers } = useUnsavedAnswers();
  useEffect(() => {
    if (!hasUnsavedAnswers) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedAnswers]);
  return null;
}
