'use client';

import { useEffect, useSyncExternalStore } from 'react';

/*
 * Whether the page on screen keeps what the participant chose past the session's end (the
 * questionnaire's drafts): the questionnaire says it, the timeout dialog reads it. A store of its
 * own rather than a context of the layout: the layout's code is in every page's first load, and the
 * login pages' budget has no room left.
 */
let kept = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  kept = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the page: while it is shown, what is chosen on it is (or is not) kept as a draft. */
export function useAnswersKeptThroughTimeout(value: boolean): void {
  useEffect(() => {
    set(value);
    return () => set(false);
  }, [value]);
}

/** For the dialog. */
export function useAnswersKept(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => kept,
    () => false,
  );
}
