'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { sessionEndsAt } from '@/lib/client/sessionEnds';
import type { SessionTimeoutDialogProps, SessionTimeoutTexts } from './SessionTimeoutDialog';

export type { SessionTimeoutTexts };

type Props = Omit<SessionTimeoutDialogProps, 'clockOffsetMs'> & {
  /** The server's clock when it rendered the layout: the browser's may be off. */
  serverNow: number;
};

/** How long before the warning the dialog's code is fetched. */
const LOAD_AHEAD_MS = 60_000;
/**
 * How often the wrapper looks at the shared cookie until then (another tab may have extended, or the
 * page renewed); a tab in the background is looked at less often, and the lead above covers that.
 */
const LOOK_EVERY_MS = 5_000;

/** The server's clock against the browser's, taken as the page hydrates (not when the dialog arrives later). */
function clockOffset(serverNow: number): number {
  return typeof window === 'undefined' ? 0 : serverNow - Date.now();
}

/**
 * Announces the session's end before it comes and lets the participant extend it
 * (./SessionTimeoutDialog.tsx). The dialog's code is fetched only when the end is near, not with the
 * page: it is needed minutes or hours later at the earliest, and the login pages' first-load budget
 * has no room for it. It is shown once it has arrived; a fetch that fails (the participant is
 * offline just then) is tried again at the next look, and the page stays as it is meanwhile.
 */
export function SessionTimeout({ serverNow, ...dialog }: Props) {
  const [clockOffsetMs] = useState(() => clockOffset(serverNow));
  const [Dialog, setDialog] = useState<ComponentType<SessionTimeoutDialogProps> | null>(null);
  const { warnBeforeSeconds } = dialog;

  useEffect(() => {
    if (Dialog) return;
    const look = () => {
      const endsAt = sessionEndsAt(clockOffsetMs);
      if (endsAt !== undefined && endsAt - Date.now() <= warnBeforeSeconds * 1000 + LOAD_AHEAD_MS) {
        import('./SessionTimeoutDialog').then((module) => setDialog(() => module.default), () => {});
      }
    };
    look();
    const timer = window.setInterval(look, LOOK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [Dialog, clockOffsetMs, warnBeforeSeconds]);

  return Dialog && <Dialog {...dialog} clockOffsetMs={clockOffsetMs} />;
}
