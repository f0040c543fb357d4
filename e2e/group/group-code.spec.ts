import type { Page, Route } from '@playwright/test';
import { hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { buttonLines } from '../support/layout';
import { expect, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';

/**
 * The group-code entry of the web variant: /kodew, /kodew/{groupCode},
 * /kodew/{groupCode}/{languageToken}. Group codes are never used up (every login starts a new
 * participant), so these journeys run anywhere, run after run. Until the personal page exists,
 * a right code is checked by the address it leads to.
 */
const PERSONAL = /\/kodewgrouploginpersonal$/;

async function typeCode(page: Page, code: string, label = 'Gruppencode', submit = 'Anmelden'): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: submit }).click();
}

function errorModal(page: Page, title = 'Fehler') {
  return page.getByRole('alertdialog', { name: title });
}

test.describe('@group group-code entry (/kodew)', () => {
  test('@deployed /kodew/KWDEMO01/en speaks English from the server’s first HTML on, and the right code leads on in English', async ({ page, request }) => {
    // The server's own HTML, before any script: <html lang> and the texts are already English.
    const html = await (await request.get('/kodew/KWDEMO01/en')).text();
    expect(html).toMatch(/<html lang="en-US"/);
    expect(html).toContain('Sign in with a group code');

    await page.goto('/kodew/KWDEMO01/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a group code' })).toBeVisible();
    await hydrated(page);
    const field = page.getByLabel('Group code', { exact: true });
    // The code from the address is in the masked field; a code typed over it wins.
    await expect(field).toHaveValue('KWDEMO01');
    await expect(field).toHaveAttribute('type', 'password');
    await typeCode(page, ' KWDEMO01 ', 'Group code', 'Sign in');
    await expect(page).toHaveURL(PERSONAL);
    // Signed in as a participant without a name, in English, with the language selector.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByText('Welcome', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('en-US');
  });

  test('/kodew/KWDEMO01/cz: Czech, <html lang="cs-CZ">; an unknown token is ignored; a fourth segment is not found', async ({ page }) => {
    await page.goto('/kodew/KWDEMO01/cz');
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
    await expect(page.getByRole('heading', { level: 1, name: 'Přihlášení pomocí skupinového kódu' })).toBeVisible();
    await page.context().clearCookies();
    await page.goto('/kodew/KWDEMO01/xx');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung mit Gruppencode' })).toBeVisible();
    const missing = await page.goto('/kodew/KWDEMO01/en/more');
    expect(missing?.status()).toBe(404);
  });

  test('/kodew without a code: the form, in German; an empty entry asks for the code; show reveals it', async ({ page }) => {
    await page.goto('/kodew');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung mit Gruppencode' })).toBeVisible();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Bitte geben Sie den Gruppencode ein.');
    const field = page.getByLabel('Gruppencode', { exact: true });
    await field.fill('KWDEMO01');
    await expect(field).toHaveAttribute('type', 'password');
    await page.getByLabel('Gruppencode anzeigen').check();
    await expect(field).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(PERSONAL);
  });

  const messages: Array<[string, string, RegExp]> = [
    ['a wrong code', 'ZZZZ9999', /Der eingegebene Gruppencode ist nicht korrekt/],
    ['a malformed code', 'KW-1', /6 bis 16 Buchstaben und Ziffern/],
    ['an expired code (KODEW-EXPIRED)', 'KWEXPIR1', /Gruppencode ist abgelaufen/],
    ['a closed code (KODEW-FINISHED)', 'KWDONE01', /bereits abgeschlossen/],
    ['a code of the other group flow (KGC-SLIDER)', 'KGSLIDE1', /Mit diesem Gruppencode ist hier keine Anmeldung möglich/],
  ];
  for (const [what, code, message] of messages) {
    test(`${what} shows its message in the error modal, and the code stays to correct`, async ({ page }) => {
      await page.goto(`/kodew/${code}`);
      await hydrated(page);
      await typeCode(page, code);
      const modal = errorModal(page);
      await expect(modal).toHaveText(message);
      await expect(page).toHaveURL(new RegExp(`/kodew/${code}$`));
      await modal.getByRole('button', { name: 'Schließen' }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByLabel('Gruppencode', { exact: true })).toHaveValue(code);
    });
  }

  test('ten wrong codes clear the field and show the stronger message; the right code still works', async ({ page }) => {
    await page.goto('/kodew/KWDEMO01');
    const field = page.getByLabel('Gruppencode', { exact: true });
    const modal = errorModal(page);
    for (let attempt = 1; attempt <= 9; attempt++) {
      // A refresh midway does not reset the count.
      if (attempt === 5) await page.reload();
      await hydrated(page);
      await typeCode(page, `WRONG00${attempt}`);
      await expect(modal).toHaveText(/Der eingegebene Gruppencode ist nicht korrekt/);
      await modal.getByRole('button', { name: 'Schließen' }).click();
      await expect(field).toHaveValue(`WRONG00${attempt}`);
    }
    await typeCode(page, 'WRONG010');
    await expect(modal).toHaveText(/Der Gruppencode wurde zu oft falsch eingegeben/);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await expect(field).toHaveValue('');
    // The count starts again: the next wrong code is an ordinary one.
    await typeCode(page, 'WRONG011');
    await expect(modal).toHaveText(/Der eingegebene Gruppencode ist nicht korrekt/);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await typeCode(page, 'KWDEMO01');
    await expect(page).toHaveURL(PERSONAL);
  });

  test('axe finds nothing on the screen nor with its error modal open; closed, focus is on the code to correct', async ({ page }) => {
    await page.goto('/kodew/KWDEMO01/en');
    await hydrated(page);
    await expectNoAxeViolations(page);
    await typeCode(page, 'KWDONE01', 'Group code', 'Sign in');
    const modal = errorModal(page, 'Error');
    await expect(modal).toHaveText(/already been closed/);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByLabel('Group code', { exact: true })).toBeFocused();
  });

  test('usable at 390 px: no sideways scrolling, field and button in view, no button label over two lines', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/kodew/KWDEMO01/fr');
    await hydrated(page);
    const field = page.getByLabel('Code de groupe', { exact: true });
    const button = page.getByRole('button', { name: 'Se connecter' });
    await expect(field).toBeInViewport();
    await expect(button).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const { label, lines } of await buttonLines(page)) expect({ label, lines: lines <= 2 }).toEqual({ label, lines: true });
    await field.fill('KWDEMO01');
    await button.click();
    await expect(page).toHaveURL(PERSONAL);
    await context.close();
  });
});

test.describe('@group group-code entry before its scripts load', () => {
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    // Until the personal page is merged, the address it leads to answers 404 (PERSONAL is what is checked).
    problems = watchPageProblems(page, { expected: (message) => PERSONAL.test(message.location().url) });
  });
  test.afterEach(() => expect(problems).toEqual([]));

  test('a code typed and sent with Enter before the scripts run signs in once they have', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**', async (route: Route) => {
      if (route.request().resourceType() === 'script') await released;
      await route.continue();
    });
    await page.goto('/kodew/KWDEMO01/en', { waitUntil: 'commit' });
    const field = page.getByLabel('Group code', { exact: true });
    await field.fill('KWDEMO01');
    await field.press('Enter');
    // Held, not sent natively: no reload, the code is not in the address, nothing is lost.
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(/\/kodew\/KWDEMO01\/en$/);
    await expect(field).toHaveValue('KWDEMO01');
    release();
    await expect(page).toHaveURL(PERSONAL);
  });
});

/**
 * A pupil opens the link the teacher sent: the code of the address is in the masked field, and
 * only sending it starts a participant, so that opening the link again (a reload, a link preview)
 * starts nobody. Every group flow's entry, with the heading it leads to.
 */
const DEEP_LINKS = [
  { link: '/kodew/KWDEMO01', code: 'KWDEMO01', login: 'submit/kodew/login', next: PERSONAL },
  { link: '/ra/RADEMO01', code: 'RADEMO01', login: 'submit/ra/login', next: /\/grouploginpersonal$/ },
  { link: '/kodegroupcode/KGDEMO01', code: 'KGDEMO01', login: 'submit/kodegroupcode/login', next: /\/kodegroupcodepersonal$/ },
];

test.describe('@group group deep links put their code into the field', () => {
  for (const { link, code, login, next } of DEEP_LINKS) {
    test(`${link}: the code in the masked field from the first HTML on, shown on request; loading and reloading send nothing; send leads on`, async ({ page, request }) => {
      const html = await (await request.get(link)).text();
      expect(html).toMatch(new RegExp(`<input[^>]*value="${code}"`));
      const logins: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().includes(`/api/${login}`)) logins.push(sent.url());
      });
      await page.goto(link);
      await hydrated(page);
      const field = page.getByLabel('Gruppencode', { exact: true });
      await expect(field).toHaveValue(code);
      await expect(field).toHaveAttribute('type', 'password');
      await page.getByLabel('Gruppencode anzeigen').check();
      await expect(field).toHaveAttribute('type', 'text');
      await page.reload();
      await hydrated(page);
      await expect(field).toHaveValue(code);
      expect(logins).toEqual([]);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page).toHaveURL(next);
      expect(logins).toHaveLength(1);
    });
  }

  test('a code typed over the one of the link wins; an address that cannot be a code leaves the field empty', async ({ page }) => {
    await page.goto('/kodew/KWDEMO01');
    await hydrated(page);
    await typeCode(page, 'ZZZZ9999');
    const modal = errorModal(page);
    await expect(modal).toHaveText(/Der eingegebene Gruppencode ist nicht korrekt/);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await expect(page.getByLabel('Gruppencode', { exact: true })).toHaveValue('ZZZZ9999');
    await page.goto('/kodew/KW-1');
    await hydrated(page);
    await expect(page.getByLabel('Gruppencode', { exact: true })).toHaveValue('');
  });
});
