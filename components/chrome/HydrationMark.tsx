'use client';

import { useEffect } from 'react';

/** Marks <html data-hydrated> once the page's script runs, so that test suites know when to type. */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
