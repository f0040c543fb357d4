// Plain JavaScript: server.mjs imports this before anything is compiled (see requestPath.d.mts).

/** Any path that no route matches, so that Next renders app/not-found.tsx with status 404. */
export const NOT_FOUND_PATH = '/_malformed-path';

function pathOf(url) {
  return (url ?? '/').split('?')[0] ?? '/';
}

/**
 * Whether a request target's path fails to decode (`/home/%ff`, `/home/%c0%af`): Next would
 * answer it with a plain-text 500. The query is left to Next, which parses it leniently.
 */
export function hasMalformedPath(url) {
  try {
    decodeURIComponent(pathOf(url));
    return false;
  } catch {
    return true;
  }
}

export function isApiPath(url) {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

/** The proxy's refusal shape (lib/proxy/refusal.ts): status 400 is PostDataIsInvalid (5). */
export function malformedPathRefusal() {
  return JSON.stringify({ statusCode: 5, detailCode: 0, error: 'the path is not valid percent-encoded UTF-8' });
}
