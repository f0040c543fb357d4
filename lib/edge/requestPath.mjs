// Plain JavaScript: server.mjs imports this before anything is compiled (see requestPath.d.mts).
import { edgeRefusal } from './refusal.mjs';

/** Any path that no route matches, so that Next renders app/not-found.tsx with status 404. */
export const NOT_FOUND_PATH = '/_malformed-path';

/** The request target's path, without the query. */
export function pathOf(url) {
  return (url ?? '/').split('?')[0] || '/';
}

/**
 * The path Next routes a request target to: it parses the target as a WHATWG URL (on the base
 * "http://n", as next/dist/shared/lib/router/utils/parse-url.js does), which resolves "..", "%2e%2e"
 * and "\" segments. "/api/../support" is the page /support, not the API. undefined when it cannot
 * be parsed at all.
 */
export function routedPath(url) {
  const target = url ?? '/';
  try {
    return new URL(target.startsWith('/') ? `http://n${target}` : target).pathname;
  } catch {
    return undefined;
  }
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

/** Whether Next routes the path to the API's route handlers; "/api" alone is no route: the 404 page. */
export function isApiPath(url) {
  return pathOf(url).startsWith('/api/');
}

/** A JSON 400 in the proxy's refusal shape. */
export function malformedPathRefusal() {
  return edgeRefusal(400, 'the path is not valid percent-encoded UTF-8');
}
