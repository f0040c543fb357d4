import { encryptCode, enterAccessCode, hydrated, xsrfToken } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { holdCall } from '../support/holdCall';
import { expect, needs, test } from '../support/deployed';

test.describe('@assessment ident code and access code', () => {
  test('the ident code typed into /home, with spaces, leads to the access code', async ({ page }) => {
    await page.goto('/home');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen zur Online-Befragung' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Bitte geben Sie den Zugangscode der Befragung ein.');
    await page.getByLabel('Zugangscode der Befragung').fill(' P1SELF 001 ');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(/\/accesscode$/);
  });

  const bad: Array<[string, string]> = [
    ['/home/ABC', 'Der Zugangscode in Ihrem Link ist ungültig.'],
    ['/home/ZZZZZZZZ', 'Der Zugangscode in Ihrem Link ist ungültig.'],
    ['/home/P1DONE001', 'Diese Befragung wurde bereits abgeschlossen. Vielen Dank für Ihre Teilnahme.'],
  ];
  for (const [link, message] of bad) {
    test(`${link} goes to the error page with its message`, async ({ page }) => {
      await page.goto(link);
      await expect(page).toHaveURL(/\/error\?statusCode=(6|9)/);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(message);
    });
  }

  test('checking a typed ident code is said in a status region that was in the page before, so that every screen reader announces it', async ({ page }) => {
    await page.goto('/home');
    await hydrated(page);
    // A live region inserted together with its text is missed by some screen readers: the region must already be there, empty.
    const status = page.getByRole('main').getByRole('status');
    await expect(status).toHaveText('');
    const region = await status.elementHandle();
    const call = await holdCall(page, '**/api/submit/kodekodex/identcode');
    await page.getByLabel('Zugangscode der Befragung').fill('P1VIEW001');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Ihr Zugang wird geprüft …');
    expect(await region!.evaluate((element) => element.isConnected && element.textContent)).toBe('Ihr Zugang wird geprüft …');
    call.release();
    await expect(page).toHaveURL(/\/accesscode$/);
  });

  test('sent empty twice, the message is said twice: its alert is a new one, not the same text left in place', async ({ page }) => {
    await page.goto('/home');
    await hydrated(page);
    const field = page.getByLabel('Zugangscode der Befragung');
    const alert = page.getByRole('main').getByRole('alert');
    await field.press('Enter');
    await expect(alert).toHaveText('Bitte geben Sie den Zugangscode der Befragung ein.');
    const first = await alert.elementHandle();
    await field.press('Enter');
    // A screen reader reads a live region again only when it changes: the second alert must be another element.
    await expect.poll(() => first!.evaluate((element) => element.isConnected)).toBe(false);
    await expect(alert).toHaveText('Bitte geben Sie den Zugangscode der Befragung ein.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  test('/home?sid=…&lg=en signs in in English', async ({ page }) => {
    await page.goto('/home?sid=P1SELF001&lg=en');
    await expect(page).toHaveURL(/\/accesscode$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('the show-password box reveals the code', async ({ page }) => {
    await page.goto('/home/P1SELF001');
    const field = page.getByLabel('Persönlicher Zugangscode');
    await hydrated(page);
    await field.fill('SECRET');
    await expect(field).toHaveAttribute('type', 'password');
    await page.getByLabel('Eingabe anzeigen').check();
    await expect(field).toHaveAttribute('type', 'text');
  });

  // Ten of the assessment's 20 wrong codes an hour (the default limit): a second run within the hour would lock P1-SELF.
  test('ten wrong codes clear the field and show the stronger message', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P1-SELF');
    await page.goto(`/home/${row.identCode}`);
    const field = page.getByLabel('Persönlicher Zugangscode');
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });
    for (let attempt = 1; attempt <= 9; attempt++) {
      // A refresh midway does not reset the count.
      if (attempt === 5) await page.reload();
      await enterAccessCode(page, `WRONG${attempt}`);
      await expect(modal).toHaveText(/Der eingegebene Zugangscode ist nicht korrekt/);
      if (attempt === 1) await expectNoAxeViolations(page);
      await modal.getByRole('button', { name: 'Schließen' }).click();
      await expect(field).toHaveValue(`WRONG${attempt}`);
    }
    await enterAccessCode(page, 'WRONG10');
    await expect(modal).toHaveText(/zu oft falsch eingegeben/);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await expect(field).toHaveValue('');
    // The right code still works: ten client-side failures are not the server's lock.
    await enterAccessCode(page, row.accessCode!);
    await expect(page).toHaveURL(/\/questionnaire(manual)?$/);
  });

  test('the server locks an address out of an assessment after too many failures, even for the right code', needs('limits'), async ({ page }) => {
    await page.goto('/home/P1LOCK001');
    await expect(page).toHaveURL(/\/accesscode$/);
    // The suite's server allows 12 failures per assessment and address (playwright.config.ts). The
    // lock is the address's own, so the wrong codes go from the browser itself (its address may be
    // ::1, where the test runner's requests come from 127.0.0.1).
    const xsrf = await xsrfToken(page.context());
    for (let attempt = 1; attempt <= 12; attempt++) {
      const answer = await page.evaluate(
        async ([token, passwordHash]) =>
          (await fetch('/api/submit/kodekodex/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': token }, body: JSON.stringify({ passwordHash }) })).json(),
        [xsrf, encryptCode(`GUESS${attempt}`)] as const,
      );
      expect(answer.tokenClaims.isLoggedIn).toBe(false);
    }
    await enterAccessCode(page, 'LOCK4711');
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });
    await expect(modal).toHaveText(/für 15 Minuten gesperrt/);
    await expect(page).toHaveURL(/\/accesscode$/);
    const answer = await page.evaluate(
      async ([token, passwordHash]) =>
        (await fetch('/api/submit/kodekodex/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': token }, body: JSON.stringify({ passwordHash }) })).json(),
      [await xsrfToken(page.context()), encryptCode('LOCK4711')] as const,
    );
    expect(answer).toMatchObject({ statusCode: 1, locked: true, tokenClaims: { isLoggedIn: false } });
  });

  test('/accesscode without an ident code goes to the error page', async ({ page }) => {
    await page.goto('/accesscode');
    await expect(page).toHaveURL(/\/error\?statusCode=3/);
  });

  // crypto-js (6 KB gzip) is no part of the page's first load; the form fetches it once used.
  test('the cipher is not in the first load of /accesscode; it arrives while the code is typed', async ({ page }) => {
    // A string of crypto-js's own that minification keeps (enc-utf8).
    const CIPHER_MARK = 'Malformed UTF-8 data';
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response.text().catch(() => ''));
    });
    await page.goto('/home/P1SELF001');
    await expect(page).toHaveURL(/\/accesscode$/);
    // A load of /accesscode itself, as a participant coming back to it gets it.
    scripts.clear();
    const document = await page.reload();
    await hydrated(page);
    // The first load is what the page's HTML names (less the polyfills only old browsers fetch);
    // anything else came later, on demand.
    const html = await document!.text();
    const firstLoad = [...html.matchAll(/<script(?![^>]*noModule)[^>]* src="([^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&'), page.url()).href);
    expect(firstLoad.length).toBeGreaterThan(3);
    for (const url of firstLoad) {
      expect(scripts.has(url), url).toBe(true);
      expect(await scripts.get(url), url).not.toContain(CIPHER_MARK);
    }
    await page.getByLabel('Persönlicher Zugangscode').pressSequentially('RAN');
    await expect
      .poll(async () => (await Promise.all(scripts.values())).some((body) => body.includes(CIPHER_MARK)))
      .toBe(true);
  });

  test('a wrong code sent from the button by keyboard: closed, the error modal gives focus back to the code to correct (P1-VIEW)', async ({ page }) => {
    await page.goto('/home/P1VIEW001');
    await page.waitForURL(/\/accesscode$/);
    await hydrated(page);
    const field = page.getByLabel('Persönlicher Zugangscode');
    await expect(field).toBeFocused();
    await page.keyboard.type('WRONG4711');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Eingabe anzeigen')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeFocused();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });
    await expect(modal).toHaveText(/Der eingegebene Zugangscode ist nicht korrekt/);
    await expect(modal.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('WRONG4711');
  });
});
