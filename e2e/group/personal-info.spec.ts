import type { Page, Route } from '@playwright/test';
import { CATALOGUES } from '@/lib/embedded-api/translations';
import { callApi, encryptCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';

/**
 * The personal-info page of the web variant and coming back with the personal
 * access code and key (point 2). Group codes are never used up (every login starts a new
 * participant), so these journeys run anywhere, run after run. KWDEMO01: List "Berufserfahrung"
 * (sortNumber 1) and Text "Abteilung" (sortNumber 2), both required. KWMODAL1: the same, two
 * optional fields without a place (sortNumber 0), and the finish/cancel modal.
 */
const EMAIL = /\/kodewemail$/;

/** Logs in with a group code through the proxy, as the group-code page does, and opens the personal-info page. */
async function openPersonalInfo(page: Page, groupCode: string): Promise<void> {
  await page.goto('/support');
  const login = await (await callApi(page, 'submit/kodew/login', { groupcode: encryptCode(groupCode) })).json();
  expect({ statusCode: login.statusCode, isLoggedIn: login.tokenClaims?.isLoggedIn }).toEqual({ statusCode: 1, isLoggedIn: true });
  await page.goto('/kodewgrouploginpersonal');
  await hydrated(page);
}

/** Logs in on the group-code page, as a participant does, and waits for the personal-info page. */
async function enterGroupCode(page: Page, path: string, label = 'Gruppencode', submit = 'Anmelden'): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel(label, { exact: true }).fill(path.split('/')[2]!);
  await page.getByRole('button', { name: submit }).click();
  await expect(page).toHaveURL(/\/kodewgrouploginpersonal$/);
  await hydrated(page);
}

const errorModal = (page: Page) => page.getByRole('alertdialog', { name: 'Fehler' });

/**
 * Presses save from the keyboard. Where spec §5 disables save it reads as disabled (aria-disabled),
 * which a pointer click in Playwright waits out; a participant can still press it, and learns why.
 */
async function pressSave(page: Page, name = 'Speichern'): Promise<void> {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

/** The labels of the additional fields, in the order they show. */
async function fieldLabels(page: Page, legend = 'Angaben zur Person'): Promise<string[]> {
  const labels = await page.getByRole('group', { name: legend }).locator('label').allInnerTexts();
  return labels.map((label) => label.trim());
}

/** Fills the German demo form completely and acceptably. */
async function fillValid(page: Page, key = 'Sonne2026'): Promise<void> {
  await page.getByLabel('Berufserfahrung').selectOption('3-5');
  await page.getByLabel('Abteilung').fill('Vertrieb');
  await page.getByLabel('Neuer Schlüssel').fill(key);
  await page.getByLabel('Schlüssel wiederholen').fill(key);
  await page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
}

test.describe('@group personal info (/kodewgrouploginpersonal)', () => {
  test('@deployed fields in sortNumber order, required messages, List choices, key rules and the save button, then the e-mail step', async ({ page }) => {
    await enterGroupCode(page, '/kodew/KWDEMO01');
    await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Angaben' })).toBeVisible();
    await expectNoAxeViolations(page);

    // sortNumber 1 before 2, whatever the definition order; both required (marked, and required for screen readers).
    expect(await fieldLabels(page)).toEqual(['Berufserfahrung *', 'Abteilung *']);
    const experience = page.getByLabel('Berufserfahrung');
    const department = page.getByLabel('Abteilung');
    await expect(experience).toHaveAttribute('required', '');
    await expect(department).toHaveAttribute('required', '');
    await expect(experience.locator('option')).toHaveText(['Bitte auswählen', '0-2', '3-5', '6-10', '10+']);

    // No account yet: no keep, 'set' forced, consent unticked and free; save reads as disabled.
    await expect(page.getByRole('radio')).toHaveCount(0);
    const privacy = page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ });
    await expect(privacy).not.toBeChecked();
    await expect(privacy).toBeEnabled();
    const save = page.getByRole('button', { name: 'Speichern' });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('mindestens 6 Zeichen', { exact: false }).first()).toBeVisible();

    // A press explains everything that is missing; the fields then say what they need.
    await pressSave(page);
    const modal = errorModal(page);
    await expect(modal).toContainText('Bitte prüfen Sie die markierten Angaben zur Person.');
    await expect(modal).toContainText('Der persönliche Schlüssel muss mindestens 6 Zeichen lang sein.');
    await expect(modal).toContainText('Bitte bestätigen Sie, dass Sie die Datenschutzerklärung gelesen haben');
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    // Back to the first field that needs the participant.
    await expect(experience).toBeFocused();
    await expect(experience).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Bitte wählen Sie einen Eintrag aus.' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Bitte füllen Sie dieses Feld aus.' })).toBeVisible();
    await expectNoAxeViolations(page);

    await experience.selectOption('6-10');
    await department.fill('   ');
    await expect(page.getByText('Bitte wählen Sie einen Eintrag aus.')).toHaveCount(0);
    await expect(page.getByText('Bitte füllen Sie dieses Feld aus.')).toBeVisible();
    await department.fill('Vertrieb');
    await expect(page.getByText('Bitte füllen Sie dieses Feld aus.')).toHaveCount(0);

    // Key rules: at least 6 characters and equal to the confirmation, and consent.
    const key = page.getByLabel('Neuer Schlüssel');
    const confirmation = page.getByLabel('Schlüssel wiederholen');
    await key.fill('abcde');
    await confirmation.fill('abcde');
    await privacy.check();
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await pressSave(page);
    await expect(modal).toHaveText(/mindestens 6 Zeichen/);
    await expect(modal).not.toContainText('Angaben zur Person');
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await expect(save).toBeFocused();
    await key.fill('Sonne2026');
    await confirmation.fill('Sonne2025');
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await confirmation.fill('Sonne2026');
    await expect(save).not.toHaveAttribute('aria-disabled');
    await privacy.uncheck();
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await privacy.check();

    await page.getByRole('button', { name: 'Datenschutzerklärung lesen' }).click();
    await expect(page.getByRole('dialog', { name: 'Datenschutzerklärung' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The access code never reaches browser storage.
    await save.click();
    await expect(page).toHaveURL(EMAIL);
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie);
    expect(stored).not.toMatch(/Sonne2026|accessCode/i);
  });

  test('the finish/cancel modal variant (KWMODAL1): cancel keeps everything, finish saves; fields without a place come last', async ({ page }) => {
    await openPersonalInfo(page, 'KWMODAL1');
    expect(await fieldLabels(page)).toEqual(['Berufserfahrung *', 'Abteilung *', 'Standort', 'Führungsverantwortung']);
    await expect(page.getByLabel('Standort')).not.toHaveAttribute('required');
    // kodew-strengths sets no privacy text of its own, and the suite's servers have no content/privacy.json: the built-in one.
    await page.getByRole('button', { name: 'Datenschutzerklärung lesen' }).click();
    await expect(page.getByRole('dialog', { name: 'Datenschutzerklärung' })).toContainText(CATALOGUES['de-DE'].PrivacyText);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Datenschutzerklärung' })).toBeHidden();
    await fillValid(page);
    await page.getByLabel('Führungsverantwortung').selectOption('ja');
    const save = page.getByRole('button', { name: 'Speichern' });
    await save.click();
    const finish = page.getByRole('alertdialog', { name: 'Angaben abschließen' });
    await expect(finish).toBeVisible();
    await expect(finish.getByRole('button', { name: 'Abschließen' })).toBeFocused();
    await expectNoAxeViolations(page);
    await finish.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(finish).toBeHidden();
    await expect(save).toBeFocused();
    await expect(page).toHaveURL(/\/kodewgrouploginpersonal$/);
    await expect(page.getByLabel('Abteilung')).toHaveValue('Vertrieb');
    await expect(page.getByLabel('Neuer Schlüssel')).toHaveValue('Sonne2026');

    await save.click();
    await finish.getByRole('button', { name: 'Abschließen' }).click();
    await expect(page).toHaveURL(EMAIL);
  });

  test('a refused save shows the common error display, with everything typed still there', async ({ page }) => {
    await openPersonalInfo(page, 'KWDEMO01');
    await fillValid(page);
    await page.route('**/api/submit/kodew/personalinfo', (route: Route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ statusCode: 5, detailCode: 0 }) }),
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(errorModal(page)).toHaveText(/Ihre Angaben konnten nicht gespeichert werden/);
    await errorModal(page).getByRole('button', { name: 'Schließen' }).click();
    await expect(page.getByLabel('Abteilung')).toHaveValue('Vertrieb');
    await expect(page.getByLabel('Berufserfahrung')).toHaveValue('3-5');
    await expect(page).toHaveURL(/\/kodewgrouploginpersonal$/);
  });

  test('filled in and saved before the scripts run', async ({ page }) => {
    const problems = watchPageProblems(page, { consoleErrors: false });
    await openPersonalInfo(page, 'KWDEMO01');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**', async (route) => {
      if (route.request().resourceType() === 'script') await released;
      await route.continue();
    });
    await page.goto('/kodewgrouploginpersonal', { waitUntil: 'commit' });
    await page.getByLabel('Abteilung').waitFor();
    await fillValid(page, 'Stern2026');
    await page.getByLabel('Schlüssel wiederholen').press('Enter');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(/\/kodewgrouploginpersonal$/);
    release();
    await expect(page).toHaveURL(EMAIL);
    expect(problems).toEqual([]);
    // What was typed before the scripts ran is what was saved.
    const info = await (await callApi(page, 'pageinfo/kodew/personalinfo', {})).json();
    expect(info.additionalFieldsWithValues.map((f: { value: string }) => f.value)).toEqual(['Vertrieb', '3-5']);
    expect(info.hasAccount).toBe(true);
  });

  test('on a 390 px phone: nothing sticks out, the form and its modals pass axe', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openPersonalInfo(page, 'KWMODAL1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const label of ['Berufserfahrung', 'Abteilung', 'Neuer Schlüssel', 'Schlüssel wiederholen']) {
      const box = (await page.getByLabel(label).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expectNoAxeViolations(page);
    await fillValid(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Angaben abschließen' })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
});

test.describe('@group coming back with the personal access code and key', () => {
  test('another day, another device: the personal key on /accesscode, back where they left off, keep offered and consent locked', async ({ page, browser }) => {
    await enterGroupCode(page, '/kodew/KWDEMO01/en', 'Group code', 'Sign in');
    await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
    expect(await fieldLabels(page, 'About you')).toEqual(['Work experience *', 'Department *']);
    await page.getByLabel('Work experience').selectOption('10+');
    await page.getByLabel('Department').fill('Einkauf');
    await page.getByLabel('New key').fill('Mond2026');
    await page.getByLabel('Confirm key').fill('Mond2026');
    await page.getByRole('checkbox', { name: /read the privacy policy/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(EMAIL);
    // The participant reads their personal access code on the e-mail step (its page info says the same).
    const { accessCode } = await (await callApi(page, 'pageinfo/kodew/personalinfo', {})).json();
    expect(accessCode).toMatch(/^[A-Z0-9]{9}$/);

    const later = await browser.newContext();
    const back = await later.newPage();
    await back.goto(`/home/${accessCode}/en`);
    await expect(back).toHaveURL(/\/accesscode$/);
    await hydrated(back);
    await expect(back.getByText('Please enter the personal key you set with your personal details.')).toBeVisible();
    await expectNoAxeViolations(back);
    const keyField = back.getByLabel('Personal key', { exact: true });
    await keyField.fill(accessCode);
    await back.getByRole('button', { name: 'Sign in' }).click();
    const wrong = back.getByRole('alertdialog');
    await expect(wrong).toContainText('The personal key you entered is incorrect.');
    await wrong.getByRole('button').click();
    await keyField.fill('Mond2026');
    await back.getByRole('button', { name: 'Sign in' }).click();
    // Nothing answered yet: the manual, as after the e-mail step.
    await expect(back).toHaveURL(/\/questionnairemanual$/);

    await back.goto('/kodewgrouploginpersonal');
    await hydrated(back);
    await expect(back.getByRole('radio', { name: 'Keep current key' })).toBeChecked();
    const privacy = back.getByRole('checkbox', { name: /read the privacy policy/ });
    await expect(privacy).toBeChecked();
    await expect(privacy).toBeDisabled();
    await expect(back.getByLabel('Work experience')).toHaveValue('10+');
    await expect(back.getByLabel('Department')).toHaveValue('Einkauf');
    const newKey = back.getByLabel('New key', { exact: true });
    await expect(newKey).toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations(back);
    // A click into a key field chooses 'set'; choosing 'keep' again clears what was typed.
    await newKey.click({ force: true });
    await expect(back.getByRole('radio', { name: 'Set a new key' })).toBeChecked();
    await newKey.fill('abc');
    await back.getByRole('radio', { name: 'Keep current key' }).check();
    await expect(newKey).toHaveValue('');
    // Keeping the key goes straight on to the manual: no e-mail step.
    await back.getByRole('button', { name: 'Save' }).click();
    await expect(back).toHaveURL(/\/kodewquestionnairemanual$/);
    await later.close();
  });
});
