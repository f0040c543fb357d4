import type { Locator, Page } from '@playwright/test';
import { callApi, hydrated, signIn } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { pasteInto } from '../support/clipboard';
import { expect, test } from '../support/deployed';

/**
 * WCAG 2.2, 3.3.8 (accessible authentication): nobody has to remember a code or key or copy it by
 * hand. Password managers may offer and keep them (docs/architecture.md, "Codes, keys and password
 * managers": which field has which autocomplete token, and why), pasting works into every code and
 * key field, and no code reaches an address, even when a form is sent without scripts. Rows:
 * P1-VIEW, P1-VIEW-FIRST and P1-VIEW-REGISTER (only looked at: no key is saved, nobody registers);
 * the group codes KWDEMO01, RADEMO01 and KGDEMO01, whose logins use up nothing.
 */

/** A code or key field: its token and type, no name, and a form that names no action or method. */
async function expectCodeField(field: Locator, autocomplete: string, type: 'text' | 'password'): Promise<void> {
  await expect(field).toHaveAttribute('autocomplete', autocomplete);
  await expect(field).toHaveAttribute('type', type);
  await expect(field).not.toHaveAttribute('name');
  // Sent natively (no scripts), the form is a GET to the page itself, and a GET carries named fields only.
  const form = await field.evaluate((input: HTMLInputElement) => ({ method: input.form?.getAttribute('method'), action: input.form?.getAttribute('action') }));
  expect(form).toEqual({ method: null, action: null });
}

const usernameOf = (field: Locator) => field.locator('xpath=ancestor::form').locator('input[autocomplete="username"]');

/** The username the field's code or key is kept under: the first field of its form, hidden, read-only, nameless. */
async function expectKnownUsername(field: Locator, identCode: string): Promise<void> {
  const username = usernameOf(field);
  await expect(username).toHaveCount(1);
  await expect(username).toHaveValue(identCode);
  await expect(username).toHaveAttribute('type', 'text');
  await expect(username).toHaveAttribute('readonly', '');
  await expect(username).not.toHaveAttribute('name');
  // display: none: not seen, passed by Tab, absent from the accessibility tree.
  await expect(username).toBeHidden();
  expect(await username.evaluate((input: HTMLInputElement) => input.form?.querySelector('input') === input)).toBe(true);
}

/** Every address the page went to, and every line it wrote to the console: no code may be in either. */
function watchAddressesAndConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  page.on('console', (message) => seen.push(message.text()));
  return seen;
}

test.describe('@foundation codes and keys with password managers and paste', () => {
  test('/home and /accesscode: the ident code is the username, the access code the current password, both pasted (P1-VIEW)', async ({ page }) => {
    const seen = watchAddressesAndConsole(page);
    await page.goto('/home');
    await hydrated(page);
    const identCode = page.getByLabel('Zugangscode der Befragung');
    await expectCodeField(identCode, 'username', 'text');
    await pasteInto(identCode, 'P1VIEW001');
    await expect(identCode).toHaveValue('P1VIEW001');
    await identCode.press('Enter');

    await expect(page).toHaveURL(/\/accesscode$/);
    await hydrated(page);
    const accessCode = page.getByLabel('Persönlicher Zugangscode');
    await expectCodeField(accessCode, 'current-password', 'password');
    await expectKnownUsername(accessCode, 'P1VIEW001');
    await expectNoAxeViolations(page);
    await pasteInto(accessCode, 'VIEW4711');
    await expect(accessCode).toHaveValue('VIEW4711');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    expect(seen.filter((line) => /P1VIEW001|VIEW4711/.test(line))).toEqual([]);
  });

  test('/accesspassword: the new key and its confirmation are new passwords under the ident code; a paste into the key chooses "set" (P1-VIEW-FIRST)', async ({ page }) => {
    await signIn(page, 'P1VIEWF01', 'VIEWF4711');
    await page.goto('/accesspassword');
    await hydrated(page);
    const key = page.getByLabel('Neuer Schlüssel');
    const confirmation = page.getByLabel('Schlüssel wiederholen');
    await expectCodeField(key, 'new-password', 'password');
    await expectCodeField(confirmation, 'new-password', 'password');
    await expectKnownUsername(key, 'P1VIEWF01');
    await expectNoAxeViolations(page);

    // 'Keep' is chosen and the key fields read as disabled, yet the paste shortcut is a key press in them (spec §4).
    await expect(page.getByRole('radio', { name: 'Bisherigen Schlüssel behalten' })).toBeChecked();
    await pasteInto(key, 'Stern2026');
    await expect(key).toHaveValue('Stern2026');
    await expect(page.getByRole('radio', { name: 'Neuen Schlüssel festlegen' })).toBeChecked();
    await pasteInto(confirmation, 'Stern2026');
    await expect(confirmation).toHaveValue('Stern2026');
    await expect(page.getByRole('button', { name: 'Speichern' })).not.toHaveAttribute('aria-disabled');
  });

  test('/register: the key fields are new passwords under the ident code, not under the e-mail address above them (P1-VIEW-REGISTER)', async ({ page }) => {
    await page.goto('/support');
    expect((await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1VIEWR01' })).json()).statusCode).toBe(1);
    await page.goto('/register');
    await hydrated(page);
    const key = page.getByLabel('Neuer Schlüssel');
    const confirmation = page.getByLabel('Schlüssel wiederholen');
    await expectCodeField(key, 'new-password', 'password');
    await expectCodeField(confirmation, 'new-password', 'password');
    await expectKnownUsername(key, 'P1VIEWR01');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('autocomplete', 'email');
    await expectNoAxeViolations(page);
    await pasteInto(key, 'Mond2026');
    await pasteInto(confirmation, 'Mond2026');
    await expect(key).toHaveValue('Mond2026');
    await expect(confirmation).toHaveValue('Mond2026');
  });

  const groupEntries: Array<[string, string, RegExp]> = [
    ['/kodew', 'KWDEMO01', /\/kodewgrouploginpersonal$/],
    ['/ra', 'RADEMO01', /\/grouploginpersonal$/],
    ['/kodegroupcode', 'KGDEMO01', /\/kodegroupcodepersonal$/],
  ];
  for (const [entry, groupCode, personal] of groupEntries) {
    test(`${entry}: the group code is a one-time code, pasted; the personal page's key fields are new passwords, pasted`, async ({ page }) => {
      const seen = watchAddressesAndConsole(page);
      await page.goto(entry);
      await hydrated(page);
      const field = page.getByLabel('Gruppencode', { exact: true });
      await expectCodeField(field, 'one-time-code', 'password');
      // Nothing to file it under: it starts a new participant each time, and a manager should not offer it again.
      await expect(usernameOf(field)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await pasteInto(field, groupCode);
      await expect(field).toHaveValue(groupCode);
      await page.getByRole('button', { name: 'Anmelden' }).click();

      await expect(page).toHaveURL(personal);
      await hydrated(page);
      const key = page.getByLabel('Neuer Schlüssel');
      const confirmation = page.getByLabel('Schlüssel wiederholen');
      await expectCodeField(key, 'new-password', 'password');
      await expectCodeField(confirmation, 'new-password', 'password');
      await pasteInto(key, 'Sonne2026');
      await pasteInto(confirmation, 'Sonne2026');
      await expect(key).toHaveValue('Sonne2026');
      await expect(confirmation).toHaveValue('Sonne2026');
      expect(seen.filter((line) => line.includes(groupCode) || line.includes('Sonne2026'))).toEqual([]);
    });
  }
});

test.describe('@foundation codes sent without scripts', () => {
  test.use({ javaScriptEnabled: false });

  /** Sends the form natively with Enter and waits for the page it loads. */
  async function sendNatively(page: Page, field: Locator): Promise<URL> {
    const loaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await field.press('Enter');
    await loaded;
    return new URL(page.url());
  }

  test('a code sent by the browser itself, with no script to hold it, is in no address: /home, /accesscode, /ra', async ({ page }) => {
    await page.goto('/home');
    const identCode = page.getByLabel('Zugangscode der Befragung');
    await identCode.fill('P1VIEW001');
    const home = await sendNatively(page, identCode);
    expect([home.pathname, home.search]).toEqual(['/home', '']);

    expect((await (await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1VIEW001' })).json()).statusCode).toBe(1);
    await page.goto('/accesscode');
    const accessCode = page.getByLabel('Persönlicher Zugangscode');
    await accessCode.fill('VIEW4711');
    const access = await sendNatively(page, accessCode);
    expect([access.pathname, access.search]).toEqual(['/accesscode', '']);

    await page.goto('/ra');
    const groupCode = page.getByLabel('Gruppencode', { exact: true });
    await groupCode.fill('RADEMO01');
    const ra = await sendNatively(page, groupCode);
    expect([ra.pathname, ra.search]).toEqual(['/ra', '']);
  });
});
