'use server';

import { redirect } from 'next/navigation';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { PasskeyError, relyingPartyOf, signInOptions, signInWithPasskey, type PasskeyStep } from '@/lib/admin/operators/passkeys';
import { signInWithPassword } from '@/lib/admin/operators/signIn';
import { beginConsoleSession } from '@/lib/admin/console/beginSession';
import { consoleRequest, type ConsoleFormState } from '@/lib/admin/console/request';
import { field } from '@/lib/admin/console/forms';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { logEvent } from '@/lib/log/logger';


/** Password sign-in: a new session cookie and the overview; or the form again, saying why. */
export async function signIn(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const request = await consoleRequest();
  const t = consoleTranslator(request.language, 'signin');
  const email = field(formData, 'email');
  const password = field(formData, 'password');
  if (!email.trim() || !password) return { error: t('missing'), field: email.trim() ? 'password' : 'email', values: { email } };
  const { config, db } = request;
  const result = await signInWithPassword(
    db,
    { email, password, client: request.clientAddress },
    { maxFailuresPerAccount: config.CONSOLE_SIGNIN_MAX_FAILURES_PER_ACCOUNT, maxFailuresPerClient: config.CONSOLE_SIGNIN_MAX_FAILURES_PER_CLIENT, windowSeconds: config.CONSOLE_SIGNIN_WINDOW_SECONDS },
  );
  if (!result.ok) {
    logEvent('warn', 'console_signin_refused', { reason: result.reason });
    return { error: t(result.reason), field: 'password', values: { email } };
  }
  await beginConsoleSession(request, result, 'password');
  redirect('/admin');
}


/** The first step of a passkey sign-in: a challenge for the browser's authenticator. */
export async function passkeySignInOptions(): Promise<PasskeyStep<PublicKeyCredentialRequestOptionsJSON>> {
  const request = await consoleRequest();
  const t = consoleTranslator(request.language, 'signin');
  try {
    return { ok: true, value: await signInOptions(request.db, request.clientAddress, relyingPartyOf(request.config.PUBLIC_URL)) };
  } catch (error) {
    if (error instanceof PasskeyError) return { ok: false, error: t('passkeyBusy') };
    throw error;
  }
}

/** The second: the authenticator's answer; a session when it holds. The page then goes to the overview. */
export async function passkeySignIn(response: AuthenticationResponseJSON): Promise<PasskeyStep<null>> {
  const request = await consoleRequest();
  const t = consoleTranslator(request.language, 'signin');
  try {
    const operator = await signInWithPasskey(request.db, response, relyingPartyOf(request.config.PUBLIC_URL));
    await beginConsoleSession(request, operator, 'passkey');
    return { ok: true, value: null };
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    logEvent('warn', 'console_signin_refused', { reason: 'passkey' });
    return { ok: false, error: t('passkeyRefused') };
  }
}
