'use client';

import { useActionState } from 'react';

/**
 * A server action as a form's action, with the page's own address in the server's HTML. React
 * writes action="" for a server action (post to this page), which HTML does not allow (the Nu HTML
 * Checker refuses it: "Must be non-empty"); useActionState's permalink makes it the address instead.
 * Before the scripts load the form posts there, as it would have anyway; after, React sends the
 * action. The address is the one the server rendered for (PAGE_ADDRESS_HEADER, set by proxy.ts, with
 * the base path): only a form sent before the scripts run goes there.
 */
export function useServerFormAction(action: (previous: null, formData: FormData) => Promise<null>, pageAddress: string): (formData: FormData) => void {
  return useActionState(action, null, pageAddress)[1];
}
