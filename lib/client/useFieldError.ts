'use client';

import { useState } from 'react';

/**
 * A code field's error, said again each time it is shown: sent empty twice, the field's alert is
 * mounted anew (`errorKey`), because a screen reader does not read a live region again whose text
 * did not change.
 */
export function useFieldError() {
  const [state, setState] = useState<{ text: string; shown: number }>();
  return {
    error: state?.text,
    errorKey: state?.shown,
    show: (text: string) => setState((previous) => ({ text, shown: (previous?.shown ?? 0) + 1 })),
    clear: () => setState(undefined),
  };
}
