'use client';

import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { EarlyAction } from './earlyFormCapture';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Hands a field's early value to React through the field's own onChange, as if typed now, so that
 * every rule of the form (choosing 'set' by typing a key, clearing errors) applies to it too.
 * React notes the last value it saw of each field and reports only a difference; hydration noted
 * the typed one. Setting the field through its own property first makes React note another value;
 * the prototype's setter then puts the typed one back without React noticing, so the event counts.
 */
function replayChange(field: Field, value: string | boolean): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    field.checked = !value;
    field.click();
    return;
  }
  const wanted = String(value);
  field.value = wanted === '' ? '-' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, wanted);
  // React hears text fields on input and select elements on change.
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Makes a form work before its scripts load (DESIGN.md "Forms before scripts"). The inline capture
 * script of the root layout records what the participant typed or chose and holds a submit or a
 * button press; once this form is hydrated, the values go into React state through the fields'
 * own handlers and the held submit (or press) is carried out with them. Put the returned ref on
 * the <form>. Submit buttons stay enabled in the server's HTML, or Enter could not submit at all.
 */
export function useEarlyForm(): RefObject<HTMLFormElement | null> {
  const formRef = useRef<HTMLFormElement>(null);
  const [held, setHeld] = useState<EarlyAction>();
  const carriedOut = useRef(false);

  // In the hydration commit, before any re-render could write the server's empty values back.
  useLayoutEffect(() => {
    const form = formRef.current;
    const early = window.__earlyForms;
    if (!form || !early || early.live.has(form)) return;
    early.live.add(form);
    for (const [field, value] of early.changes) {
      if (field.form !== form) continue;
      early.changes.delete(field);
      if (field.isConnected && !field.disabled) replayChange(field, value);
    }
    if (early.action?.form === form) {
      const action = early.action;
      early.action = null;
      // The press waits for the render that holds the values above.
      setHeld(action);
    }
  }, []);

  useEffect(() => {
    const form = formRef.current;
    if (!held || !form || carriedOut.current) return;
    carriedOut.current = true;
    if (held.button) {
      if (held.button.isConnected) held.button.click();
      return;
    }
    const submitter = held.submitter instanceof HTMLButtonElement || held.submitter instanceof HTMLInputElement ? held.submitter : null;
    form.requestSubmit(submitter?.form === form ? submitter : null);
  }, [held]);

  return formRef;
}
