'use client';

import { useEffect, useRef } from 'react';
import { commitTokenRenewal } from '@/lib/session/actions';

/** Hands a token renewed during server rendering (sealed, unreadable here) to the cookie. */
export function SessionCommit({ renewal }: { renewal?: string }) {
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!renewal || sent.current === renewal) return;
    sent.current = renewal;
    void commitTokenRenewal(renewal);
  }, [renewal]);
  return null;
}
