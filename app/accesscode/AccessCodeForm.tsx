'use client';

import type { ReactNode } from 'react';
import { postCall } from '@/lib/client/api';
import { encryptForUpstream, type ClientCrypto } from '@/lib/client/encrypt';
import { routeAfterAccessCodeLogin } from '@/lib/flows/accessCode';
import { CodeLoginForm } from '@/components/form/CodeLoginForm';

type Texts = {
  title: string;
  text: string;
  label: string;
  show: string;
  submit: string;
  required: string;
  ErrorAccessCodeKey: string;
  ErrorAccessCodeKeyFail: string;
  ErrorAccessCodeLocked: string;
};

/**
 * The access-code login: the code encrypted in the browser, the outcome of lib/flows/accessCode.ts.
 * The code signs in again on every visit: a password manager may keep it, under the ident code.
 */
export function AccessCodeForm({ crypto, usernameField, texts }: { crypto: ClientCrypto; usernameField?: ReactNode; texts: Texts }) {
  const login = async (code: string, failures: number) => {
    const response = await postCall('submit/kodekodex/login', async () => ({ passwordHash: await encryptForUpstream(code, crypto) }));
    return routeAfterAccessCodeLogin(response, response.tokenClaims?.isLoggedIn ?? false, failures);
  };
  return <CodeLoginForm name="access-code" failuresKey="accessCodeFailures" encrypts texts={texts} autoComplete="current-password" usernameField={usernameField} login={login} />;
}
