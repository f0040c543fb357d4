'use client';

import { useEffect, useRef } from 'react';
import { clearSessionAfterMessage } from '@/lib/session/actions';

/** The error page clears the session once its message is on screen (spec §4). */
export function ClearSessionOnMount() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void clearSessionAfterMessage();
  }, []);
  return null;
}
