'use client';

import { withBasePath } from '@/lib/edge/basePath.mjs';

/**
 * Moves on after a call that changed the session (login, registration, finish). A full load, not
 * a client-side transition: the root layout's header (welcome line, language selector) must be
 * rendered again from the new session, and Next keeps layouts across soft navigations. `to` is an
 * app route ("/manual"): the browser goes there under the base path.
 */
export function goAfterSessionChange(to: string, options: { replace?: boolean } = {}): void {
  const address = withBasePath(to);
  if (options.replace) window.location.replace(address);
  else window.location.assign(address);
}
