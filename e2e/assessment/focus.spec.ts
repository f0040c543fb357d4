import { expect, test } from '../support/deployed';
import { hydrated, signIn } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { pageIndicator, rankPage } from '../support/questionnaire';

/**
 * Focus. Rows: P1-LAST (its last page saved again, never finished) and
 * P1-VIEW (looked at, never saved).
 */
test.describe('@assessment focus', () => {
  test('the finish modals give focus back to the button that opened them; a failed save moves it to the banner', async ({ page }) => {
    await signIn(page, 'P1LAST001', 'LAST4711');
    await page.goto('/questionnaire');
    await expect(pageIndicator(page)).toHaveText('Seite 6 von 6');
    await rankPage(page);
    const finish = page.getByRole('button', { name: 'Speichern und abschließen' });
    const confirm = page.getByRole('alertdialog', { name: 'Befragung abschließen' });

    // The confirmation opens by itself once the last page is saved; the button was disabled meanwhile.
    await finish.click();
    await expect(confirm).toBeVisible();
    // It opens on the action that finishes nothing (WAI-ARIA APG for an alert dialog about what cannot be undone).
    await expect(confirm.getByRole('button', { name: 'Antworten noch einmal ansehen' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Antworten noch einmal ansehen' }).click();
    await expect(confirm).toBeHidden();
    await expect(finish).toBeFocused();

    await finish.press('Enter');
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(finish).toBeFocused();

    // The finish fails: the error modal replaces the confirmation, and closing it returns to the button.
    await page.route('**/api/submit/finishassessment', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ statusCode: 13, detailCode: 24 }) }),
    );
    await finish.click();
    await confirm.getByRole('button', { name: 'Jetzt abschließen' }).click();
    const error = page.getByRole('alertdialog', { name: 'Fehler' });
    await expect(error).toContainText('Status / Detail: 13 / 24');
    await expect(error.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await expectNoAxeViolations(page);
    await error.getByRole('button', { name: 'Schließen' }).click();
    await expect(error).toBeHidden();
    await expect(finish).toBeFocused();

    // The save fails (the connection drops): focus goes to the message that says so, every time.
    await page.route('**/api/pageinfo/questionnaire', (route) => route.abort('connectionreset'));
    const banner = page.getByRole('main').getByRole('alert').filter({ hasText: 'konnten gerade nicht gespeichert werden' });
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(banner).toBeFocused();
    await finish.focus();
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(banner).toBeFocused();
    await expectNoAxeViolations(page);
    await expect(pageIndicator(page)).toHaveText('Seite 6 von 6');
  });

  test('a client-side route change focuses the new page’s heading; a full load keeps the autofocused field', async ({ page }) => {
    // A full page load: the browser's default, the ident-code field keeps its autofocus.
    await page.goto('/home');
    await hydrated(page);
    await expect(page.getByRole('textbox', { name: 'Zugangscode der Befragung' })).toBeFocused();

    // (The manual's way into the questionnaire is a full load on purpose: e2e/assessment/leaving.spec.ts.)
    await signIn(page, 'P1OUTFC01', 'OUTFC4711');
    await page.goto('/questionnairemanual');
    await hydrated(page);

    // Signing out redirects inside the app: the info page's heading takes focus.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/info\?/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // Tab goes on from the heading, not from the top of the document (its skip link).
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Impressum' })).toBeFocused();
    await expectNoAxeViolations(page);
  });
});
