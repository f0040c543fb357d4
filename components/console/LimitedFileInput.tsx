'use client';

import type { ChangeEvent } from 'react';

/**
 * A console form's file input that refuses a file over the limit as soon as it is chosen: sent,
 * such a body would be refused by the server before the action runs (413), with no answer in the
 * form. The action checks the size again.
 */
export function LimitedFileInput({ id, name = 'file', accept, maxBytes, tooLarge, describedBy }: { id: string; name?: string; accept: string; maxBytes: number; tooLarge: string; describedBy: string }) {
  const check = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.setCustomValidity(file && file.size > maxBytes ? tooLarge : '');
    event.currentTarget.reportValidity();
  };
  return <input id={id} name={name} type="file" accept={accept} required aria-describedby={describedBy} onChange={check} />;
}
