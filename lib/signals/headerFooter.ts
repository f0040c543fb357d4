/**
 * "What the header and footer show has changed" (a branding change), told to whoever keeps a copy
 * of it in this process: the page loader's cache (lib/upstream/headerFooterCache.ts). The console
 * and the local admin channel change branding in this process and tell it here; other processes
 * (workers, a second instance, the command line on PostgreSQL) learn it from PostgreSQL's
 * notification on HEADER_FOOTER_CHANNEL (lib/sql/listen.ts), which the embedded API passes on here.
 *
 * The listeners live on globalThis: Next bundles the console's actions and the pages separately,
 * and a module-level set could exist once per bundle.
 */
export const HEADER_FOOTER_CHANNEL = 'header_footer_changed';

const LISTENERS = Symbol.for('assessment-web.header-footer-listeners');
type Holder = { [LISTENERS]?: Set<() => void> };

function listeners(): Set<() => void> {
  const holder = globalThis as Holder;
  holder[LISTENERS] ??= new Set();
  return holder[LISTENERS];
}

/** Calls `listener` at every change from now on; the function returned stops that. */
export function onHeaderFooterChange(listener: () => void): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

export function announceHeaderFooterChange(): void {
  for (const listener of listeners()) listener();
}
