import { CALLS, type CallPath } from '@/lib/api/catalogue';
import { groupLoginLanguage, identCodeLanguage } from '@/lib/flows/addressLanguage';
import { variantOfLogin } from '@/lib/flows/groupVariants';
import { decodeClaims } from './claims';
import type { SessionData } from './data';

/**
 * The spec's common fields that the browser may leave out: the session knows them. The body the
 * proxy sends the upstream for a browser's call (lib/proxy/handleProxy.ts), and the one the
 * contract check sends after it (lib/upstream/contractCheck); ./callEffects.ts is the session after
 * the answer.
 */
export function withSessionDefaults(path: CallPath, body: Record<string, unknown>, session: SessionData) {
  const shape = CALLS[path].request.shape as Record<string, unknown>;
  const filled: Record<string, unknown> = { ...body };
  if (session.token) filled.token = session.token;
  if (variantOfLogin(path)) {
    // Only a language the participant chose: otherwise the group's applies (lib/flows/addressLanguage.ts).
    const chosen = groupLoginLanguage(session);
    if ('uiLanguage' in shape && filled.uiLanguage === undefined && chosen) filled.uiLanguage = chosen;
  } else if ('uiLanguage' in shape && filled.uiLanguage === undefined) filled.uiLanguage = session.uiLanguage;
  if ('questionnaireLanguage' in shape && filled.questionnaireLanguage === undefined && CALLS[path].kind !== 'submit') {
    filled.questionnaireLanguage = session.questionnaireLanguage;
  }
  if (path === 'submit/kodekodex/identcode' && filled.questionnaireLanguage === undefined) {
    const chosen = identCodeLanguage(session);
    if (chosen) filled.questionnaireLanguage = chosen;
  }
  if ('product' in shape && filled.product === undefined) filled.product = decodeClaims(session.token).product;
  return filled;
}
