/**
 * When the session's end is announced, and how (WCAG 2.2.1, after the HMRC timeout dialog): a
 * dialog opens a set time before the token expires; the countdown on screen moves every second,
 * while what a screen reader hears changes in steps (whole minutes, then every 20 seconds), so that
 * it is not talked over every second.
 */

export type SessionPhase = 'active' | 'warning' | 'ended';

/** The phase a session is in, this many milliseconds before its end. */
export function sessionPhase(remainingMs: number, warnBeforeMs: number): SessionPhase {
  if (remainingMs <= 0) return 'ended';
  if (remainingMs <= warnBeforeMs) return 'warning';
  return 'active';
}

export type Duration = { unit: 'minutes' | 'seconds'; count: number };

/** What the countdown shows: whole minutes above a minute (rounded up, as "ends in 2 minutes" must not be late), then seconds. */
export function shownDuration(remainingMs: number): Duration {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return seconds > 60 ? { unit: 'minutes', count: Math.ceil(seconds / 60) } : { unit: 'seconds', count: seconds };
}

/** What the live region says: the shown minutes, then 60, 40 and 20 seconds; it changes only at those steps. */
export function announcedDuration(remainingMs: number): Duration {
  const shown = shownDuration(remainingMs);
  if (shown.unit === 'minutes') return shown;
  return { unit: 'seconds', count: Math.max(20, Math.ceil(shown.count / 20) * 20) };
}
