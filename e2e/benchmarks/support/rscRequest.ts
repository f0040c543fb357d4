/**
 * What the browser's router asks for in a client-side navigation, for benchmarks that measure
 * what such steps would cost the server: the RSC payload of a page (`RSC: 1`), either of the whole
 * tree (no router state: the root layout rendered again too, as after a new token) or with the
 * router state of the route before (only the page's own segment).
 */
export type RscRequest = { headers: Record<string, string>; query: string };

type CacheBusting = (...headers: Array<string | undefined>) => Promise<string>;
let cacheBusting: Promise<CacheBusting> | undefined;

/** The router state of a page at the top-level route `from` ("kodewemail"), as the header carries it. */
function routerStateOf(from: string): string {
  return encodeURIComponent(JSON.stringify(['', { children: [from, { children: ['__PAGE__', {}] }] }, null, null, 1]));
}

/** `from`: the route the browser is on (its router state is sent); none for the whole tree. */
export async function rscRequest(from?: string): Promise<RscRequest> {
  // Next's own hash of the headers: a wrong one is answered with a redirect, not the payload.
  cacheBusting ??= import('next/dist/shared/lib/router/utils/cache-busting-search-param.js').then(
    (module) => (module as unknown as { computeCacheBustingSearchParam: CacheBusting }).computeCacheBustingSearchParam,
  );
  const hash = await cacheBusting;
  if (from === undefined) return { headers: { rsc: '1' }, query: `?_rsc=${await hash(undefined, undefined, undefined, undefined)}` };
  const tree = routerStateOf(from);
  return { headers: { rsc: '1', 'next-router-state-tree': tree }, query: `?_rsc=${await hash(undefined, undefined, tree, undefined)}` };
}
