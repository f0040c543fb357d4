'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { recordOperatorAudit } from '@/lib/admin/operators/audit';
import { signInWithPassword } from '@/lib/admin/operators/signIn';
import { startSession } from '@/lib/admin/operators/sessions';
import { consoleCookie } from '@/lib/admin/console/cookies';
import { consoleRequest, type ConsoleFormState } from '@/lib/admin/console/request';
import { consoleTranslator } from '@/lib/admin/console/texts';
import { logEvent } from '@/lib/log/logger';

function field(formData: FormData, name: string): string {
  const value = formData instanceof FormData ? formData.get(name) : null;
  return typeof value === 'string' ? value.slice(0, 1000) : '';
}

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
  const cookie = await startSession(db, result.operatorId, request.limits);
  const { name, value, ...options } = consoleCookie(cookie, request.cookieConfig, request.limits.maxHours * 3600);
  (await cookies()).set(name, value, options);
  await recordOperatorAudit(db, { operator: result.email, action: 'sign in', subject: 'password' });
  redirect('/admin');
}
