import { claimMs, MAX_CONFIRMATION_ATTEMPTS, nextAttemptAt } from './confirmationSchedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('nextAttemptAt: when an undelivered confirmation is tried again', () => {
  it.each<[string, number, boolean, number | undefined]>([
    ['attempt 1 (the send after the answer) failed → 1 min later', 1, false, T + MINUTE],
    ['attempt 2 failed → 5 min later', 2, false, T + 5 * MINUTE],
    ['attempt 3 failed → 30 min later', 3, false, T + 30 * MINUTE],
    ['attempt 4 failed → 2 h later', 4, false, T + 2 * HOUR],
    ['attempt 5 failed → 6 h later', 5, false, T + 6 * HOUR],
    ['attempt 6 failed → 6 h later', 6, false, T + 6 * HOUR],
    ['attempt 7 failed → 8 h later', 7, false, T + 8 * HOUR],
    ['attempt 8 failed → never: failed for good', 8, false, undefined],
    ['beyond the last → never', 9, false, undefined],
    ['a permanent refusal at attempt 1 → never', 1, true, undefined],
    ['a permanent refusal at attempt 5 → never', 5, true, undefined],
    ['no attempt made (0) → never', 0, false, undefined],
    ['an attempt that is no whole number → never', 1.5, false, undefined],
  ])('%s', (_label, attempt, permanent, expected) => {
    expect(nextAttemptAt(attempt, T, permanent)).toBe(expected);
  });

  it('8 attempts at most, the last about a day after the first', () => {
    expect(MAX_CONFIRMATION_ATTEMPTS).toBe(8);
    let at = T;
    for (let attempt = 1; attempt < MAX_CONFIRMATION_ATTEMPTS; attempt++) at = nextAttemptAt(attempt, at, false)!;
    expect((at - T) / HOUR).toBeCloseTo(22.6, 1);
  });
});

describe('claimMs: how long a claimed attempt is left to whoever claimed it', () => {
  it.each([
    [1000, 5 * MINUTE],
    [10_000, 5 * MINUTE],
    [30_000, 5 * MINUTE],
    [60_000, 10 * MINUTE],
    [120_000, 20 * MINUTE],
  ])('SMTP_TIMEOUT_MS %i → %i ms', (timeoutMs, expected) => {
    expect(claimMs(timeoutMs)).toBe(expected);
  });
});
