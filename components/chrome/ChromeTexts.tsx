'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * The few chrome texts that client components need (modal title and close button, the render
 * error). Handed down from the server in the session's language, instead of shipping next-intl's
 * client runtime and the whole message catalogue to every page.
 */
export type ChromeTexts = { errorTitle: string; close: string; renderErrorTitle: string; internalError: string };

const Context = createContext<ChromeTexts | null>(null);

export function ChromeTextsProvider({ value, children }: { value: ChromeTexts; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useChromeTexts(): ChromeTexts {
  const value = useContext(Context);
  if (!value) throw new Error('useChromeTexts needs a <ChromeTextsProvider> above it');
  return value;
}
