import { expect, test } from '../support/deployed';
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

  // The scan itself: what it must find on a page of the app, in the page and in a frame of its own origin.
  test('the scan finds a picture without a text alternative, in the page and in a same-origin frame', async ({ page }) => {
    await page.goto('/support');
    await hydrated(page);
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src="/favicon.ico">'));
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
    await page.evaluate(() => document.querySelector('main img:not([alt])')!.remove());
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<iframe title="Rahmen" srcdoc="<html lang=de><title>x</title><main><img src=/favicon.ico></main></html>"></iframe>'));
    await expect(page.frameLocator('iframe[title="Rahmen"]').locator('img')).toBeAttached();
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
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
