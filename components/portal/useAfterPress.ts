'use client';

import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs a change of the layout after the pointer press under way, if any. Leaving a field shows its
 * message, which pushes the content below it down: done while the mouse button is still down on the
 * next control (a checkbox, the pay button), the release would land beside it and the click be
 * lost. Keyboard and programmatic focus changes run at once.
 */
export function useAfterPress(): (change: () => void) => void {
  const pressed = useRef(false);
  const waiting = useRef<Array<() => void>>([]);

  useEffect(() => {
    const press = () => {
      pressed.current = true;
    };
    const release = () => {
      pressed.current = false;
      const changes = waiting.current.splice(0);
      // After the click that this release completes (it is dispatched in the same task).
      if (changes.length) setTimeout(() => changes.forEach((change) => change()), 0);
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);

  return useCallback((change: () => void) => {
    if (pressed.current) waiting.current.push(change);
    else change();
  }, []);
}
