'use client';

import { useRef, useState } from 'react';

/**
 * One call at a time for a page whose buttons each send one: the ref answers at once (a second
 * press before React has rendered the disabled buttons), busy renders the buttons disabled and the
 * "saving" text.
 */
export function useOneCallAtATime() {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  return {
    busy,
    isBusy: () => inFlight.current,
    async alone<T>(call: () => Promise<T>): Promise<T> {
      inFlight.current = true;
      setBusy(true);
      const response = await call();
      inFlight.current = false;
      setBusy(false);
      return response;
    },
  };
}
