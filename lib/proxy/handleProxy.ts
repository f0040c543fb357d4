import { browserRequestSchema, isCallPath } from '@/lib/api/catalogue';
import type { AppConfig } from '@/lib/config';
import { withSessionDefaults } from '@/lib/session/callDefaults';
import { sessionAfterCall } from '@/lib/session/callEffects';
import { translationsChanged } from '@/lib/session/translationsChange';
import { portalReportRefusal } from './portalReport';
import { decodeClaims } from '@/lib/session/claims';
import { cookieConfigOf } from '@/lib/session/cookieSecurity';
import { parseCookieHeader, readSessionCookie, serializeCookie, sessionCookies, XSRF_COOKIE, XSRF_HEADER, xsrfCookie } from '@/lib/session/cookies';
import { checkXsrf, issueXsrfToken } from '@/lib/session/xsrf';
import { sendCall } from '@/lib/upstream/client';
import { fieldWithNul, JSON_DEPTH_LIMIT, nestsDeeperThan } from './bodyLimits';
import { clientAddressOf, describeIssue, isSameOrigin, readLimitedBody } from './checks';
import { cookiesMissingRefusal } from './cookiesMissing';
import { refuse } from './refusal';

export type ProxyDeps = { config: AppConfig; send?: typeof sendCall };

/**
 * The only door from the browser to the upstream: a known call, POST, same origin with the
 * session's XSRF token, a bounded and valid body. The token is injected from the session cookie
 * and a returned token is stored there, never handed to page JavaScript.
 */
export async function handleProxy(request: Request, segments: string[], deps: ProxyDeps): Promise<Response> {
  const { config } = deps;
  const send = deps.send ?? sendCall;
  const path = segments.join('/');
  if (!isCallPath(path)) return refuse(404, `unknown call '${path}'`);
  if (request.method !== 'POST') return refuse(405, `method ${request.method} is not allowed; use POST`, { allow: 'POST' });

  const cookies = parseCookieHeader(request.headers.get('cookie'));
  const cookieConfig = cookieConfigOf(config, request.headers);
  const session = readSessionCookie((name) => cookies.get(name), cookieConfig);
  if (!isSameOrigin(request.headers, config.TRUST_PROXY_HOPS)) return refuse(403, 'cross-origin request refused');
  const noCookies = cookiesMissingRefusal(cookies, cookieConfig, clientAddressOf(request.headers));
  if (noCookies) return noCookies;
  if (!session) return refuse(403, 'no session: load a page first');
  if (!checkXsrf(cookies.get(XSRF_COOKIE), request.headers.get(XSRF_HEADER), session.sid, config.sessionSecret)) {
    return refuse(403, 'missing or invalid X-XSRF-TOKEN header');
  }

  const text = await readLimitedBody(request);
  if (text === 'too-large') return refuse(413, 'body is larger than 256 KiB');
  if (text === 'aborted') return refuse(400, 'the body ended early');
  // Before parsing: a value nested this deep would overflow the stack of whatever walks it next.
  if (nestsDeeperThan(text)) return refuse(400, `body is nested deeper than ${JSON_DEPTH_LIMIT} levels`);
  let raw: unknown;
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return refuse(400, 'body is not valid JSON');
  }
  const parsed = browserRequestSchema(path).safeParse(raw);
  if (!parsed.success) return refuse(400, describeIssue(parsed.error));
  const withNul = fieldWithNul(parsed.data);
  if (withNul) return refuse(400, `${withNul}: must not contain a NUL character`);

  const body = withSessionDefaults(path, parsed.data as Record<string, unknown>, session);
  const notOurs = portalReportRefusal(path, body, session);
  if (notOurs) return refuse(403, notOurs);
  const { response, failure } = await send(path, body as never, { clientAddress: clientAddressOf(request.headers) });
  // A known call whose flow the upstream does not offer (yet): a plain 4xx, not an Exception.
  if (failure === 'not-available') return refuse(404, `call '${path}' is not available`);

  const headers = new Headers({ 'cache-control': 'no-store' });
  if (typeof response === 'string') {
    headers.set('content-type', 'text/plain; charset=utf-8');
    return new Response(response, { status: 200, headers });
  }
  const answer = response as Record<string, unknown>;
  const nextSession = failure ? session : sessionAfterCall(path, body, answer, session);
  if (JSON.stringify(nextSession) !== JSON.stringify(session)) {
    for (const cookie of sessionCookies(nextSession, cookieConfig)) headers.append('set-cookie', serializeCookie(cookie));
  }
  // A login gave the session a new id: the page's next call needs an XSRF token for it.
  if (nextSession.sid !== session.sid) headers.append('set-cookie', serializeCookie(xsrfCookie(issueXsrfToken(nextSession.sid, config.sessionSecret), cookieConfig)));
  // The token stays in the cookie; the page learns only the claims it routes by (spec §4).
  const { token, ...visible } = answer;
  if (typeof token === 'string' && token) visible.tokenClaims = decodeClaims(token);
  if (!translationsChanged(session, nextSession, body.uiLanguage)) delete visible.translations;
  headers.set('content-type', 'application/json; charset=utf-8');
  const status = failure === 'timeout' ? 504 : failure ? 502 : 200;
  return new Response(JSON.stringify(visible), { status, headers });
}
