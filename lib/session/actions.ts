'use server';

import { redirect } from 'next/navigation';
import { DetailCode, StatusCode } from '@/lib/api/codes';
import { isLanguage } from '@/lib/api/languages';
import { getConfig } from '@/lib/config';
import { errorPageUrl } from '@/lib/flows/errorPage';
import { sendCall } from '@/lib/upstream/client';
import { decodeClaims } from './claims';
import { clearedSession } from './data';
import { unsealTokenRenewal } from './renewal';
import { getClientAddress, getSession, saveSession } from './server';

/**
 * Sign-out (spec §4): the upstream signs the token out (pageinfo/error, category SignOut), the
 * session loses token, username and start index, the language selector hides, and the info page
 * shows SignOutMessage. The session is cleared even when the upstream cannot be reached.
 */
export async function signOut(): Promise<void> {
  const session = await getSession();
  if (session.token) {
    await sendCall(
      'pageinfo/error',
      {
        category: 'SignOut',
        token: session.token,
        uiLanguage: session.uiLanguage,
        questionnaireLanguage: session.questionnaireLanguage,
        product: decodeClaims(session.token).product,
      },
      { clientAddress: await getClientAddress() },
    );
  }
  await saveSession({ ...clearedSession(session), showLanguageSelection: false });
  redirect(errorPageUrl({ statusCode: StatusCode.Ok, detailCode: DetailCode.SucessfullyLoggedOut }, '/info'));
}

/** Header language change: both languages at once (spec §4); the page then reloads its content. */
export async function changeLanguage(language: string): Promise<{ ok: boolean }> {
  if (!isLanguage(language)) return { ok: false };
  const session = await getSession();
  await saveSession({ ...session, uiLanguage: language, questionnaireLanguage: language });
  return { ok: true };
}

/** The error page clears the session after it has shown its message (spec §4). */
export async function clearSessionAfterMessage(): Promise<void> {
  const session = await getSession();
  if (session.token || session.username || session.startIndex !== 1) await saveSession(clearedSession(session));
}

/** Stores a token that a page-info load returned during server rendering. */
export async function commitTokenRenewal(sealed: string): Promise<void> {
  const session = await getSession();
  const token = unsealTokenRenewal(sealed, session.sid, getConfig().sessionSecret);
  if (token) await saveSession({ ...session, token });
}
