'use client';

import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { sessionEndsAt } from '@/lib/client/sessionEnds';
import type { SessionTimeoutDialogProps, SessionTimeoutTexts } from './SessionTimeoutDialog';

export type { SessionTimeoutTexts };

/**
 * Loaded only when the session's end is near (a minute before the warning), not with the page: the
 * dialog is needed minutes or hours later at the earliest, and the login pages' first-load budget
 * has no room for it.
 */
const SessionTimeoutDialog = lazy(() => import('./SessionTimeoutDialog'));

type Props = Omit<SessionTimeoutDialogProps, 'answersKept' | 'clockOffsetMs'> & {
  children: ReactNode;
  /** The server's clock when it rendered the layout: the browser's may be off. */
  serverNow: number;
};

/** How long before the warning the dialog's code is fetched. */
const LOAD_AHEAD_MS = 60_000;
/** How often the wrapper looks at the shared cookie until then (another tab may have extended, or the page renewed). */
const LOOK_EVERY_MS = 5_000;

/** The server's clock against the browser's, taken as the page hydrates (not when the dialog arrives later). */
function clockOffset(serverNow: number): number {
  return typeof window === 'undefined' ? 0 : serverNow - Date.now();
}

/** The page tells the dialog whether what the participant chose is kept past the session's end (drafts). */
const AnswersKept = createContext<(kept: boolean) => void>(() => {});

export function useAnswersKeptThroughTimeout(kept: boolean): void {
  const setKept = useContext(AnswersKept);
  useEffect(() => {
    setKept(kept);
    return () => setKept(false);
  }, [kept, setKept]);
}

/**
 * Announces the session's end before it comes and lets the participant extend it
 * (./SessionTimeoutDialog.tsx); around the page, so that the questionnaire can say its answers are
 * kept as drafts.
 */
export function SessionTimeout({ children, serverNow, ...dialog }: Props) {
  const [answersKept, setAnswersKept] = useState(false);
  const [clockOffsetMs] = useState(() => clockOffset(serverNow));
  const [near, setNear] = useState(false);
  const { warnBeforeSeconds } = dialog;

  useEffect(() => {
    if (near) return;
    const look = () => {
      const endsAt = sessionEndsAt(clockOffsetMs);
      // The code is fetched first, and the dialog shown once it is here: a lazy component whose fetch
      // fails (the participant is offline just then) takes the whole page down, and the answers on
      // it. A fetch that fails is tried again at the next look.
      if (endsAt !== undefined && endsAt - Date.now() <= warnBeforeSeconds * 1000 + LOAD_AHEAD_MS) import('./SessionTimeoutDialog').then(() => setNear(true), () => {});
    };
    look();
    const timer = window.setInterval(look, LOOK_EVERY_MS);
    document.addEventListener('visibilitychange', look);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', look);
    };
  }, [near, clockOffsetMs, warnBeforeSeconds]);

  return (
    <AnswersKept.Provider value={setAnswersKept}>
      {children}
      {near && (
        <Suspense fallback={null}>
          <SessionTimeoutDialog {...dialog} clockOffsetMs={clockOffsetMs} answersKept={answersKept} />
        </Suspense>
      )}
    </AnswersKept.Provider>
  );
}
