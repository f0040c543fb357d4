'use client';

import type { ChangeEvent } from 'react';

/**
 * The file input of the import, which refuses a file over the limit as soon as it is chosen: sent,
 * such a body would be refused by the server before the action runs (413), with no answer in the form.
 */
export function QuestionnaireFileInput({ maxBytes, tooLarge, describedBy }: { maxBytes: number; tooLarge: string; describedBy: string }) {
  const check = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.setCustomValidity(file && file.size > maxBytes ? tooLarge : '');
    event.currentTarget.reportValidity();
  };
  return <input id="questionnaire-file" name="file" type="file" accept="application/json,.json" required aria-describedby={describedBy} onChange={check} />;
}
