'use server';

import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { PasskeyError, registerPasskey, registrationOptions, relyingPartyOf, type PasskeyStep } from '@/lib/admin/operators/passkeys';
import { CONSOLE_ACTIONS } from '@/lib/admin/operators/roles';
import { actionSessionWith } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';


/** Options for a new passkey of the signed-in operator; the XSRF token binds the call to their page. */
export async function passkeyRegistrationOptions(xsrf: string): Promise<PasskeyStep<PublicKeyCredentialCreationOptionsJSON>> {
  const allowed = await actionSessionWith('passkeyAdd', xsrf);
  if (!allowed.ok) return { ok: false, error: allowed.state?.error ?? '' };
  const { request, session } = allowed;
  return { ok: true, value: await registrationOptions(request.db, session, relyingPartyOf(request.config.PUBLIC_URL)) };
}

export async function passkeyRegister(xsrf: string, response: RegistrationResponseJSON): Promise<PasskeyStep<null>> {
  const allowed = await actionSessionWith('passkeyAdd', xsrf);
  if (!allowed.ok) return { ok: false, error: allowed.state?.error ?? '' };
  const { request, session } = allowed;
  try {
    const passkey = await registerPasskey(request.db, session.operatorId, response, relyingPartyOf(request.config.PUBLIC_URL));
    await recordOperatorAudit(request.db, { operator: session.email, action: CONSOLE_ACTIONS.passkeyAdd.name, subject: session.email, details: { passkey: passkey.id.slice(0, 12) } });
    return { ok: true, value: null };
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    return { ok: false, error: consoleTranslator(request.language, 'account')('refused') };
  }
}
