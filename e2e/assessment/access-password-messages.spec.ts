import { expect, test } from '../support/deployed';
import { callApi, encryptCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';

/**
 * /accesspassword: where spec §5 disables save (keys differ, key empty) the
 * button reads as disabled, yet pressing it tells why in the error modal (ConfirmAccesskeyValid,
 * AccesskeyValid). Row: P1-VIEW-FIRST (its key is never saved here).
 */
test.describe('@assessment access password messages', () => {
  test('save with differing or missing keys explains in the error modal and gives focus back', async ({ page }) => {
    await page.goto('/support');
    await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1VIEWF01' });
    await callApi(page, 'submit/kodekodex/login', { passwordHash: encryptCode('VIEWF4711') });
    await page.goto('/accesspassword');
    await hydrated(page);
    const key = page.getByLabel('Neuer Schlüssel');
    const confirmation = page.getByLabel('Schlüssel wiederholen');
    const save = page.getByRole('button', { name: 'Speichern' });
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });

    await page.getByRole('radio', { name: 'Neuen Schlüssel festlegen' }).check();
    await key.fill('Sonne2026');
    await confirmation.fill('Sonne2025');
    // Disabled as spec §5 says (announced so, and looks so), but not dead: it can be reached and pressed.
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations(page);
    await save.focus();
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Die beiden Eingaben stimmen nicht überein.');
    await expect(modal).not.toContainText('mindestens 5 Zeichen');
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await expect(modal).toBeHidden();
    await expect(save).toBeFocused();

    // A mouse click on it explains as well; both messages when both apply.
    await key.fill('abc');
    await confirmation.fill('');
    await save.click({ force: true });
    await expect(modal).toContainText('Der Schlüssel muss mindestens 5 Zeichen lang sein.');
    await expect(modal).toContainText('Die beiden Eingaben stimmen nicht überein.');
    await page.keyboard.press('Escape');

    // Enter in a key field explains too.
    await key.fill('');
    await confirmation.press('Enter');
    await expect(modal).toContainText('Der Schlüssel muss mindestens 5 Zeichen lang sein.');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/accesspassword$/);

    // Equal keys: save reads as enabled again.
    await key.fill('Sonne2026');
    await confirmation.fill('Sonne2026');
    await expect(save).not.toHaveAttribute('aria-disabled');
  });
});
