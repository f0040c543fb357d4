import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { getConfig } from '@/lib/config';
import { decodeClaims, type TokenClaims } from './claims';
import { cookieConfigFor } from './cookieSecurity';
import { readSessionCookie, sessionCookies, XSRF_COOKIE, xsrfCookie } from './cookies';
import { newSession, type SessionData } from './data';
import { clientAddressOf } from '@/lib/proxy/checks';
import { isXsrfTokenFor, issueXsrfToken } from './xsrf';

/**
 * The session as the current request carries it. The proxy (proxy.ts) makes sure every page
 * request has one; a request that somehow has none sees a fresh, empty session.
 */
export const getSession = cache(async (): Promise<SessionData> => {
  const store = await cookies();
  return readSessionCookie((name) => store.get(name)?.value, await requestCookieConfig()) ?? newSession();
});

/** This request's cookie settings: Secure or not is decided per request (lib/session/cookieSecurity.ts). */
async function requestCookieConfig() {
  const list = await headers();
  return cookieConfigFor(getConfig(), (name) => list.get(name) ?? undefined);
}

export const getClaims = cache(async (): Promise<TokenClaims> => decodeClaims((await getSession()).token));

export const getClientAddress = cache(async (): Promise<string | undefined> => clientAddressOf(await headers()));

/**
 * Only server actions and route handlers may call this: server components cannot set cookies. A
 * session under a new id (sign-out) gets an XSRF token for that id at once, so that the page's
 * next call passes the proxy.
 */
export async function saveSession(session: SessionData): Promise<void> {
  const config = await requestCookieConfig();
  const store = await cookies();
  for (const { name, value, ...options } of sessionCookies(session, config)) store.set(name, value, options);
  if (!isXsrfTokenFor(store.get(XSRF_COOKIE)?.value, session.sid, config.sessionSecret)) {
    const xsrf = xsrfCookie(issueXsrfToken(session.sid, config.sessionSecret), config);
    store.set(xsrf.name, xsrf.value, { httpOnly: xsrf.httpOnly, sameSite: xsrf.sameSite, secure: xsrf.secure, path: xsrf.path });
  }
}
