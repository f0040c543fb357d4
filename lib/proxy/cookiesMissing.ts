import { ExtraDetailCode } from '@/lib/api/codes';
import { logOnce } from '@/lib/log/once';
import type { RequestCookieConfig } from '@/lib/session/cookieSecurity';
import { sessionCookieName, XSRF_COOKIE } from '@/lib/session/cookies';
import { refuse } from './refusal';

/**
 * Every page the app sends sets the session and the XSRF cookie (proxy.ts), and only a page of the
 * app makes calls. A call that carries neither by name, or only one, comes from a browser that does
 * not keep this site's cookies: blocked in its settings, a privacy mode, a frame inside another
 * site. The refusal says so (ExtraDetailCode.CookiesMissing), so that the error page tells the
 * participant what happened and what to do, where a plain 403 showed an internal error with no
 * detail code. Logged once per client address (the address itself is not logged): one line says
 * that this browser keeps no cookies; every further call of it would say it again.
 */
export function cookiesMissingRefusal(cookies: Map<string, string>, config: RequestCookieConfig, clientAddress: string | undefined): Response | undefined {
  const missing = [sessionCookieName(config), XSRF_COOKIE].filter((name) => !cookies.has(name));
  if (missing.length === 0) return undefined;
  logOnce(`cookies_missing:${clientAddress ?? 'unknown'}`, 'warn', 'cookies_missing', {
    missing,
    reason: 'a call came without cookies that every page sets: this browser keeps no cookies for the site',
  });
  return refuse(403, `no ${missing.join(' and no ')} cookie came back: the browser keeps no cookies for this site`, {}, ExtraDetailCode.CookiesMissing);
}
