import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { isSameOrigin } from '@/lib/proxy/checks';
import { refuse } from '@/lib/proxy/refusal';
import { allowedOriginsFor, contentSecurityPolicy, newNonce, NONCE_HEADER, PAGE_ADDRESS_HEADER } from '@/lib/security/csp';
import { cookieConfigOf } from '@/lib/session/cookieSecurity';
import { readSessionCookie, sessionCookies, xsrfCookie, XSRF_COOKIE } from '@/lib/session/cookies';
import { newSession } from '@/lib/session/data';
import { languageInAddress, withChosenLanguage } from '@/lib/flows/addressLanguage';
import { NOT_FOUND_PATH } from '@/lib/edge/requestPath.mjs';
import { isBeyondItsRoute } from '@/lib/flows/deepLinkDepth';
import { servesDemoLinks } from '@/lib/upstream/demoLinks';
import { isXsrfTokenFor, issueXsrfToken } from '@/lib/session/xsrf';
import { CONSOLE_HEADER, isConsolePath } from '@/lib/admin/console/paths';

/**
 * Before a page renders: refuse a cross-origin POST (a forged server action) before Next's action
 * handler sees it; give the response a fresh CSP nonce; and make sure the visitor has a session
 * cookie and an XSRF-TOKEN cookie bound to it, so the first form post already passes the proxy's
 * checks. Server components cannot set cookies; this can, and the cookies it sets are visible to
 * this very render.
 */
export function proxy(request: NextRequest) {
  const config = getConfig();
  if (request.method === 'POST' && !isSameOrigin(request.headers, config.TRUST_PROXY_HOPS)) {
    return refuse(403, 'cross-origin request refused');
  }

  const { pathname } = request.nextUrl;
  if (isConsolePath(pathname)) return consoleResponse(request, config);

  const nonce = newNonce();
  const policy = contentSecurityPolicy({ nonce, dev: config.NODE_ENV === 'development', allowed: allowedOriginsFor(request.nextUrl.pathname) });
  // Next reads the nonce from the request's policy and puts it on its own scripts.
  const requestHeaders = new Headers(request.headers);
  // Only this proxy says a request is the console's: a client's own header says nothing.
  requestHeaders.delete(CONSOLE_HEADER);
  requestHeaders.set('content-security-policy', policy);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set(PAGE_ADDRESS_HEADER, `${request.nextUrl.basePath}${request.nextUrl.pathname}${request.nextUrl.search}`);
  // A deep link deeper than its route, and /home-dev outside demo mode, name no page: the 404 page,
  // whole (lib/flows/deepLinkDepth.ts: a page's own notFound() would leave its HTML to the scripts).
  const unmatched = request.nextUrl.clone();
  unmatched.pathname = NOT_FOUND_PATH;
  const noPage = isBeyondItsRoute(pathname) || (pathname === '/home-dev' && !servesDemoLinks(config));
  const response = noPage
    ? NextResponse.rewrite(unmatched, { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', policy);

  const cookieConfig = cookieConfigOf(config, request.headers);
  let session = readSessionCookie((name) => request.cookies.get(name)?.value, cookieConfig);
  let changed = !session;
  session ??= newSession();
  // The token that finished serves the finished page's own load alone (lib/upstream/pageInfo.ts,
  // finishedToken): any other page drops it, so that it is not kept past that page.
  if (session.finishedToken && pathname !== '/finishedquestionnaire') {
    const { finishedToken: _finished, ...rest } = session;
    session = rest;
    changed = true;
  }
  // A language in the deep link is the participant's choice from this very page on.
  const language = languageInAddress(request.nextUrl.pathname, request.nextUrl.searchParams);
  const chosen = language && withChosenLanguage(session, language);
  if (chosen) {
    session = chosen;
    changed = true;
  }
  if (changed) {
    for (const { name, value, ...options } of sessionCookies(session, cookieConfig)) response.cookies.set(name, value, options);
  }
  if (!isXsrfTokenFor(request.cookies.get(XSRF_COOKIE)?.value, session.sid, config.sessionSecret)) {
    const { name, value, ...options } = xsrfCookie(issueXsrfToken(session.sid, config.sessionSecret), cookieConfig);
    response.cookies.set(name, value, options);
  }
  return response;
}

/**
 * The operator console (app/admin): its own policy and no participant cookies. The root layout sees
 * CONSOLE_HEADER and leaves out the participants' chrome; the console's session cookie is its own
 * (lib/admin/console/cookies.ts). No-store and no referrer: its pages show data about people, and
 * a setup link carries a one-time token in its address. With a real upstream there is no console.
 */
function consoleResponse(request: NextRequest, config: ReturnType<typeof getConfig>) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy({ nonce, dev: config.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', policy);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set(CONSOLE_HEADER, '1');
  requestHeaders.set(PAGE_ADDRESS_HEADER, `${request.nextUrl.basePath}${request.nextUrl.pathname}${request.nextUrl.search}`);
  let response;
  if (config.UPSTREAM_API_URL) {
    const unmatched = request.nextUrl.clone();
    unmatched.pathname = NOT_FOUND_PATH;
    requestHeaders.delete(CONSOLE_HEADER);
    response = NextResponse.rewrite(unmatched, { request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  response.headers.set('content-security-policy', policy);
  response.headers.set('cache-control', 'no-store');
  // same-origin, not no-referrer: with no-referrer Chromium sends a form posted without scripts with "Origin: null",
  // which the cross-origin check refuses; same-origin still keeps a setup link's token from every other site.
  response.headers.set('referrer-policy', 'same-origin');
  return response;
}

export const config = {
  // Question images (app/questionnaire-image) are no page: no policy, and no cookie that would keep them from the cache.
  matcher: ['/((?!api/|questionnaire-image/|_next/static|_next/image|favicon.ico|robots.txt|logo.svg).*)'],
};
