import type { Page } from '@playwright/test';

/** Holds the proxy calls matching `pattern` until release(), to see the page while a call runs. */
export async function holdCall(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  // The handler stays: from now on it lets every call through at once.
  return { release: () => release() };
}
