import { expect, test } from '@playwright/test';
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
});
