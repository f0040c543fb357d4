/** Ranking values 1 to 4 (spec §9); 0 is unranked. */
export const RANKS = [1, 2, 3, 4] as const;

/**
 * Product 1 (spec §5): a question's four answers must carry the ranks 1, 2, 3 and 4 exactly once
 * each. A question with all answers unranked (0) is accepted only by the lenient initial check.
 */
export function isRankingQuestionValid(values: readonly number[], lenient = false): boolean {
  if (lenient && values.length > 0 && values.every((v) => v === 0)) return true;
  if (values.length !== RANKS.length) return false;
  const sorted = [...values].sort((a, b) => a - b);
  return RANKS.every((rank, index) => sorted[index] === rank);
}

/**
 * Which answers of a failed ranking question to highlight: those without a rank (0 or outside
 * 1–4) and those whose rank another answer of the question carries too, since either one has to
 * change before every rank is used once.
 */
export function rankAnswersToMark(values: readonly number[]): boolean[] {
  const ranked = (value: number) => (RANKS as readonly number[]).includes(value);
  return values.map((value) => !ranked(value) || values.filter((other) => other === value).length > 1);
}
