import { Product } from '@/lib/api/codes';

export const UNSET = -1;
export const NOT_RATED = -2;

export type GridRule = { product: Product; notRatedAllowed: boolean; lenient?: boolean };

/**
 * Grid questionnaires (products 2 and 3, spec §5): -1 means no answer. A question with some items
 * answered and some not is invalid; all unanswered is invalid unless the check is lenient. For
 * product 3, -2 (not rated) needs notRated allowed; for product 2 the not-rated value is 0.
 */
export function isGridQuestionValid(values: readonly number[], rule: GridRule): boolean {
  if (values.length === 0) return false;
  const unanswered = values.filter((v) => v === UNSET).length;
  if (unanswered === values.length) return rule.lenient === true;
  if (unanswered > 0) return false;
  if (rule.product === Product.RequirementsAnalysis && !rule.notRatedAllowed && values.includes(NOT_RATED)) return false;
  if (rule.product === Product.SecondQuestionnaire && !rule.notRatedAllowed && values.includes(0)) return false;
  return true;
}
