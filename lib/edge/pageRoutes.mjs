// Plain JavaScript: server.mjs imports this before anything is compiled (see pageRoutes.d.mts).
import fs from 'node:fs';

/**
 * Which page of the build a path renders, named as the server-reference manifest names a page
 * ("app/support/page"). A form sent without JavaScript can only run an action that its page has:
 * Next looks the action up in that page alone, and any other is a warning with a stack trace.
 * And which route pattern, page or route handler, serves a path: what the metrics count a request
 * under (lib/metrics/route.mjs), never the path itself with the codes in it.
 */

/** The page Next renders for a path that no route matches. */
export const NOT_FOUND_PAGE = 'app/_not-found/page';

/** Static before [one] before [...catch-all] before [[...optional]], segment by segment, as Next ranks routes. */
function rank(segment) {
  if (segment.startsWith('[[...')) return 3;
  if (segment.startsWith('[...')) return 2;
  if (segment.startsWith('[')) return 1;
  return 0;
}

function compareRoutes(a, b) {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const difference = rank(a.segments[i] ?? '') - rank(b.segments[i] ?? '');
    if (difference !== 0) return difference;
  }
  return b.segments.length - a.segments.length;
}

/** The entries of .next/app-path-routes-manifest.json of the given kinds (page, route), best match first. */
function routesOf(appPathRoutes, kinds) {
  return Object.entries(appPathRoutes ?? {})
    .filter(([entry, route]) => kinds.some((kind) => entry.endsWith(`/${kind}`)) && !route.startsWith('/_'))
    .map(([entry, route]) => ({ page: `app${entry}`, route, segments: route.split('/').filter(Boolean) }))
    .sort(compareRoutes);
}

/** The pages of .next/app-path-routes-manifest.json ({"/home/[[...params]]/page": "/home/[[...params]]"}), best match first. */
export function pageRoutesOf(appPathRoutes) {
  return routesOf(appPathRoutes, ['page']);
}

/** The pages and route handlers ("/api/health/route") of the manifest, best match first: every route pattern of the build. */
export function routePatternsOf(appPathRoutes) {
  return routesOf(appPathRoutes, ['page', 'route']);
}

export function readPageRoutes(manifestFile) {
  return pageRoutesOf(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
}

export function readRoutePatterns(manifestFile) {
  return routePatternsOf(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
}

function matches(route, parts) {
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i];
    if (segment.startsWith('[[...')) return true;
    if (segment.startsWith('[...')) return parts.length > i;
    if (i >= parts.length) return false;
    if (!segment.startsWith('[') && segment !== parts[i]) return false;
  }
  return parts.length === route.segments.length;
}

/** The route a path (routed) is served by, undefined when none matches or the path does not decode. */
function routeFor(path, routes) {
  let parts;
  try {
    parts = path.split('/').filter(Boolean).map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  return routes.find((route) => matches(route, parts));
}

/** The page a path (routed, percent-encoding valid) renders; the not-found page when no route matches. */
export function pageOf(path, routes) {
  return routeFor(path, routes)?.page ?? NOT_FOUND_PAGE;
}

/** The route pattern ("/kodew/[[...params]]") a path (routed) is served by; undefined when none matches. */
export function patternOf(path, routes) {
  return routeFor(path, routes)?.route;
}
