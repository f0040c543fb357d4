/**
 * The one same-origin rule, for the proxy's API calls (lib/proxy/checks.ts) and for page POSTs
 * before Next (server actions, lib/edge/serverActions.mjs). A browser says where a request comes
 * from: a Sec-Fetch-Site other than same-origin, or an Origin whose host is not the host the
 * request was sent to, is cross-origin. That host is the first X-Forwarded-Host only behind
 * trusted proxies (otherwise the client wrote it), else Host; Next's own server-action check
 * compares the same two. A request with no Origin is no browser's POST, so no other site can be
 * riding on its cookies.
 *
 * header(name) gives a request header (lower-case name) or undefined.
 */
export function isSameOriginRequest(header, trustForwardedHost) {
  const site = header('sec-fetch-site');
  if (site && site !== 'same-origin') return false;
  const origin = header('origin');
  if (!origin) return true;
  let originHost;
  try {
    originHost = origin === 'null' ? undefined : new URL(origin).host;
  } catch {
    return false;
  }
  const forwardedHost = trustForwardedHost ? header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = forwardedHost || header('host');
  return Boolean(originHost) && originHost === host;
}
