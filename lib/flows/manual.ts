import { groupVariant, type GroupVariant } from './groupVariants';
import { productRules } from './products';

/**
 * Where the manual's continue button leads (spec §2): a group variant's manual to the variant's
 * next page; /questionnairemanual to the next page of the group flow the product comes back
 * through (a returning group participant of the web variant lands on it), else to /questionnaire.
 */
export function manualContinue(product: number, variant?: GroupVariant): string {
  const flow = variant ?? productRules(product).groupVariant;
  return flow ? groupVariant(flow).routes.afterManual : '/questionnaire';
}
