// Plain JavaScript: server.mjs imports this before anything is compiled (see requestPath.d.mts).
import { edgeRefusal } from './refusal.mjs';

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

/** A JSON 400 in the proxy's refusal shape. */
export function malformedPathRefusal() {
  return edgeRefusal(400, 'the path is not valid percent-encoded UTF-8');
}
