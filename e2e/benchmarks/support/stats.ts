/**
 * The nearest-rank percentile: the smallest value that at least p percent of the values are at or
 * below (the ⌈p·n/100⌉-th smallest); NaN for none. Of 20 turns, p95 is the 19th and p50 the 10th:
 * one slow turn shows as the max, not as the p95.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
