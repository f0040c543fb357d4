'use client';

import { useActionState, useEffect, useRef } from 'react';
import type { ConsoleFormState } from '@/lib/admin/console/request';

/**
 * The one way a console form talks to its server action: the page's address as the permalink, so
 * that the form works before the scripts load (the server renders the action's answer in place);
 * after an answer, what the operator typed comes back (React empties a form after its action) and
 * the focus goes to the field the answer names, else to a result the answer brought (codes, a
 * preview), else to the message. Pending comes from useActionState, not react-dom (eslint.config.mjs).
 */
export function useConsoleForm<S extends ConsoleFormState>(action: (previous: S, formData: FormData) => Promise<S>, pageAddress: string) {
  const [state, formAction, pending] = useActionState<S, FormData>(action as (previous: Awaited<S>, formData: FormData) => Promise<S>, null as Awaited<S>, pageAddress);
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLElement>(null);
  const result = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!state) return;
    const element = form.current;
    for (const [name, value] of Object.entries(state.values ?? {})) {
      const input = element?.elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = value === input.value;
      else if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement || input instanceof HTMLTextAreaElement) input.value = value;
    }
    const target = state.field ? element?.elements.namedItem(state.field) : null;
    if (target instanceof HTMLElement) target.focus();
    else if (result.current && !state.error) result.current.focus();
    else message.current?.focus();
  }, [state]);
  return { state, formAction, pending, form, message, result };
}
