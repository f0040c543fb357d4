import { expect, type Page, type Route } from '@playwright/test';

/**
 * A slow phone: the page is on screen while its scripts are still on the way (docs/architecture.md, "Forms
 * before scripts"). Holds every script bundle until release(); styles load, so the page shows as
 * on a slow phone.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (route.request().resourceType() === 'script') await released;
    await route.continue();
  };
  await page.route('**/_next/static/**', handler);
  return {
    /** Loads a page without waiting for its scripts (the load event waits for them). */
    goto: (path: string) => page.goto(path, { waitUntil: 'commit' }),
    // The handler stays: from now on it lets every request through at once.
    release: () => release(),
  };
}

/** The scripts have not run yet: what happens now happens before hydration. */
export async function expectNotHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
}
