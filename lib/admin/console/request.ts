import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { getConfig, type AppConfig } from '@/lib/config';
import { embeddedApi } from '@/lib/embedded-api';
import type { Database } from '@/lib/embedded-api/db/database';
import { clientAddressOf } from '@/lib/proxy/checks';
import { cookieConfigFor, type RequestCookieConfig } from '@/lib/session/cookieSecurity';
import { PAGE_ADDRESS_HEADER } from '@/lib/security/csp';
import type { ConsoleActionName } from '../operators/roles';
import type { ConsoleSession, SessionLimits } from '../operators/sessions';
import { CONSOLE_LANGUAGE_COOKIE, consoleCookieName } from './cookies';
import { consoleXsrfToken, guard, type ConsoleRefusal } from './guard';
import { consoleLanguageOf, type ConsoleLanguage } from './language';
import { consoleTranslator } from './texts';

/**
 * One console request as its pages and actions see it: the database of the embedded API (the
 * console is part of it: with a real upstream there is none), the cookie settings, the language,
 * the session cookie and the client's address.
 */
export type ConsoleRequest = {
  config: AppConfig;
  db: Database;
  cookieConfig: RequestCookieConfig;
  language: ConsoleLanguage;
  cookie: string | undefined;
  clientAddress: string;
  pageAddress: string;
  limits: SessionLimits;
};

export function sessionLimitsOf(config: AppConfig): SessionLimits {
  return { idleMinutes: config.CONSOLE_SESSION_IDLE_MINUTES, maxHours: config.CONSOLE_SESSION_MAX_HOURS };
}

export const consoleRequest = cache(async (): Promise<ConsoleRequest> => {
  const config = getConfig();
  if (config.UPSTREAM_API_URL) notFound();
  const [list, store, api] = await Promise.all([headers(), cookies(), embeddedApi()]);
  const cookieConfig = cookieConfigFor(config, (name) => list.get(name) ?? undefined);
  return {
    config,
    db: api.db,
    cookieConfig,
    language: consoleLanguageOf(store.get(CONSOLE_LANGUAGE_COOKIE)?.value, list.get('accept-language')),
    cookie: store.get(consoleCookieName(cookieConfig))?.value,
    // Without server.mjs (next dev) every client shares one limit, as for the participants' codes.
    clientAddress: clientAddressOf(list) ?? 'unknown',
    pageAddress: list.get(PAGE_ADDRESS_HEADER) ?? '/admin',
    limits: sessionLimitsOf(config),
  };
});

export type PageSession = ConsoleRequest & { session: ConsoleSession; xsrf: string };

/**
 * A console page's session: without one, off to sign-in (saying why when a cookie had been there);
 * a role that may not see the page gets the refusal to show instead.
 */
export async function pageSession(action: ConsoleActionName): Promise<PageSession | { refusal: ConsoleRefusal; request: ConsoleRequest }> {
  const request = await consoleRequest();
  const result = await guard(request.db, { cookie: request.cookie, action, page: true, secret: request.config.sessionSecret, limits: request.limits });
  if (!result.ok) {
    if (result.refusal.problem === 'signedOut') redirect(request.cookie ? '/admin/signin?ended=1' : '/admin/signin');
    return { refusal: result.refusal, request };
  }
  return { ...request, session: result.session, xsrf: consoleXsrfToken(result.session, request.config.sessionSecret) };
}

/** The state a console form's action answers: a message to show (already in the operator's language), and which field it concerns. */
export type ConsoleFormState = {
  error?: string;
  field?: string;
  notice?: string;
  /** The error's items, each on its own (a refused file's problems), shown as a list below it. */
  problems?: string[];
  /** What the operator typed, given back after a refusal (never a password). */
  values?: Record<string, string>;
} | null;

/**
 * A server action's session: the same checks as a page's, and for a change the form's XSRF token.
 * A refusal is answered as the form's error, in the operator's language; nothing was done.
 */
export async function actionSession(action: ConsoleActionName, formData: FormData): Promise<ActionSession> {
  const xsrf = formData instanceof FormData ? formData.get('xsrf') : null;
  return actionSessionWith(action, typeof xsrf === 'string' ? xsrf : null);
}

type ActionSession = { ok: true; request: ConsoleRequest; session: ConsoleSession } | { ok: false; state: ConsoleFormState };

/** The same for an action a script calls with arguments instead of a form (passkeys): the XSRF token is one of them. */
export async function actionSessionWith(action: ConsoleActionName, xsrf: unknown): Promise<ActionSession> {
  const request = await consoleRequest();
  const result = await guard(request.db, { cookie: request.cookie, xsrf: typeof xsrf === 'string' ? xsrf.slice(0, 200) : null, action, secret: request.config.sessionSecret, limits: request.limits });
  if (!result.ok) {
    const t = consoleTranslator(request.language, 'common');
    return { ok: false, state: { error: t(`refusal.${result.refusal.problem}`) } };
  }
  return { ok: true, request, session: result.session };
}
