import type { Page } from '@playwright/test';
import type { Backend, Key } from './engine';

/** Chromium through the suite's own Playwright page: the reference the other engines are compared with. */
export function chromiumBackend(page: Page): Backend {
  return {
    name: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    currentUrl: async () => page.url(),
    run: async <T>(source: string, args: unknown[]) => (await page.evaluate(`(${source}).apply(null, ${JSON.stringify(args)})`)) as T,
    click: (selector) => page.locator(selector).click(),
    type: (selector, text) => page.locator(selector).pressSequentially(text),
    press: (key: Key) => page.keyboard.press(key === 'Space' ? ' ' : key),
    select: async (selector, optionText) => void (await page.locator(selector).selectOption({ label: optionText })),
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    screenshot: () => page.screenshot(),
    cookies: async () => (await page.context().cookies()).map((c) => ({ name: c.name, secure: c.secure })),
    close: async () => undefined,
  };
}
