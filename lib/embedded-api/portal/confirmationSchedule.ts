/**
 * When the buyer's confirmation mail is tried again (confirmationRetries.ts). A mail server that is
 * down or answers "try later" (4xx) is usually back within minutes, sometimes hours: the waits grow
 * so that a long outage costs a few connections, not one a minute, and the last attempt comes about
 * a day after the payment. A permanent refusal (5xx) is not tried again: the same mail to the same
 * address would be refused the same way.
 */

const MINUTE_MS = 60_000;

/** Waits after the failed attempt 1, 2, …, 7; after the 8th there is none. Together 22 h 36 min. */
const WAITS_MS = [1, 5, 30, 120, 360, 360, 480].map((minutes) => minutes * MINUTE_MS);

/** How often one confirmation is tried at most, its first send included. */
export const MAX_CONFIRMATION_ATTEMPTS = WAITS_MS.length + 1;

/**
 * When attempt `attempt + 1` is due, after attempt `attempt`, claimed at `claimedAt` (ms), failed;
 * undefined: never, the confirmation failed for good (a permanent refusal, or the last attempt).
 * Counted from the claim rather than the failure, a send's own seconds do not shift the schedule.
 */
export function nextAttemptAt(attempt: number, claimedAt: number, permanent: boolean): number | undefined {
  if (permanent || !Number.isInteger(attempt) || attempt < 1) return undefined;
  const wait = WAITS_MS[attempt - 1];
  return wait === undefined ? undefined : claimedAt + wait;
}

/**
 * How long a claimed attempt belongs to whoever claimed it: longer than a send can take (connecting,
 * the greeting and each of about eight replies may take SMTP_TIMEOUT_MS), and at least five minutes.
 * An attempt that a stop cut off (crash, SIGKILL, deploy) is due again when its claim runs out.
 */
export function claimMs(smtpTimeoutMs: number): number {
  return Math.max(5 * MINUTE_MS, 10 * smtpTimeoutMs);
}
