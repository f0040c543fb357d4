import { callApi, hydrated, signIn } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { expectNotHydrated, holdScripts } from '../support/holdScripts';
import { chosenRanks, draftSaved, pageIndicator, questions } from '../support/questionnaire';
import { watchPageProblems } from '../support/pageProblems';

/**
 * A slow phone: the page is on screen while its scripts are still on the way. Each journey holds
 * the page's script bundles back, types and submits, then lets them through (docs/architecture.md, "Forms
 * before scripts"). Rows P1-EARLY, P1-EARLY-KEY, P1-EARLY-REG, P1-EARLY-Q and P1-EARLY-LANG belong to
 * these journeys; P1-EARLY is only signed in with, the others are used up.
 */

test.describe('@foundation forms before their scripts load', () => {
  // A hydration mismatch would make React replace the page and drop what was typed: none may occur.
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems = watchPageProblems(page);
  });
  test.afterEach(() => expect(problems).toEqual([]));

  test('/home: an ident code typed and sent with Enter before the scripts run leads to /accesscode', async ({ page }) => {
    const scripts = await holdScripts(page);
    await scripts.goto('/home');
    const field = page.getByLabel('Zugangscode der Befragung');
    await field.fill('P1EARLY01');
    await field.press('Enter');
    // Held, not sent natively: no reload, the code is not in the address, nothing is lost.
    await expectNotHydrated(page);
    await expect(page).toHaveURL(/\/home$/);
    await expect(field).toHaveValue('P1EARLY01');
    scripts.release();
    await expect(page).toHaveURL(/\/accesscode$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  });

  test('/accesscode: a code typed and sent with Enter before the scripts run signs in (P1-EARLY)', async ({ page }) => {
    await page.goto('/support');
    expect((await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1EARLY01' })).json()).statusCode).toBe(1);
    const scripts = await holdScripts(page);
    await scripts.goto('/accesscode');
    const field = page.getByLabel('Persönlicher Zugangscode');
    await field.fill('EARLY4711');
    await field.press('Enter');
    await expectNotHydrated(page);
    await expect(page).toHaveURL(/\/accesscode$/);
    scripts.release();
    // Hydration neither wipes the code nor drops the submit.
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    await expect(page.getByText('Willkommen, Frieda Frueh')).toBeVisible();
  });

  test('/accesscode: a code typed before the scripts run is still there once they have run', async ({ page }) => {
    await page.goto('/support');
    expect((await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1EARLY01' })).json()).statusCode).toBe(1);
    const scripts = await holdScripts(page);
    await scripts.goto('/accesscode');
    const field = page.getByLabel('Persönlicher Zugangscode');
    await field.fill('EARLY47');
    await expectNotHydrated(page);
    scripts.release();
    await hydrated(page);
    await expect(field).toHaveValue('EARLY47');
    // React holds it too: what is typed next adds to it, and the login uses all of it.
    await field.press('End');
    await field.pressSequentially('11');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
  });

  test('/accesspassword: a new key typed before the scripts run is saved and signs in afterwards (P1-EARLY-KEY)', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-EARLY-KEY');
    await signIn(page, row.identCode, row.accessCode!);
    const scripts = await holdScripts(page);
    await scripts.goto('/accesspassword');
    // 'Keep' is chosen; typing a key chooses 'set' once the form is live (spec §4).
    await expect(page.getByRole('radio', { name: 'Bisherigen Schlüssel behalten' })).toBeChecked();
    await page.getByLabel('Neuer Schlüssel').fill('Stern2026');
    const confirmation = page.getByLabel('Schlüssel wiederholen');
    await confirmation.fill('Stern2026');
    await confirmation.press('Enter');
    await expectNotHydrated(page);
    await expect(page).toHaveURL(/\/accesspassword$/);
    scripts.release();
    await expect(page).toHaveURL(/\/questionnairemanual$/);

    await page.context().clearCookies();
    // The key typed before hydration is the key now; the access code is no longer.
    await signIn(page, row.identCode, 'Stern2026');
  });

  test('/register: the form filled in and sent before the scripts run registers (P1-EARLY-REG)', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-EARLY-REG');
    await page.goto('/support');
    expect((await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: row.identCode })).json()).statusCode).toBe(1);
    const scripts = await holdScripts(page);
    await scripts.goto('/register');
    await page.getByLabel('Vorname').fill('Rosa');
    await page.getByLabel('Nachname').fill('Frueh');
    await page.getByLabel('E-Mail-Adresse').fill('rosa.frueh@example.com');
    await page.getByLabel('Neuer Schlüssel').fill('Blume2026');
    await page.getByLabel('Schlüssel wiederholen').fill('Blume2026');
    await page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
    await page.getByLabel('Schlüssel wiederholen').press('Enter');
    await expectNotHydrated(page);
    await expect(page).toHaveURL(/\/register$/);
    scripts.release();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    await expect(page.getByText('Willkommen, Rosa Frueh')).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, row.identCode, 'Blume2026');
  });

  test('/questionnaire: answers chosen and pages turned before the scripts run are kept and saved (P1-EARLY-Q)', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-EARLY-Q');
    await signIn(page, row.identCode, row.accessCode!);
    const checked = page.locator('main input[type=radio]:checked');
    /** Ranks the four answers of every question on screen: a = 1, b = 2, … shifted by `rotation`. */
    const rank = async (rotation: number) => {
      for (let q = 0; q < 4; q++) {
        const rows = questions(page).nth(q).locator('fieldset');
        for (let r = 0; r < 4; r++) await rows.nth(r).getByRole('radio', { name: new RegExp(`^${((r + rotation) % 4) + 1}\\b`) }).check();
      }
    };

    // Page 1: chosen before hydration, still chosen after it, then saved by the participant.
    let scripts = await holdScripts(page);
    await scripts.goto('/questionnaire');
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await rank(0);
    await expectNotHydrated(page);
    scripts.release();
    await hydrated(page);
    await expect(checked).toHaveCount(16);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');

    // Page 2: chosen and 'next' pressed before hydration; the press is carried out with them.
    scripts = await holdScripts(page);
    await scripts.goto('/questionnaire');
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await rank(1);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expectNotHydrated(page);
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    scripts.release();
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 6');

    // Page 3: 'previous' pressed before hydration goes back to page 2, whose answers were saved.
    scripts = await holdScripts(page);
    await scripts.goto('/questionnaire');
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 6');
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expectNotHydrated(page);
    scripts.release();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(checked).toHaveCount(16);
    for (let q = 0; q < 4; q++) {
      await expect(questions(page).nth(q).locator('fieldset').first().getByRole('radio', { name: /^2\b/ })).toBeChecked();
    }
  });

  test('/questionnaire: answers chosen and the language changed in the header before the scripts run: the page comes in English with the answers still chosen, kept as a draft (P1-EARLY-LANG)', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-EARLY-LANG');
    await signIn(page, row.identCode, row.accessCode!);
    const scripts = await holdScripts(page);
    await scripts.goto('/questionnaire');
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    // The first two questions ranked, the rest left open.
    for (let q = 0; q < 2; q++) {
      const rows = questions(page).nth(q).locator('fieldset');
      for (let r = 0; r < 4; r++) await rows.nth(r).getByRole('radio', { name: new RegExp(`^${((r + 2) % 4) + 1}\\b`) }).check();
    }
    const chosen = await chosenRanks(page);
    await page.getByLabel('Sprache').selectOption('en-US');
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    // Held: a native post would reload the page without the answers.
    await expectNotHydrated(page);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    expect(await chosenRanks(page)).toEqual(chosen);
    const saved = draftSaved(page);
    scripts.release();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveText('Page 1 of 6');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Competency profile: leadership and collaboration');
    await expect(page.getByLabel('Language')).toHaveValue('en-US');
    expect(await chosenRanks(page)).toEqual(chosen);
    // Kept by the server as well: loaded again, the page shows them.
    await saved;
    await page.reload();
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveText('Page 1 of 6');
    await hydrated(page);
    expect(await chosenRanks(page)).toEqual(chosen);
  });

  test('without JavaScript, sending a code form (ident, access or group code) puts no code into any address', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await page.goto('/home');
    await page.getByLabel('Zugangscode der Befragung').fill('P1EARLY01');
    await Promise.all([page.waitForRequest((request) => request.isNavigationRequest()), page.getByLabel('Zugangscode der Befragung').press('Enter')]);

    expect((await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1EARLY01' })).json()).statusCode).toBe(1);
    await page.goto('/accesscode');
    await page.getByLabel('Persönlicher Zugangscode').fill('EARLY4711');
    await Promise.all([page.waitForRequest((request) => request.isNavigationRequest()), page.getByLabel('Persönlicher Zugangscode').press('Enter')]);

    // The group code is a secret of the group too (the /kodew/{groupCode} link is the operator's choice, typing it is not).
    await page.goto('/kodew');
    await page.getByLabel('Gruppencode', { exact: true }).fill('KWDEMO01');
    await Promise.all([page.waitForRequest((request) => request.isNavigationRequest()), page.getByLabel('Gruppencode', { exact: true }).press('Enter')]);

    expect(addresses.filter((address) => /P1EARLY01|EARLY4711|KWDEMO01/i.test(address))).toEqual([]);
    await context.close();
  });
});
