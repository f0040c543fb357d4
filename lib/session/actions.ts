'use server';

import { redirect } from 'next/navigation';
import { DetailCode, StatusCode } from '@/lib/api/codes';
import { isLanguage } from '@/lib/api/languages';
import { getConfig } from '@/lib/config';
import { withChosenLanguage } from '@/lib/flows/addressLanguage';
import { errorPageUrl } from '@/lib/flows/errorRecord';
import { sendCall } from '@/lib/upstream/client';
import { decodeClaims } from './claims';
import { clearedSession } from './data';
import { isLaterToken, unsealTokenRenewal } from './renewal';
import { getClientAddress, getSession, saveSession } from './server';

/**
 * Sign-out (spec §4): the upstream signs the token out (pageinfo/error, category SignOut), the
 * session loses token, username and start index, the language selector hides, and the info page
 * shows SignOutMessage. The session is cleared even when the upstream cannot be reached.
 */
export async function signOut(): Promise<null> {
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

/**
 * Header language change (spec §4): both languages at once. The selector's form posts here on
 * confirm, never on choosing an option (WCAG 3.2.2); setting the cookie makes Next render the page
 * again, so its content reloads in the new language while the answers on screen stay. A language
 * that is not one of ours changes nothing.
 */
export async function chooseLanguage(_previous: null, formData: FormData): Promise<null> {
  // Anyone can call an action with anything (its id is in the page): only the form's data counts.
  if (!(formData instanceof FormData)) return null;
  const language = formData.get('language');
  if (!isLanguage(language)) return null;
  const next = withChosenLanguage(await getSession(), language);
  if (next) await saveSession(next);
  return null;
}

/** The error page clears the session after it has shown its message (spec §4). */
export async function clearSessionAfterMessage(): Promise<void> {
  const session = await getSession();
  // A finishedToken alone is no reason to write: proxy.ts drops it with the next page, and a write
  // here makes Next render the page again, its head included (two meta descriptions).
  if (session.token || session.username || session.startIndex !== 1) await saveSession(clearedSession(session));
}

/** Stores a token that a page-info load returned during server rendering. */
export async function commitTokenRenewal(sealed: string): Promise<void> {
  if (typeof sealed !== 'string') return;
  const session = await getSession();
  const token = unsealTokenRenewal(sealed, session.sid, getConfig().sessionSecret);
  // No write, no second render, when the session already holds as late a token.
  if (token && isLaterToken(token, session.token)) await saveSession({ ...session, token });
}
