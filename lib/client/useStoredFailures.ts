'use client';

import { useEffect, useRef } from 'react';

/**
 * The count of wrong codes on a code-entry form (spec §9: the 10th clears the field with the
 * stronger message). It survives a page refresh (the spec's refresh detection) in session
 * storage; a count is no secret. One per form: /accesscode and the group-code entry each pass
 * their own key.
 */
export function useStoredFailures(storageKey: string) {
  const failures = useRef(0);

  useEffect(() => {
    const stored = Number(sessionStorage.getItem(storageKey));
    if (Number.isInteger(stored) && stored > 0) failures.current = stored;
  }, [storageKey]);

  return {
    current: () => failures.current,
    set: (count: number) => {
      failures.current = count;
      sessionStorage.setItem(storageKey, String(count));
    },
    clear: () => {
      failures.current = 0;
      sessionStorage.removeItem(storageKey);
    },
  };
}
