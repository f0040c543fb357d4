// Plain JavaScript: server.mjs names each request's route with this before anything is compiled (see route.d.mts).
import { belowBasePath } from '../edge/basePath.mjs';
import { isStaticPath } from '../edge/methods.mjs';
import { patternOf } from '../edge/pageRoutes.mjs';
import { routedPath } from '../edge/requestPath.mjs';

/**
 * The route label of a request: the pattern of the page or route handler that serves its path, as
 * the build's manifest names it ("/kodew/[[...params]]", "/api/[...path]"), never the path, which
 * holds codes. One value each for the build's files (/_next/static), Next's other paths (/_next)
 * and the files of public/ (public); every path no route serves, one that does not parse, one
 * outside the base path, is "unmatched". So the label has as many values as the build has routes.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * @param {string | undefined} url the request target as it arrived
 * @param {{ basePath: string, routes: readonly import('../edge/pageRoutes.mjs').PageRoute[] | undefined, publicFiles: Set<string> }} build
 *   routes: undefined in development, where pages compile as they are asked for: all are unmatched there
 */
export function routeLabel(url, { basePath, routes, publicFiles }) {
  const routed = routedPath(url);
  const target = routed === undefined ? undefined : belowBasePath(routed, basePath);
  if (target === undefined) return UNMATCHED_ROUTE;
  if (target.startsWith('/_next/static/')) return '/_next/static';
  if (target.startsWith('/_next/')) return '/_next';
  if (isStaticPath(target, publicFiles)) return 'public';
  return (routes && patternOf(target, routes)) ?? UNMATCHED_ROUTE;
}
