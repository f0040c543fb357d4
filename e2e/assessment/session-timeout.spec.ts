import type { Browser } from '@playwright/test';
import { enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { next, pageIndicator, questions, rankPage } from '../support/questionnaire';
import { ended, sessionEnds, stay, toPageOne, warning } from '../support/sessionTimeout';

/**
 * A session that ends announces itself (WCAG 2.2.1, the HMRC timeout dialog), can be extended, and
 * loses nothing chosen when it does end. Tokens here live 45 s and the warning comes 20 s before
 * their end, so a journey sees it about 25 s after the last renewal (a page load or a draft, once
 * the token is older than 4.5 s, a tenth of its life). The server is this file's own, so every
 * demo row on it is fresh; each journey uses a row of its own. The journeys that let the session
 * end are in session-ended.spec.ts, on a server of their own; the files run one after another in
 * the project 'timers' (playwright.config.ts).
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 72;
const TTL_SECONDS = 45;

test.describe('@assessment the session\'s end', needs('own-server'), () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, { TOKEN_TTL_SECONDS: String(TTL_SECONDS), SESSION_WARNING_SECONDS: '20' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('the warning comes before the end, "Stay signed in" extends, and a page turn works past the first end (P1-READY)', async ({ page }) => {
    test.setTimeout(120_000);
    await toPageOne(page, server!.url, 'P1DEMO01', 'RANK4711');
    await rankPage(page, 0);

    await expect(warning(page)).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(warning(page)).toContainText(/Aus Sicherheitsgründen endet Ihre Sitzung in \d+ Sekunden\./);
    await expect(warning(page)).toContainText('Ihre gewählten Antworten sind gespeichert');
    await expect(stay(page)).toBeFocused();
    const firstEnd = await sessionEnds(page.context(), server!.url);
    expect(firstEnd).toBeGreaterThan(Date.now());

    await stay(page).click();
    await expect(warning(page)).toBeHidden();
    await expect.poll(() => sessionEnds(page.context(), server!.url)).toBeGreaterThan(firstEnd);

    // Past the end the session had before it was extended, the participant goes on.
    await page.waitForTimeout(Math.max(0, firstEnd + 1000 - Date.now()));
    await expect(ended(page)).toHaveCount(0);
    await next(page, 'Seite 2 von 6');
    // The page turn saved page 1.
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await expect(page.locator('main input[type=radio]:checked')).toHaveCount(16);
  });


  test('the dialog by keyboard alone: focus on "Stay signed in", kept in the dialog, Escape extends and gives focus back; axe with it open (P1-RESUME)', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${server!.url}/home/P1RESUME1`);
    await enterAccessCode(page, 'RESUME4711');
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 6');
    await hydrated(page);
    const firstRadio = questions(page).first().getByRole('radio').first();
    await firstRadio.focus();
    await page.keyboard.press('Space');
    await expect(firstRadio).toBeChecked();

    await expect(warning(page)).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(stay(page)).toBeFocused();
    await expectNoAxeViolations(page);
    // Tab and Shift+Tab never reach the page behind: focus is on the dialog's button or, between
    // two rounds, on none at all (the browser's own controls).
    const focusIsOutsideTheDialog = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return !!active && active !== document.body && !active.closest('dialog[open]');
      });
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusIsOutsideTheDialog(), `focus after ${key}`).toBe(false);
    }
    await stay(page).focus();

    const firstEnd = await sessionEnds(page.context(), server!.url);
    await page.keyboard.press('Escape');
    await expect(warning(page)).toBeHidden();
    await expect(firstRadio).toBeFocused();
    await expect.poll(() => sessionEnds(page.context(), server!.url)).toBeGreaterThan(firstEnd);
    await expect(firstRadio).toBeChecked();
  });


  test('open in two tabs, extended in one: the other closes its dialog too (P1-VIEW)', async ({ browser }: { browser: Browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const first = await context.newPage();
    await first.goto(`${server!.url}/home/P1VIEW001`);
    await enterAccessCode(first, 'VIEW4711');
    await expect(first).toHaveURL(/\/questionnairemanual$/);
    const second = await context.newPage();
    await second.goto(`${server!.url}/questionnairemanual`);
    await hydrated(first);
    await hydrated(second);

    await expect(warning(first)).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(warning(second)).toBeVisible();
    const firstEnd = await sessionEnds(context, server!.url);
    await stay(second).click();
    await expect(warning(second)).toBeHidden();
    await expect(warning(first)).toBeHidden();
    await expect.poll(() => sessionEnds(context, server!.url)).toBeGreaterThan(firstEnd);
    // Both pages go on: the manual's link works in the first.
    await first.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(first)).toHaveText('Seite 1 von 6');
    await context.close();
  });
});
