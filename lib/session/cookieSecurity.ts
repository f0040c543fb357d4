import type { AppConfig } from '@/lib/config';

/** A request header by its lower-case name, or undefined. */
export type RequestHeader = (name: string) => string | undefined;

type Settings = Pick<AppConfig, 'COOKIE_SECURE' | 'NODE_ENV' | 'PUBLIC_URL' | 'TRUST_PROXY_HOPS'>;

/** The cookie settings of one request: what lib/session/cookies.ts writes and reads by. */
export type RequestCookieConfig = { secureCookies: boolean; sessionSecret: string; BASE_PATH?: string };

/**
 * The host names a browser reaches only on its own machine (RFC 6761 "localhost" and below it, and
 * the loopback addresses): a page there cannot have been sent over anyone's network.
 */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Whether this request's cookies get Secure (and the __Host-/__Secure- prefix). COOKIE_SECURE=true
 * or false decides alone. With auto (the default), development never, and production always but in
 * one case: a plain-http request to a loopback host while PUBLIC_URL is not https and no trusted
 * proxy said https. That is the README's demo on http://localhost:3000. Chromium and Firefox keep a
 * Secure cookie sent over http to localhost, but WebKit (every browser on an iPhone, Safari) drops
 * it, and every form then fails for want of a session (issue 28). A Host header a client forges
 * only changes the cookies of that client's own answer; a deployment reached from elsewhere either
 * says https through its proxy, or has a PUBLIC_URL that is https, and keeps Secure.
 */
export function cookiesSecure(settings: Settings, header: RequestHeader): boolean {
  if (settings.COOKIE_SECURE !== 'auto') return settings.COOKIE_SECURE === 'true';
  if (settings.NODE_ENV !== 'production') return false;
  if (settings.PUBLIC_URL.startsWith('https:')) return true;
  // A trusted proxy's X-Forwarded-Proto (without trusted proxies server.mjs removed it). Any https
  // in a chain means Secure: a forged entry could only add Secure, and the loopback case below
  // still needs the Host of this machine.
  const forwarded = settings.TRUST_PROXY_HOPS > 0 ? (header('x-forwarded-proto') ?? '') : '';
  if (forwarded.split(',').some((proto) => proto.trim().toLowerCase() === 'https')) return true;
  return !isLoopbackHost(header('host'));
}

/** The cookie settings for a request, from the app's configuration and the request's headers. */
export function cookieConfigFor(config: Settings & Pick<AppConfig, 'sessionSecret' | 'BASE_PATH'>, header: RequestHeader): RequestCookieConfig {
  return { secureCookies: cookiesSecure(config, header), sessionSecret: config.sessionSecret, BASE_PATH: config.BASE_PATH };
}

/** The same for a Fetch API request's headers. */
export function cookieConfigOf(config: Settings & Pick<AppConfig, 'sessionSecret' | 'BASE_PATH'>, headers: Headers): RequestCookieConfig {
  return cookieConfigFor(config, (name) => headers.get(name) ?? undefined);
}
