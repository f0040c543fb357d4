'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { endSession } from '@/lib/admin/operators/sessions';
import { CONSOLE_LANGUAGE_COOKIE, clearedConsoleCookie, consolePath } from '@/lib/admin/console/cookies';
import { isConsoleLanguage } from '@/lib/admin/console/language';
import { actionSession, consoleRequest, type ConsoleFormState } from '@/lib/admin/console/request';

/** Ends this console session, in the database too: the cookie is worth nothing afterwards. */
export async function signOut(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const request = await consoleRequest();
  const allowed = await actionSession('signOut', formData);
  await endSession(request.db, request.cookie);
  if (allowed.ok) await recordOperatorAudit(request.db, { operator: allowed.session.email, action: 'sign out' });
  const { name, value, ...options } = clearedConsoleCookie(request.cookieConfig);
  (await cookies()).set(name, value, options);
  redirect('/admin/signin?signedout=1');
}

/** The console's language, for this browser; a language that is not one of the console's changes nothing. */
export async function chooseConsoleLanguage(_previous: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const request = await consoleRequest();
  const language = formData instanceof FormData ? formData.get('language') : null;
  if (isConsoleLanguage(language)) {
    (await cookies()).set(CONSOLE_LANGUAGE_COOKIE, language, {
      path: consolePath(request.cookieConfig),
      sameSite: 'strict',
      secure: request.cookieConfig.secureCookies,
      httpOnly: true,
      maxAge: 365 * 24 * 3600,
    });
  }
  return null;
}
