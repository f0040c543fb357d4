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
  // Undefined until the stored draft was read; then the draft being restored, or null. Nothing is
  // written before: the first render's empty form would overwrite the draft it is about to show.
  const restoring = useRef<PortalDraft | null | undefined>(undefined);
  const onRestore = useEffectEvent(restore);

  useLayoutEffect(() => {
    const draft = attempt(() => parsePortalDraft(sessionStorage.getItem(portalDraftKey(location.pathname)))) ?? null;
    restoring.current = draft;
    if (draft) onRestore(draft);
  }, []);

  useEffect(() => {
    const pending = restoring.current;
    if (pending === undefined || (pending !== null && values !== pending.values)) return;
    restoring.current = null;
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
