'use client';

import { useEffect, useRef } from 'react';
import { asSessionChange } from '@/lib/client/sessionWrites';
import { commitTokenRenewal } from '@/lib/session/actions';

/** Hands a token renewed during server rendering (sealed, unreadable here) to the cookie. */
export function SessionCommit({ renewal }: { renewal?: string }) {
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!renewal || sent.current === renewal) return;
    sent.current = renewal;
    // A session change: it waits for a page turn under way, whose answer rewrites the session (its
    // start index); sent beside it, it would carry the session from before the turn and put it back.
    void asSessionChange(() => commitTokenRenewal(renewal)).catch(() => undefined);
  }, [renewal]);
  return null;
}
