'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server's HTML, true once React runs in the browser. Forms that are sent by script
 * keep their submit buttons disabled until then: a native submission before hydration would put
 * the form's fields into the address and lose what the participant typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
