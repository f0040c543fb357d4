export const UNSET = -1;

/** The product's not-rated value comes from the product table (lib/flows/products.ts), null where it has none. */
export type GridRule = { notRatedValue: number | null; notRatedAllowed: boolean; lenient?: boolean };

/**
 * Grid questionnaires (products 2 and 3, spec §5): -1 means no answer. A question with some items
 * answered and some not is invalid; all unanswered is invalid unless the check is lenient. The
 * not-rated value needs notRated allowed.
 */
export function isGridQuestionValid(values: readonly number[], rule: GridRule): boolean {
  if (values.length === 0) return false;
  const unanswered = values.filter((v) => v === UNSET).length;
  if (unanswered === values.length) return rule.lenient === true;
  if (unanswered > 0) return false;
  if (rule.notRatedValue !== null && !rule.notRatedAllowed && values.includes(rule.notRatedValue)) return false;
  return true;
}
