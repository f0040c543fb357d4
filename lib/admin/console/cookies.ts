import type { RequestCookieConfig } from '@/lib/session/cookieSecurity';
import type { CookieSpec } from '@/lib/session/cookies';

/** Where the console lives, under the app's base path. */
export function consolePath(config: Pick<RequestCookieConfig, 'BASE_PATH'>): string {
  return `${config.BASE_PATH ?? ''}/admin`;
}

/**
 * The console's own session cookie: httpOnly, SameSite=Strict, and sent to the console's paths
 * only, so that participant pages never carry it. __Host- needs Path=/, which would send it to
 * every participant page; __Secure- keeps what it can (only a secure page can set it).
 */
export function consoleCookieName(config: Pick<RequestCookieConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Secure-console' : 'console';
}

export function consoleCookie(value: string, config: RequestCookieConfig, maxAgeSeconds: number): Omit<CookieSpec, 'maxAge'> & { maxAge: number } {
  return { name: consoleCookieName(config), value, httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: consolePath(config), maxAge: maxAgeSeconds };
}

export function clearedConsoleCookie(config: RequestCookieConfig): CookieSpec {
  return { name: consoleCookieName(config), value: '', httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: consolePath(config), maxAge: 0 };
}

/** The console's language, chosen in its header: not a secret, and of no use to page scripts. */
export const CONSOLE_LANGUAGE_COOKIE = 'console-language';
