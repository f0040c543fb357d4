import type { ConsoleMessage, Page } from '@playwright/test';

type Options = {
  /** Console errors count too (a hydration mismatch is only told there); off where a journey checks uncaught errors alone. */
  consoleErrors?: boolean;
  /** A console error the journey causes on purpose (a 500 it provokes, a page not there yet). */
  expected?: (message: ConsoleMessage) => boolean;
};

/**
 * The script errors a page reports from now on: uncaught errors and, unless told otherwise, console
 * errors. A journey expects none; the array fills as they come.
 */
export function watchPageProblems(page: Page, { consoleErrors = true, expected }: Options = {}): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  if (consoleErrors) {
    page.on('console', (message) => {
      if (message.type() === 'error' && !expected?.(message)) problems.push(message.text());
    });
  }
  return problems;
}
