import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { readSessionCookie, sessionCookie, xsrfCookie, XSRF_COOKIE } from '@/lib/session/cookies';
import { newSession } from '@/lib/session/data';
import { languageInAddress, withChosenLanguage } from '@/lib/flows/addressLanguage';
import { isXsrfTokenFor, issueXsrfToken } from '@/lib/session/xsrf';

/**
 * Before a page renders: make sure the visitor has a session cookie and an XSRF-TOKEN cookie
 * bound to it, so the first form post already passes the proxy's checks. Server components
 * cannot set cookies; this can, and the cookies it sets are visible to this very render.
 */
export function proxy(request: NextRequest) {
  const config = getConfig();
  const response = NextResponse.next();
  let session = readSessionCookie((name) => request.cookies.get(name)?.value, config);
  let changed = !session;
  session ??= newSession();
  // A language in the deep link is the participant's choice from this very page on.
  const language = languageInAddress(request.nextUrl.pathname, request.nextUrl.searchParams);
  const chosen = language && withChosenLanguage(session, language);
  if (chosen) {
    session = chosen;
    changed = true;
  }
  if (changed) {
    const { name, value, ...options } = sessionCookie(session, config);
    response.cookies.set(name, value, options);
  }
  if (!isXsrfTokenFor(request.cookies.get(XSRF_COOKIE)?.value, session.sid, config.sessionSecret)) {
    const { name, value, ...options } = xsrfCookie(issueXsrfToken(session.sid, config.sessionSecret), config);
    response.cookies.set(name, value, options);
  }
  return response;
}

export const config = {
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|robots.txt|logo.svg).*)'],
};
