'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * After a client-side route change, focus goes to the new page's main heading: a screen reader
 * then says where the participant is, and Tab goes on from the top of the new content instead of
 * from <body>. A full page load keeps the browser's default, and so does a new page that placed
 * focus itself (an autoFocus field).
 */
export function RouteFocus() {
  return <FocusOnRouteChange route={usePathname()} />;
}

/** The part of RouteFocus that does not need the router, so that a test can change the route. */
export function FocusOnRouteChange({ route }: { route: string }) {
  const shown = useRef(route);

  useEffect(() => {
    if (shown.current === route) return;
    shown.current = route;
    const main = document.getElementById('main');
    if (!main) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== main && main.contains(focused)) return;
    const target = main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [route]);

  return null;
}
