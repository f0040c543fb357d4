'use client';

import { useEffect, useRef } from 'react';

/**
 * After a page turn inside the portal (the address stays the same, so RouteFocus does not see it),
 * the new page's heading takes focus: a screen reader says where the buyer is, and Tab goes on
 * from the top of the new content.
 */
export function useHeadingFocus<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const heading = ref.current;
    if (!enabled || !heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [enabled]);
  return ref;
}
