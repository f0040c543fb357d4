'use client';

import { useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
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

/** Carries out a submit or button press that the capture script held. */
function carryOut(form: HTMLFormElement, action: EarlyAction): void {
  if (action.button) {
    if (action.button.isConnected) action.button.click();
    return;
  }
  const submitter = action.submitter;
  const own = (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === form;
  form.requestSubmit(own ? submitter : null);
}

/**
 * Makes a form work before its scripts load (docs/architecture.md, "Forms before scripts"). The inline capture
 * script of the root layout records what the participant typed or chose and holds a submit or a
 * button press; once this form is hydrated, the values go into React state through the fields'
 * own handlers and the held submit (or press) is carried out with them. Put the returned ref on
 * the <form>. Submit buttons stay enabled in the server's HTML, or Enter could not submit at all.
 */
export function useEarlyForm(): RefObject<HTMLFormElement | null> {
  const formRef = useRef<HTMLFormElement>(null);

  // In the hydration commit the form goes live: from here on its own handlers hear the participant.
  useLayoutEffect(() => {
    const form = formRef.current;
    const early = window.__earlyForms;
    if (!form || !early || early.live.has(form)) return;
    early.live.add(form);
    const changes = [...early.changes].filter(([field]) => field.form === form);
    for (const [field] of changes) early.changes.delete(field);
    const action = early.action?.form === form ? early.action : null;
    if (action) early.action = null;
    if (changes.length === 0 && !action) return;
    // Outside React's commit, and each change rendered before the next, as typing would be: a
    // handler that builds on the state of its render (setData({ ...data, … })) then sees the
    // change before. The held press comes last, with every value in place.
    queueMicrotask(() => {
      for (const [field, value] of changes) {
        if (field.isConnected && !field.disabled) flushSync(() => replayChange(field, value));
      }
      if (action) carryOut(form, action);
    });
  }, []);

  return formRef;
}
