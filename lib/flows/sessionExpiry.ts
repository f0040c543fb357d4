/*
 * A module of its own, apart from ./sessionTimeout.ts: the layout's wrapper reads the expiry on
 * every signed-in page, and the countdown's rules travel only with the dialog.
 */

/**
 * The expiry the server wrote into the readable cookie (lib/session/cookies.ts), in this browser's
 * clock: the server's time at render against the browser's then corrects a clock that is off.
 */
export function localExpiry(cookieValue: string | undefined, clockOffsetMs: number): number | undefined {
  if (!cookieValue || !/^\d{10,16}$/.test(cookieValue)) return undefined;
  return Number(cookieValue) - clockOffsetMs;
}
