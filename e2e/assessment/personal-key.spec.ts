import { callApi, enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';

const PRIVACY_REQUIRED = 'Bitte bestätigen Sie, dass Sie die Datenschutzerklärung gelesen haben und der Verarbeitung Ihrer Angaben zustimmen.';

test.describe('@assessment personal key', needs('single-use-row'), () => {
  test.describe.configure({ mode: 'serial' });

  test('@deployed first login (P1-FIRST): keep or set the key, then sign in with the new one', async ({ page, singleUse }) => {
    const row = await singleUse('P1-FIRST');
    await page.goto(`/home/${row.identCode}`);
    await enterAccessCode(page, row.accessCode!);
    await expect(page).toHaveURL(/\/accesspassword$/);
    await hydrated(page);
    await expectNoAxeViolations(page);

    const keep = page.getByRole('radio', { name: 'Bisherigen Schlüssel behalten' });
    const set = page.getByRole('radio', { name: 'Neuen Schlüssel festlegen' });
    const key = page.getByLabel('Neuer Schlüssel');
    const confirmation = page.getByLabel('Schlüssel wiederholen');
    const privacy = page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ });
    const save = page.getByRole('button', { name: 'Speichern' });
    await expect(keep).toBeChecked();
    await expect(privacy).toBeChecked();
    await expect(privacy).toBeDisabled();
    await expect(save).toBeEnabled();

    // The key fields read as disabled while 'keep' is chosen, yet a click into one chooses 'set'.
    await expect(key).toHaveAttribute('aria-disabled', 'true');
    await key.click({ force: true });
    await expect(set).toBeChecked();
    await expect(key).not.toHaveAttribute('aria-disabled');
    // Choosing 'keep' clears the keys; typing into the field chooses 'set' again.
    await key.fill('abc');
    await keep.check();
    await expect(key).toHaveValue('');
    await key.focus();
    await page.keyboard.type('x');
    await expect(set).toBeChecked();

    await key.fill('abc');
    await confirmation.fill('abd');
    await expect(save).toBeDisabled();
    await confirmation.fill('abc');
    await save.click();
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });
    await expect(modal).toHaveText(/mindestens 5 Zeichen/);
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Schließen' }).click();

    await page.getByRole('button', { name: 'Datenschutzerklärung lesen' }).click();
    await expect(page.getByRole('dialog', { name: 'Datenschutzerklärung' })).toBeVisible();
    // competency-24's own privacy text (its privacyText, content/questionnaires), not the built-in one.
    await expect(page.getByRole('dialog', { name: 'Datenschutzerklärung' })).toContainText('Datenschutzhinweis zum Kompetenzprofil Führung und Zusammenarbeit');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await key.fill('  Sonne2026  ');
    await confirmation.fill('Sonne2026');
    await save.click();
    await expect(page).toHaveURL(/\/questionnairemanual$/);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/info\?/);
    await page.goto(`/home/${row.identCode}`);
    await enterAccessCode(page, row.accessCode!);
    await expect(page.getByRole('alertdialog', { name: 'Fehler' })).toBeVisible();
    await page.getByRole('button', { name: 'Schließen' }).click();
    await enterAccessCode(page, 'Sonne2026');
    // The first login is done: straight to the manual.
    await expect(page).toHaveURL(/\/questionnairemanual$/);
  });

  test('registration (P1-REGISTER), then sign-in with the key set there', async ({ page, singleUse }) => {
    const row = await singleUse('P1-REGISTER');
    await page.goto(`/home/${row.identCode}`);
    await expect(page).toHaveURL(/\/register$/);
    await hydrated(page);
    await expectNoAxeViolations(page);
    await expect(page.getByRole('radio', { name: 'Bisherigen Schlüssel behalten' })).toHaveCount(0);
    const privacy = page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ });
    await expect(privacy).not.toBeChecked();
    const save = page.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();

    // Not registered before: the last name must be entered (spec §5).
    await expect(page.getByLabel('Nachname')).toHaveAttribute('required');
    await page.getByLabel('Nachname').focus();
    await page.getByLabel('Nachname').blur();
    await expect(page.getByText('Bitte geben Sie Ihren Nachnamen ein.')).toBeVisible();
    await page.getByLabel('Vorname').fill('  Rita ');
    await page.getByLabel('Nachname').fill('Neu');
    await page.getByLabel('E-Mail-Adresse').fill('rita.neu@example.com');
    const key = page.getByLabel('Neuer Schlüssel');
    await key.fill('abcd');
    await page.getByLabel('Schlüssel wiederholen').fill('abcd');
    await privacy.check();
    await expect(page.getByText('Der Schlüssel muss mindestens 5 Zeichen lang sein.')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByLabel('Nachname').press('Enter');
    await expect(key).toBeFocused();

    await key.fill('Mond2026');
    await page.getByLabel('Schlüssel wiederholen').fill('Mond2025');
    await expect(page.getByText('Die Wiederholung stimmt nicht mit dem Schlüssel überein.')).toBeVisible();
    await page.getByLabel('Schlüssel wiederholen').fill('Mond2026');
    await expectNoAxeViolations(page);
    await save.click();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    await expect(page.getByText('Willkommen, Rita Neu')).toBeVisible();

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/info\?/);
    await page.goto(`/home/${row.identCode}`);
    await expect(page).toHaveURL(/\/accesscode$/);
    await enterAccessCode(page, 'Mond2026');
    await expect(page).toHaveURL(/\/questionnairemanual$/);
  });

  test('registering again (P1-REREG): after the key, /register shows the data on record, consent ticked and locked, the key kept; the last name may stay empty', async ({ page, singleUse }) => {
    const row = await singleUse('P1-REREG');
    // The ident code alone shows nobody's data: the key comes first (docs/operations.md, P1-REREG).
    await page.goto(`/home/${row.identCode}`);
    await enterAccessCode(page, row.accessCode!);
    await expect(page).toHaveURL(/\/register$/);
    await hydrated(page);
    await expect(page.getByLabel('Vorname')).toHaveValue('Rita');
    await expect(page.getByLabel('Nachname')).toHaveValue('Registriert');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('rita.registriert@example.org');
    const privacy = page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ });
    await expect(privacy).toBeChecked();
    await expect(privacy).toBeDisabled();
    const keep = page.getByRole('radio', { name: 'Bisherigen Schlüssel behalten' });
    await expect(keep).toBeChecked();
    const save = page.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeEnabled();
    await expectNoAxeViolations(page);

    // Registered before: the last name is not asked for again (spec §5), so an empty one blocks nothing.
    const lastName = page.getByLabel('Nachname');
    await expect(lastName).not.toHaveAttribute('required');
    await lastName.fill('');
    await lastName.blur();
    await expect(page.getByText('Bitte geben Sie Ihren Nachnamen ein.')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(save).toBeEnabled();
    await lastName.fill('Registriert');

    await save.click();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    await expect(page.getByText('Willkommen, Rita Registriert')).toBeVisible();

    // Registered now: the same key signs in straight to the manual.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/info\?/);
    await page.goto(`/home/${row.identCode}`);
    await enterAccessCode(page, row.accessCode!);
    await expect(page).toHaveURL(/\/questionnairemanual$/);
  });
});

test.describe('@assessment personal key, by keyboard', () => {
  test('registration (P1-VIEW-REGISTER, never saved): Enter with everything but the consent says so and takes focus to the consent; a failed save gives focus back to save', async ({ page }) => {
    await page.goto('/support');
    expect((await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1VIEWR01' })).json()).statusCode).toBe(1);
    await page.goto('/register');
    await hydrated(page);
    await page.getByLabel('Nachname').fill('Neu');
    await page.getByLabel('Neuer Schlüssel').fill('Mond2026');
    await page.getByLabel('Schlüssel wiederholen').fill('Mond2026');
    const privacy = page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ });
    const save = page.getByRole('button', { name: 'Speichern' });
    const message = page.getByRole('main').getByRole('alert');
    await expect(save).toBeDisabled();
    await expect(message).toHaveCount(0);

    // Save is disabled (spec §5), so Enter is how a keyboard user asks to save: it must not be met with silence.
    await page.getByLabel('Schlüssel wiederholen').press('Enter');
    await expect(message).toHaveText(PRIVACY_REQUIRED);
    await expect(privacy).toBeFocused();
    await expect(privacy).toHaveAttribute('aria-invalid', 'true');
    await expect(privacy).toHaveAccessibleDescription(PRIVACY_REQUIRED);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Space');
    await expect(privacy).toBeChecked();
    await expect(message).toHaveCount(0);
    await expect(save).toBeEnabled();

    // The save fails (nothing is saved: the call is answered here): closed, the error modal gives focus back to save.
    await page.route('**/api/submit/kodekodex/register', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ statusCode: 13, detailCode: 24 }) }),
    );
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Datenschutzerklärung lesen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(save).toBeFocused();
  });
});
