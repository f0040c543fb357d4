import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { hydrated, signIn } from '../support/api';

test.describe('@foundation accessibility', () => {
  for (const path of ['/error', '/error?statusCode=9', '/info?statusCode=1&detailCode=20', '/maintenance', '/no-such-page', '/support', '/header-area', '/footer-area', '/home-dev']) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('@deployed axe finds nothing with the imprint modal open and with the welcome line', async ({ page }) => {
    await signIn(page, 'P1SELF001', 'SELF4711');
    await page.goto('/support');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Impressum' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the skip link leads to the content by keyboard', async ({ page }) => {
    await page.goto('/support');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});
