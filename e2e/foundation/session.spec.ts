import type { Page } from '@playwright/test';
import { expect, test } from '../support/deployed';
import { callApi, hydrated, signIn } from '../support/api';

/** What page JavaScript can see: it must never include the token or the session cookie. */
async function scriptVisibleState(page: Page) {
  return page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
}

test.describe('@foundation session', () => {
  test('a protected page without a token goes to the error page with TokenInvalid', async ({ page }) => {
    await page.goto('/questionnairemanual');
    await expect(page).toHaveURL(/\/error\?statusCode=3/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Ihre Sitzung ist ungültig. Bitte öffnen Sie Ihren Zugangslink erneut.');
  });

  test('@deployed sign-out clears the session, shows the info page, and the old token is refused', async ({ page }) => {
    await signIn(page, 'P1OUTSE01', 'OUTSE4711');
    await page.goto('/support');
    await expect(page.getByText('Willkommen, Ottilie Sitzung')).toBeVisible();
    await hydrated(page);

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith('session'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const visible = await scriptVisibleState(page);
    expect(visible.cookie).not.toContain('session=');
    expect(visible.cookie).toContain('XSRF-TOKEN=');
    expect(visible.local).toBe('{}');
    expect(visible.session).toBe('{}');
    expect(await page.content()).not.toContain(session!.value);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/info\?statusCode=1&detailCode=20/);
    await expect(page.getByRole('heading', { level: 1, name: 'Information' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Sie haben sich erfolgreich abgemeldet. Ihre Antworten sind gespeichert.');
    await expect(page.getByText('Willkommen, Ottilie Sitzung')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
    // The language selector hides after sign-out (spec §4).
    await expect(page.getByLabel('Sprache')).toHaveCount(0);

    await page.goto('/questionnairemanual');
    await expect(page).toHaveURL(/\/error\?statusCode=3/);
  });

  test('a token answered by a call goes into the httpOnly cookie, never into the page', async ({ page }) => {
    await page.goto('/support');
    const answer = await callApi(page, 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1SELF001' });
    const body = await answer.json();
    expect(body.statusCode).toBe(1);
    expect(body).not.toHaveProperty('token');
    const visible = await scriptVisibleState(page);
    expect(visible.cookie).not.toMatch(/eyJ/);
  });

  test('the language selector switches the interface and <html lang> on confirm, not on choosing', async ({ page }) => {
    await page.goto('/error?statusCode=9');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await hydrated(page);
    // Choosing an option alone changes nothing (WCAG 3.2.2): the button confirms it.
    await page.getByLabel('Sprache').selectOption('en-US');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByRole('heading', { level: 1, name: 'Fehler' })).toBeVisible();
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('This assessment has already been completed. Thank you for taking part.');
    await expect(page.getByRole('button', { name: 'Legal notice' })).toBeVisible();
    await expect(page).toHaveTitle('Error – Assessment Online');

    await hydrated(page);
    await page.getByLabel('Language').selectOption('cz-CZ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
    await expect(page.getByRole('heading', { level: 1, name: 'Chyba' })).toBeVisible();

    // The choice is the session's: a reload keeps it.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
    await hydrated(page);
    await page.getByLabel('Jazyk').selectOption('de-DE');
    await page.getByRole('button', { name: 'Použít' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  });

  test('the language selector works before the page script has loaded (a form)', async ({ page }) => {
    await page.route(/\/_next\/static\/chunks\//, (route) => route.abort());
    await page.goto('/support');
    await page.getByLabel('Sprache').selectOption('it-IT');
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    await page.unroute(/\/_next\/static\/chunks\//);
    await page.goto('/support');
    await hydrated(page);
    await page.getByLabel('Lingua').selectOption('de-DE');
    await page.getByRole('button', { name: 'Applica' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  });
});
