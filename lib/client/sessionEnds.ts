'use client';

import { localExpiry } from '@/lib/flows/sessionExpiry';

/** When the session ends in this browser's clock, from the readable cookie every tab shares (lib/session/cookies.ts). */
export function sessionEndsAt(clockOffsetMs: number): number | undefined {
  const part = document.cookie.split('; ').find((entry) => entry.startsWith('session-ends='));
  return localExpiry(part?.slice('session-ends='.length) || undefined, clockOffsetMs);
}
