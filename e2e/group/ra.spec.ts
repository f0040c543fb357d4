import type { Locator, Page } from '@playwright/test';
import { callApi, encryptCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';

/**
 * The requirements analysis end to end in German: one participant of the demo
 * group code RADEMO01 from /ra/RADEMO01 through the group code, name and e-mail with the personal
 * key, the manual (which shows their personal access code: the flow has no e-mail step) and the
 * product-3 grid of ra-requirements (12 questions, one a page) — the details of an item expanded
 * and collapsed, 'nicht beurteilbar' on one question, the rest by keyboard — half-way, then coming
 * back on another device with access code and key, landing where they left off, and finishing.
 * Group codes are never used up, so these journeys run anywhere, run after run.
 *
 * The details step relies on the grid's details mode (components/questionnaire/views/GridView.tsx,
 * built beside this flow): per item an info button with aria-expanded whose accessible name holds
 * the question's text, and the details (definition, synonyms …) shown while it is expanded.
 */
const KEY = 'Anforderung26';
const NAME = 'Nora Berg';
const TOTAL = 12;
const OPTIONS = ['nicht beurteilbar', 'unwichtig', 'eher unwichtig', 'wichtig', 'sehr wichtig'];

/** Presses Tab until the target has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, most = 20): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const errorModal = (page: Page) => page.getByRole('alertdialog', { name: 'Fehler' });
const pageOf = (page: Page, n: number) => page.getByText(`Seite ${n} von ${TOTAL}`, { exact: true });
const radio = (page: Page, caption: string) => page.getByRole('radio', { name: caption, exact: true });

/** On a grid page of one item: Tab into its radios (none chosen: focus on the first), then the arrows choose. */
async function chooseByKeyboard(page: Page, caption: string): Promise<void> {
  await tabTo(page, radio(page, OPTIONS[0]!));
  const index = OPTIONS.indexOf(caption);
  if (index === 0) await page.keyboard.press('Space');
  for (let step = 0; step < index; step++) await page.keyboard.press('ArrowRight');
  await expect(radio(page, caption)).toBeChecked();
}

/** Next (or Save and finish on the last page) from the keyboard. */
async function onward(page: Page, last = false): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: last ? 'Speichern und abschließen' : 'Weiter', exact: true }));
  await page.keyboard.press('Enter');
}

/** Answers pages from..to of the grid by keyboard, 'wichtig' and 'sehr wichtig' in turn. */
async function answerPages(page: Page, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n++) {
    await expect(pageOf(page, n)).toBeVisible();
    await hydrated(page);
    await chooseByKeyboard(page, n % 2 ? 'wichtig' : 'sehr wichtig');
    if (n < TOTAL) await onward(page);
  }
}

test.describe('@group requirements analysis (/ra) end to end', () => {
  test('@deployed /ra/RADEMO01 → name, e-mail and key → manual with the access code → grid with details and not rated → half-way → back with code and key → finished', async ({ page, browser }) => {
    // Twelve grid pages by keyboard, a second browser context and seven axe scans.
    test.setTimeout(120_000);
    let accessCode = '';

    await test.step('group code: the masked field holds the code of the link, sent with Enter', async () => {
      await page.goto('/ra/RADEMO01');
      await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung mit Gruppencode' })).toBeVisible();
      await hydrated(page);
      await expectNoAxeViolations(page);
      const field = page.getByLabel('Gruppencode', { exact: true });
      await expect(field).toHaveValue('RADEMO01');
      await expect(field).toHaveAttribute('type', 'password');
      await tabTo(page, field);
      await page.keyboard.press('Enter');
    });

    await test.step('personal info: name and e-mail (an address that is none is named; blank is fine), key, consent', async () => {
      await expect(page).toHaveURL(/\/grouploginpersonal$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Angaben' })).toBeVisible();
      await hydrated(page);
      await expectNoAxeViolations(page);
      const group = page.getByRole('group', { name: 'Angaben zur Person' });
      await expect(group.getByRole('textbox')).toHaveCount(2);
      const email = page.getByLabel('E-Mail-Adresse (freiwillig)');
      await expect(email).not.toHaveAttribute('aria-required');
      await tabTo(page, page.getByLabel('Name', { exact: true }));
      await page.keyboard.type(NAME);
      await tabTo(page, email);
      await page.keyboard.type('nora@beispiel');
      await page.keyboard.press('Tab');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(/Wenn Sie eine Adresse angeben.*Bitte geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel\.de, oder lassen Sie das Feld leer\./);
      await expectNoAxeViolations(page);

      // Save pressed now: the modal names what is missing; closed, focus is back on the e-mail.
      await page.getByRole('button', { name: 'Speichern' }).focus();
      await page.keyboard.press('Enter');
      await expect(errorModal(page)).toContainText('Bitte prüfen Sie die markierten Angaben zur Person.');
      await expect(errorModal(page)).toContainText('Der persönliche Schlüssel muss mindestens 6 Zeichen lang sein.');
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(email).toBeFocused();
      await email.fill('');
      await expect(email).not.toHaveAttribute('aria-invalid');

      await page.getByRole('button', { name: 'Datenschutzerklärung lesen' }).click();
      const privacy = page.getByRole('dialog', { name: 'Datenschutzerklärung' });
      await expect(privacy).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(privacy).toBeHidden();

      await tabTo(page, page.getByLabel('Neuer Schlüssel', { exact: true }));
      await page.keyboard.type(KEY);
      await tabTo(page, page.getByLabel('Schlüssel wiederholen', { exact: true }));
      await page.keyboard.type(KEY);
      const consent = page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ });
      await tabTo(page, consent);
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('button', { name: 'Speichern' }));
      await page.keyboard.press('Enter');
    });

    await test.step('manual: the personal access code, masked until shown; the welcome line has the name', async () => {
      await expect(page).toHaveURL(/\/questionnairemanual$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Hinweise zum Ausfüllen' })).toBeVisible();
      await expect(page.getByText(`Willkommen, ${NAME}`)).toBeVisible();
      await hydrated(page);
      const code = page.getByRole('status', { name: 'Persönlicher Zugangscode' });
      await expect(code).toHaveText(/^•{9}$/);
      await expectNoAxeViolations(page);
      await tabTo(page, page.getByRole('checkbox', { name: 'Zugangscode anzeigen' }));
      await page.keyboard.press('Space');
      await expect(code).toHaveText(/^[A-Z0-9]{9}$/);
      accessCode = (await code.textContent())!;
      await tabTo(page, page.getByRole('link', { name: 'Weiter' }));
      await page.keyboard.press('Enter');
    });

    await test.step('grid page 1: the details of the item expand and collapse; not rated chosen by keyboard', async () => {
      await expect(page).toHaveURL(/\/questionnaire$/);
      await expect(pageOf(page, 1)).toBeVisible();
      await hydrated(page);
      const info = page.getByRole('button', { name: /Analytisches Denken/ });
      await expect(info).toHaveAttribute('aria-expanded', 'false');
      const definition = page.getByText('Zerlegt komplexe Sachverhalte in ihre Teile und erkennt Zusammenhänge.');
      await expect(definition).toBeHidden();
      await tabTo(page, info);
      await page.keyboard.press('Enter');
      await expect(info).toHaveAttribute('aria-expanded', 'true');
      await expect(definition).toBeVisible();
      await expect(page.getByText('Logisches Denken')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Enter');
      await expect(info).toHaveAttribute('aria-expanded', 'false');
      await expect(definition).toBeHidden();

      await chooseByKeyboard(page, 'nicht beurteilbar');
      await onward(page);
    });

    await test.step('pages 2 to 6 by keyboard, then the browser is closed', async () => {
      await answerPages(page, 2, 6);
      await onward(page);
      await expect(pageOf(page, 7)).toBeVisible();
    });

    await test.step('another device: the access code and the key, back on page 7; the first answer kept', async () => {
      const later = await browser.newContext();
      const back = await later.newPage();
      await back.goto(`/home/${accessCode}`);
      await expect(back).toHaveURL(/\/accesscode$/);
      await hydrated(back);
      await back.getByLabel('Persönlicher Schlüssel', { exact: true }).fill(KEY);
      await back.getByRole('button', { name: 'Anmelden' }).click();
      await expect(back).toHaveURL(/\/questionnaire$/);
      await expect(pageOf(back, 7)).toBeVisible();
      await answerPages(back, 7, TOTAL);
      await onward(back, true);
      const confirm = back.getByRole('alertdialog', { name: 'Befragung abschließen' });
      await tabTo(back, confirm.getByRole('button', { name: 'Jetzt abschließen' }));
      await back.keyboard.press('Enter');
      await expect(back).toHaveURL(/\/finishedquestionnaire$/);
      await expect(back.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();
      await later.close();
    });
  });

  test('coming back to /grouploginpersonal: name and e-mail shown back, keep chosen, consent locked', async ({ page }) => {
    await page.goto('/support');
    expect((await (await callApi(page, 'submit/ra/login', { groupcode: encryptCode('RADEMO01') })).json()).statusCode).toBe(1);
    const saved = await (await callApi(page, 'submit/ra/personalinfo', { name: 'Ida Kern', email: '', password: encryptCode('Sonne2026') })).json();
    expect(saved.statusCode).toBe(1);
    await page.goto('/grouploginpersonal');
    await hydrated(page);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ida Kern');
    await expect(page.getByLabel('E-Mail-Adresse (freiwillig)')).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Bisherigen Schlüssel behalten' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ })).toBeDisabled();
    await page.getByLabel('Name', { exact: true }).fill('Ida Kern-Roth');
    await page.getByLabel('E-Mail-Adresse (freiwillig)').fill('ida@example.com');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    const info = await (await callApi(page, 'pageinfo/ra/personalinfo', {})).json();
    expect(info).toMatchObject({ name: 'Ida Kern-Roth', email: 'ida@example.com', hasAccount: true });
  });

  test('the group-code messages on /ra: an unknown code, an expired one, a web-variant one', async ({ page }) => {
    await page.goto('/ra');
    await hydrated(page);
    const field = page.getByLabel('Gruppencode', { exact: true });
    for (const [code, message] of [
      ['ZZRA9999', 'Der eingegebene Gruppencode ist nicht korrekt. Bitte prüfen Sie Ihre Eingabe.'],
      ['RAEXPIR1', 'Dieser Gruppencode ist abgelaufen. Bitte wenden Sie sich an die Person, die Sie eingeladen hat.'],
      ['KWDEMO01', 'Mit diesem Gruppencode ist hier keine Anmeldung möglich. Bitte prüfen Sie den Link und den Code aus Ihrer Einladung.'],
    ] as const) {
      await field.fill(code);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(errorModal(page)).toContainText(message);
      if (code === 'ZZRA9999') await expectNoAxeViolations(page);
      await errorModal(page).getByRole('button', { name: 'Schließen' }).click();
      await expect(field).toBeFocused();
      await expect(page).toHaveURL(/\/ra$/);
    }
  });

  test('/grouploginpersonal filled in and saved before the scripts run', async ({ page }) => {
    const problems = watchPageProblems(page, { consoleErrors: false });
    await page.goto('/support');
    expect((await (await callApi(page, 'submit/ra/login', { groupcode: encryptCode('RADEMO01') })).json()).statusCode).toBe(1);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**', async (route) => {
      if (route.request().resourceType() === 'script') await released;
      await route.continue();
    });
    await page.goto('/grouploginpersonal', { waitUntil: 'commit' });
    await page.getByLabel('Name', { exact: true }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Frühe Eingabe');
    await page.getByLabel('Neuer Schlüssel').fill('Stern2026');
    await page.getByLabel('Schlüssel wiederholen').fill('Stern2026');
    await page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
    await page.getByLabel('Schlüssel wiederholen').press('Enter');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(/\/grouploginpersonal$/);
    release();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    expect(problems).toEqual([]);
    const info = await (await callApi(page, 'pageinfo/ra/personalinfo', {})).json();
    expect(info).toMatchObject({ name: 'Frühe Eingabe', email: '', hasAccount: true });
  });
});
