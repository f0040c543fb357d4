'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Moves focus to an element that the coming render shows or changes (the next page's indicator, a
 * question with its new message, a button that appears). The focus moves in the same commit as
 * the content, so a key pressed once the new content is there already acts from the new place and
 * a screen reader hears the new content from where the focus is. A frame later, for a call that
 * changed nothing and so caused no render.
 */
export function useFocusAfterRender() {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const flush = useCallback(() => {
    const target = pending.current;
    pending.current = null;
    target?.()?.focus();
  }, []);
  useLayoutEffect(() => {
    if (pending.current) flush();
  });
  return useCallback(
    (target: () => HTMLElement | null | undefined) => {
      pending.current = target;
      requestAnimationFrame(() => {
        if (pending.current === target) flush();
      });
    },
    [flush],
  );
}
