'use client';

import type { Language } from '@/lib/api/languages';
import { postCall, type BrowserRequest } from '@/lib/client/api';
import { encryptForUpstream, type ClientCrypto } from '@/lib/client/encrypt';
import { routeAfterGroupLogin, type GroupCodeMessageKey } from '@/lib/flows/groupLogin';
import { groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { CodeLoginForm } from '@/components/form/CodeLoginForm';

type Texts = Record<GroupCodeMessageKey, string> & { title: string; text: string; label: string; show: string; submit: string; required: string };

type Props = {
  variant: GroupVariant;
  /** Present when the variant encrypts the code (spec §7). */
  crypto?: ClientCrypto;
  /** The language the participant chose, sent where the variant sends one. */
  language?: Language;
  /** The group code of the deep link, put into the field (CodeLoginForm). */
  linkedCode?: string;
  texts: Texts;
};

/**
 * The group-code login: the variant's call, the code encrypted where the variant says, the outcome of
 * lib/flows/groupLogin.ts. Every login with the code starts a new participant, so it is a one-time
 * code to a password manager: filled in again, it would start over instead of coming back (which
 * takes the personal access code and key).
 */
export function GroupCodeForm({ variant, crypto, language, linkedCode, texts }: Props) {
  const row = groupVariant(variant);
  const login = async (code: string, failures: number) => {
    const body = async () => ({ groupcode: crypto ? await encryptForUpstream(code, crypto) : code, ...(row.sendsLanguage && language && { uiLanguage: language }) });
    const response = await postCall(row.calls.login, body as () => Promise<BrowserRequest<typeof row.calls.login>>);
    return routeAfterGroupLogin(response, response.tokenClaims?.isLoggedIn ?? false, failures, row);
  };
  return <CodeLoginForm name="group-code" failuresKey="groupCodeFailures" encrypts={crypto !== undefined} texts={texts} initialCode={linkedCode} autoComplete="one-time-code" login={login} />;
}
