import { Product } from '@/lib/api/codes';
import { groupVariant, type GroupVariant } from './groupVariants';

/**
 * Where the manual's continue button leads (spec §2): a group variant's manual to the variant's
 * next page; /questionnairemanual to the questionnaire selection for product 4 (a returning group
 * participant of the web variant lands on it) and to /questionnaire for every other product.
 */
export function manualContinue(product: number, variant?: GroupVariant): string {
  if (variant) return groupVariant(variant).routes.afterManual;
  return product === Product.GroupWeb ? groupVariant('kodew').routes.afterManual : '/questionnaire';
}
