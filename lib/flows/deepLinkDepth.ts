import { GROUP_VARIANTS, groupVariant } from './groupVariants';

/** The ident code's deep link: /home/{code}/{language}/{portalId} (spec §2). */
const HOME_SEGMENTS = 3;

/** How many segments each deep-link route takes below its name: the group entries by their variant's row. */
const DEPTH: ReadonlyMap<string, number> = new Map([
  ['home', HOME_SEGMENTS],
  ...GROUP_VARIANTS.map((variant): [string, number] => {
    const row = groupVariant(variant);
    return [row.routes.entry.slice(1), row.languageToken ? 2 : 1];
  }),
]);

/** How many segments a deep-link route takes below its name ('home', 'kodew', …); undefined for other routes. */
export function deepLinkDepth(route: string): number | undefined {
  return DEPTH.get(route);
}

/**
 * Whether an address goes deeper than its deep-link route takes (/kodew/{code}/{lang}/more), and so
 * names no page. proxy.ts sends it to the 404 page before the route renders: a page that calls
 * notFound() gets a 404 whose HTML Next leaves to the browser's scripts (no title, no text until
 * they run; vercel/next.js#62228), where an address no route matches gets the whole 404 page.
 */
export function isBeyondItsRoute(pathname: string): boolean {
  const [route, ...rest] = pathname.split('/').filter(Boolean);
  const depth = route === undefined ? undefined : deepLinkDepth(route);
  return depth !== undefined && rest.length > depth;
}
