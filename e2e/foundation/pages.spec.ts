import { expect, test } from '../support/deployed';
import { hydrated } from '../support/api';

test.describe('@foundation pages', () => {
  test('@deployed the empty path goes to the error page, which without an error says how to start and offers the ident-code form', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Befragung starten' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Fehler' })).toHaveCount(0);
    await expect(page.getByText(/öffnen Sie den Link aus Ihrer Einladung oder geben Sie hier den Zugangscode der Befragung ein/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveTitle('Befragung starten – Assessment Online');
    await hydrated(page);
    await page.getByLabel('Zugangscode der Befragung').fill('P1SELF001');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(/\/accesscode$/);
  });

  test('/info without a stored error offers the ident-code form too', async ({ page }) => {
    await page.goto('/info');
    await expect(page.getByRole('heading', { level: 1, name: 'Befragung starten' })).toBeVisible();
    await expect(page.getByLabel('Zugangscode der Befragung')).toBeVisible();
  });

  test('an unknown code typed on /home is told as typed, not as "in your link", with a way to type it again', async ({ page }) => {
    await page.goto('/home');
    await hydrated(page);
    await page.getByLabel('Zugangscode der Befragung').fill('ZZZZ9999');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(/\/error\?statusCode=6/);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toHaveText('Der eingegebene Zugangscode ist nicht bekannt. Bitte prüfen Sie ihn und geben Sie ihn erneut ein.');
    await expect(alert).not.toContainText('Link');
    await page.getByRole('link', { name: 'Zugangscode erneut eingeben' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByLabel('Zugangscode der Befragung')).toBeVisible();
  });

  // The route /404 is the not-found page itself (spec §2's table).
  for (const path of ['/this/does/not/exist', '/404']) {
    test(`${path} shows the 404 page with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText('Fehler 404 - Die von Ihnen angeforderte Seite existiert nicht.', { exact: true })).toBeVisible();
      await expect(page.locator('header img')).toBeVisible();
      await expect(page.locator('footer')).toContainText('Alle Rechte vorbehalten');
    });
  }

  test('the maintenance page shows the exact text', async ({ page }) => {
    await page.goto('/maintenance');
    await expect(
      page.getByText(
        'Wartung - Aufgrund von Wartungsarbeiten steht der Dienst derzeit nicht zur Verfügung. Bitte probieren Sie es später noch einmal.',
        { exact: true },
      ),
    ).toBeVisible();
  });

  const messages: Array<[string, string]> = [
    ['statusCode=9', 'Diese Befragung wurde bereits abgeschlossen. Vielen Dank für Ihre Teilnahme.'],
    ['statusCode=3&detailCode=17', 'Ihre Sitzung ist ungültig. Bitte öffnen Sie Ihren Zugangslink erneut.'],
    ['statusCode=4', 'Ihre Sitzung ist abgelaufen. Bitte öffnen Sie Ihren Zugangslink erneut.'],
    ['statusCode=13&detailCode=7&exceptionId=DBDOWN42', 'Der Server wird zurzeit gewartet. Bitte versuchen Sie es später noch einmal. Detail-Code: DBDOWN42'],
    ['statusCode=13&detailCode=24&exceptionId=XK42QZ', 'Ein interner Fehler ist aufgetreten. Detail-Code: XK42QZ'],
    // CanNotDelete has no ErrorCodeMsg_ translation: the KEY: fallback turns into the internal error.
    ['statusCode=7&exceptionId=NOKEY1', 'Ein interner Fehler ist aufgetreten. Detail-Code: NOKEY1'],
  ];
  for (const [query, text] of messages) {
    test(`the error page message for ${query}`, async ({ page }) => {
      await page.goto(`/error?${query}`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(text);
    });
  }

  test('/info is the same screen as /error', async ({ page }) => {
    await page.goto('/info?statusCode=9');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Diese Befragung wurde bereits abgeschlossen. Vielen Dank für Ihre Teilnahme.');
  });

  test('/home-dev lists the demo deep links while the embedded API runs', async ({ page }) => {
    await page.goto('/home-dev');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo-Zugänge' })).toBeVisible();
    for (const link of ['/home/P1DEMO01', '/home/P2DEMO01', '/kodew/KWDEMO01/en', '/portal/PTDEMO01/1', '/ra/RADEMO01']) {
      await expect(page.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', link);
    }
    await expect(page.getByRole('row', { name: /P1-READY/ })).toContainText('RANK4711');
  });

  test('support, header-area and footer-area render inside the frame', async ({ page }) => {
    for (const [path, heading] of <Array<[string, string]>>[
      ['/support', 'Support'],
      ['/header-area', 'Kopfbereich'],
      ['/footer-area', 'Fußbereich'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
  });
});
