import { expect, test } from '../support/deployed';
import { signIn } from '../support/api';

/** Every page has its own <title> in the session's language. */
test.describe('@foundation titles', () => {
  const pages: Array<[string, string]> = [
    ['/home', 'Willkommen zur Online-Befragung – Assessment Online'],
    ['/error?statusCode=9', 'Fehler – Assessment Online'],
    ['/info?statusCode=1&detailCode=20', 'Information – Assessment Online'],
    ['/error', 'Befragung starten – Assessment Online'],
    ['/maintenance', 'Wartung – Assessment Online'],
    ['/no-such-page', 'Seite nicht gefunden – Assessment Online'],
    ['/support', 'Support – Assessment Online'],
    ['/header-area', 'Kopfbereich – Assessment Online'],
    ['/footer-area', 'Fußbereich – Assessment Online'],
    ['/home-dev', 'Demo-Zugänge – Assessment Online'],
  ];
  for (const [path, title] of pages) {
    test(`${path}: "${title}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('title')).toHaveCount(1);
    });
  }

  test('@deployed the pages after login have theirs', async ({ page }) => {
    await signIn(page, 'P1SELF001', 'SELF4711');
    await page.goto('/questionnairemanual');
    await expect(page).toHaveTitle('Hinweise zum Ausfüllen – Assessment Online');
    await page.goto('/questionnaire');
    await expect(page).toHaveTitle(/^Seite \d von 6 – Kompetenzprofil Führung und Zusammenarbeit – Assessment Online$/);
    await expect(page.locator('title')).toHaveCount(1);
  });
});
