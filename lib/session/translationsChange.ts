import { decodeClaims } from './claims';
import type { SessionData } from './data';

/**
 * Spec §4: "The translation set is re-initialised when the product or language changes." The page
 * in the browser already shows the texts of the session's language and product (the server
 * rendered them), so an answer's catalogue is news to it only when the call asked in another
 * language or changed the language or the product. The proxy drops the catalogue otherwise: on a
 * questionnaire page turn it was two thirds of the answer.
 */
export function translationsChanged(before: SessionData, after: SessionData, requestLanguage: unknown): boolean {
  if (requestLanguage !== undefined && requestLanguage !== before.uiLanguage) return true;
  if (after.uiLanguage !== before.uiLanguage) return true;
  return decodeClaims(after.token).product !== decodeClaims(before.token).product;
}
