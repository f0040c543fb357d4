'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server's HTML, true once React runs in the browser. Rules that would block a
 * participant before the scripts run (a disabled save button, a read-only key field) apply only
 * from then on: until then the capture script keeps what is typed and holds the submit
 * (useEarlyForm).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
