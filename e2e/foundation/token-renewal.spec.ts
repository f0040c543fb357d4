import type { BrowserContext } from '@playwright/test';
import { enterAccessCode } from '../support/api';
import { next, pageIndicator, rankPage } from '../support/questionnaire';
import { expect, needs, test } from '../support/deployed';

/** The app in front of the stand-in upstream, whose tokens live 30 s (playwright.config.ts). */
const FRONT = process.env.E2E_FRONT_URL ?? 'http://localhost:3101';

const sessionCookie = async (context: BrowserContext) => (await context.cookies(FRONT)).find((c) => c.name.endsWith('session'))?.value;

test.describe('@foundation token renewal', needs('standin'), () => {
  test('a token renewed while a page renders on the server is stored, and work goes on past the old expiry', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${FRONT}/home/P1SELF001`);
    await enterAccessCode(page, 'SELF4711');
    await page.waitForURL(/\/questionnaire(manual)?$/);
    const signedIn = Date.now();
    const before = await sessionCookie(page.context());

    // Past half the lifetime, rendering /questionnaire gets a new token from the upstream.
    await page.waitForTimeout(16_000);
    await page.goto(`${FRONT}/questionnaire`);
    await expect(pageIndicator(page)).toHaveText(/^Seite \d von 6$/);
    await expect.poll(() => sessionCookie(page.context()), { timeout: 10_000 }).not.toBe(before);
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toMatch(/session=/);
    expect(visible).not.toMatch(/eyJ/);

    // Beyond the first token's expiry the participant still turns pages.
    await page.waitForTimeout(Math.max(0, signedIn + 31_000 - Date.now()));
    const start = await pageIndicator(page).textContent();
    await rankPage(page, 1);
    const number = Number(/Seite (\d)/.exec(start ?? '')?.[1]);
    await next(page, `Seite ${number + 1} von 6`);
  });
});
