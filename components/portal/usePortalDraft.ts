'use client';

import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { parsePortalDraft, portalDraftKey, portalDraftText, type PortalDraft, type PortalStep } from '@/lib/flows/portalDraft';
import type { InvoiceForm } from '@/lib/validation/portal';

/**
 * Keeps the portal flow's values and page in this tab's sessionStorage and brings them back after
 * a reload (lib/flows/portalDraft.ts says what is kept and why). Read once, before the first paint
 * after hydration; written after each change. A storage that refuses (a private mode, a full
 * quota, storage turned off) leaves the flow working as before, only without the draft.
 */
export function usePortalDraft(values: InvoiceForm, step: PortalStep | { page: 3 }, restore: (draft: PortalDraft) => void): void {
  // The form as first rendered, before a stored draft replaces it: its render must not be written
  // over the draft about to be shown. Whatever comes after (the draft, or the draft and what was
  // typed before the scripts ran, in one render) is written.
  const firstValues = useRef(values);
  // Undefined until the stored draft was read; then whether one is being restored.
  const restoring = useRef<boolean | undefined>(undefined);
  const onRestore = useEffectEvent(restore);

  useLayoutEffect(() => {
    const draft = attempt(() => parsePortalDraft(sessionStorage.getItem(portalDraftKey(location.pathname))));
    restoring.current = draft !== undefined && draft !== null;
    if (draft) onRestore(draft);
  }, []);

  useEffect(() => {
    if (restoring.current === undefined || (restoring.current && values === firstValues.current)) return;
    restoring.current = false;
    const key = portalDraftKey(location.pathname);
    const text = portalDraftText(values, step);
    attempt(() => (text === null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, text)));
  }, [values, step]);
}

function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}
