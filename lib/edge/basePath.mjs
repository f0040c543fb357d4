// Plain JavaScript: next.config.mjs and server.mjs import this before anything is compiled, and pages
// and client components import withBasePath (see basePath.d.mts). No node: imports here, for the browser.

/**
 * The app under a path of its host (https://example.org/assessment/): Next's basePath, fixed at
 * build from BASE_PATH (next.config.mjs). Next prefixes what it builds itself (next/link,
 * router navigation, redirect(), /_next assets); every other address that leaves the app (fetch,
 * window.location, a plain <a href>, an icon, the PayPal stand-in) goes through withBasePath.
 * Routes inside the app (lib/flows' "/error", "/home/…") never carry it.
 */

/** One or two segments of letters, digits, "-", "_", ".", "~" (not "." or ".." alone), no trailing slash. */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._~-]+$/;

/**
 * The base path BASE_PATH names: '' when unset or empty; '/seg' or '/seg/seg' otherwise. Throws an
 * Error saying what is wrong, for a build or a start to stop with it.
 */
export function parseBasePath(value) {
  if (value === undefined || value === '') return '';
  const problem = `BASE_PATH '${value}' is not a base path: it must be empty or '/segment' or '/segment/segment' (letters, digits, '-', '_', '.', '~'), with no trailing slash, e.g. BASE_PATH=/assessment`;
  if (typeof value !== 'string' || !value.startsWith('/')) throw new Error(problem);
  const segments = value.slice(1).split('/');
  if (segments.length > 2 || !segments.every((segment) => SEGMENT.test(segment))) throw new Error(problem);
  return value;
}

/**
 * The path below the base path ("/assessment/home/X" → "/home/X", "/assessment" → "/"), as Next
 * routes it; undefined for a path outside it ("/home/X", "/assessmentx"). Without a base path, the path itself.
 */
export function belowBasePath(path, basePath) {
  if (!basePath) return path;
  if (path === basePath) return '/';
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
}

/**
 * The address in the browser of an app route ("/error?x" → "/assessment/error?x"), for everything
 * Next does not prefix itself. The build's base path is inlined by Next (next.config.mjs `env`).
 */
export function withBasePath(route, basePath = process.env.NEXT_PUBLIC_BASE_PATH ?? '') {
  if (!basePath || !route.startsWith('/') || route.startsWith('//')) return route;
  return `${basePath}${route}`;
}
