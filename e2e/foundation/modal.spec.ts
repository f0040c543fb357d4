import { expect, test } from '../support/deployed';
import { hydrated } from '../support/api';

test.describe('@foundation modal system', () => {
  test('the imprint modal opens, closes by Escape, by backdrop and by its button, and gives focus back', async ({ page }) => {
    await page.goto('/support');
    await hydrated(page);
    const opener = page.getByRole('button', { name: 'Impressum' });
    const dialog = page.getByRole('dialog', { name: 'Impressum' });

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Assessment Online GmbH');
    await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.press('Enter');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5); // the backdrop
    await expect(dialog).toBeHidden();

    await opener.click();
    await dialog.getByText('Assessment Online GmbH').click(); // inside: stays open
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('Escape and then at once Shift+Tab: focus moves on from the opener, and the close event that comes later does not take it back', async ({ page }) => {
    await page.goto('/support');
    await hydrated(page);
    const opener = page.getByRole('button', { name: 'Impressum' });
    const dialog = page.getByRole('dialog', { name: 'Impressum' });
    await opener.click();
    await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();

    // The browser fires 'close' in a task of its own; wait for it after the keys, not between them.
    await dialog.evaluate((element) => {
      Reflect.set(window, 'dialogClosed', new Promise<void>((resolve) => element.addEventListener('close', () => resolve(), { once: true })));
    });
    // Sent together, as a fast typist does: the second key comes before that task.
    await Promise.all([page.keyboard.press('Escape'), page.keyboard.press('Shift+Tab')]);
    await page.evaluate(() => Reflect.get(window, 'dialogClosed') as Promise<void>);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeFocused();
  });
});
