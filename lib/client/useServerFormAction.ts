'use client';

import { useActionState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { withBasePath } from '@/lib/edge/basePath.mjs';

/**
 * A server action as a form's action, with the page's own address in the server's HTML. React
 * writes action="" for a server action (post to this page), which HTML does not allow (the Nu HTML
 * Checker refuses it: "Must be non-empty"); useActionState's permalink makes it the address instead.
 * Before the scripts load the form posts there, as it would have anyway; after, React sends the action.
 * usePathname() omits the base path; the address in the HTML needs it.
 */
export function useServerFormAction(action: (previous: null, formData: FormData) => Promise<null>): (formData: FormData) => void {
  const pathname = withBasePath(usePathname());
  const search = useSearchParams().toString();
  const [, formAction] = useActionState(action, null, search ? `${pathname}?${search}` : pathname);
  return formAction;
}
