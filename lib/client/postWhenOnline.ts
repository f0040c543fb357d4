'use client';

import type { CallPath } from '@/lib/api/catalogue';
import { postCall, type BrowserRequest } from './api';

function onlineAgain(): Promise<void> {
  return new Promise((resolve) => {
    if (navigator.onLine) resolve();
    else window.addEventListener('online', () => resolve(), { once: true });
  });
}

/**
 * Sends a call, and when it fails because the browser has no connection, waits until it has one
 * and sends the very same body again: a save carries its save id, so a save that did arrive is not
 * saved twice. A failure with the connection up (the server or upstream failed) is answered as it
 * is, for the page to say so. onOffline hears when the wait begins and ends.
 */
export async function postWhenOnline<P extends CallPath>(path: P, body: BrowserRequest<P>, onOffline: (offline: boolean) => void) {
  for (;;) {
    const response = await postCall(path, body);
    if (!response.transportFailed || navigator.onLine) {
      onOffline(false);
      return response;
    }
    onOffline(true);
    await onlineAgain();
  }
}

/** An id for one save, the same on each of its retries (letters, digits, - and _). */
export function newSaveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
