import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { getConfig } from '@/lib/config';
import { decodeClaims, type TokenClaims } from './claims';
import { readSessionCookie, sessionCookie } from './cookies';
import { newSession, type SessionData } from './data';
import { clientAddressOf } from '@/lib/proxy/checks';

/**
 * The session as the current request carries it. The proxy (proxy.ts) makes sure every page
 * request has one; a request that somehow has none sees a fresh, empty session.
 */
export const getSession = cache(async (): Promise<SessionData> => {
  const store = await cookies();
  return readSessionCookie((name) => store.get(name)?.value, getConfig()) ?? newSession();
});

export const getClaims = cache(async (): Promise<TokenClaims> => decodeClaims((await getSession()).token));

export const getClientAddress = cache(async (): Promise<string | undefined> => clientAddressOf(await headers()));

/** Only server actions and route handlers may call this: server components cannot set cookies. */
export async function saveSession(session: SessionData): Promise<void> {
  const { name, value, ...options } = sessionCookie(session, getConfig());
  (await cookies()).set(name, value, options);
}
