'use client';

/**
 * Moves on after a call that changed the session (login, registration, finish). A full load, not
 * a client-side transition: the root layout's header (welcome line, language selector) must be
 * rendered again from the new session, and Next keeps layouts across soft navigations.
 */
export function goAfterSessionChange(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
