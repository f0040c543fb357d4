import type { RequestCookieConfig } from './cookieSecurity';
import { tokenExpiresAt } from './claims';
import { sealSession, unsealSession, type SessionData } from './data';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** When the session's token expires (milliseconds since 1970), readable by page JavaScript: see sessionEndsCookie. */
export const SESSION_ENDS_COOKIE = 'session-ends';

/**
 * One request's cookie settings (lib/session/cookieSecurity.ts decides Secure per request); BASE_PATH:
 * the path the app is served under ('' or absent: none).
 */
type CookieConfig = RequestCookieConfig;

/**
 * __Host- binds the cookie to this exact origin; browsers only accept it with Secure and Path=/.
 * Under a base path the cookies carry Path=<base path>, so that another app on the same host under
 * another path neither receives nor overwrites them; __Host- is then impossible, and __Secure- keeps
 * what it can: only a secure page can set the cookie (docs/architecture.md, "Session and proxy").
 */
export function sessionCookieName(config: Pick<CookieConfig, 'secureCookies' | 'BASE_PATH'>): string {
  if (!config.secureCookies) return 'session';
  return config.BASE_PATH ? '__Secure-session' : '__Host-session';
}

/** The Path of every cookie the app sets: its base path, or '/'. */
export function cookiePath(config: Pick<CookieConfig, 'BASE_PATH'>): string {
  return config.BASE_PATH || '/';
}

export type CookieSpec = {
  name: string;
  value: string;
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
  secure: boolean;
  path: string;
  /** Only to delete a cookie (0); every other cookie here lives as long as the browser session. */
  maxAge?: 0;
};

export function sessionCookie(session: SessionData, config: CookieConfig): CookieSpec {
  return {
    name: sessionCookieName(config),
    value: sealSession(session, config.sessionSecret),
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: cookiePath(config),
  };
}

/**
 * Readable by page JavaScript on purpose, and no secret: the moment the token expires, so that
 * every tab announces the session's end in time (components/session/SessionTimeout.tsx) and sees
 * when another tab extended it. Written wherever the session cookie is; deleted without a token, or
 * with a token that names no expiry.
 */
export function sessionEndsCookie(session: SessionData, config: CookieConfig): CookieSpec {
  const expiresAt = tokenExpiresAt(session.token);
  return {
    name: SESSION_ENDS_COOKIE,
    value: expiresAt === undefined ? '' : String(expiresAt),
    httpOnly: false,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: cookiePath(config),
    ...(expiresAt === undefined && { maxAge: 0 as const }),
  };
}

/** The session cookie and the one that says when it ends: the two are always written together. */
export function sessionCookies(session: SessionData, config: CookieConfig): CookieSpec[] {
  return [sessionCookie(session, config), sessionEndsCookie(session, config)];
}

/** Readable by page JavaScript on purpose: that is how double-submit works. It holds no secret. */
export function xsrfCookie(value: string, config: CookieConfig): CookieSpec {
  return { name: XSRF_COOKIE, value, httpOnly: false, sameSite: 'strict', secure: config.secureCookies, path: cookiePath(config) };
}

export function readSessionCookie(get: (name: string) => string | undefined, config: CookieConfig): SessionData | undefined {
  return unsealSession(get(sessionCookieName(config)), config.sessionSecret);
}

/** Parses a Cookie header; the first duplicate wins, as browsers send the most specific first. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    if (!cookies.has(name)) {
      try {
        cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
      } catch {
        cookies.set(name, part.slice(index + 1).trim());
      }
    }
  }
  return cookies;
}

export function serializeCookie(spec: CookieSpec): string {
  return [
    `${spec.name}=${encodeURIComponent(spec.value)}`,
    `Path=${spec.path}`,
    spec.maxAge === 0 ? 'Max-Age=0' : '',
    spec.httpOnly ? 'HttpOnly' : '',
    spec.secure ? 'Secure' : '',
    `SameSite=${spec.sameSite === 'lax' ? 'Lax' : 'Strict'}`,
  ]
    .filter(Boolean)
    .join('; ');
}
