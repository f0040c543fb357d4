import { enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { countApiCalls, next, pageIndicator, rankPage } from '../support/questionnaire';

test.describe('@assessment happy path (P1-READY)', needs('single-use-row'), () => {
  test('@deployed deep link, access code, manual, six ranking pages, finish', async ({ page, singleUse }) => {
    // The whole questionnaire with eight axe scans: close to the default 45 s on a busy machine.
    test.slow();
    const row = await singleUse('P1-READY');
    await page.goto(`/home/${row.identCode}`);
    await expect(page).toHaveURL(/\/accesscode$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Spaces typed around and inside the code are removed (spec §5).
    await enterAccessCode(page, ` ${row.accessCode!.slice(0, 4)} ${row.accessCode!.slice(4)} `);
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    // A fresh row's assessor has no name: the header welcomes without one.
    const welcome = page.getByText(row.assessorName ? `Willkommen, ${row.assessorName}` : 'Willkommen', { exact: true });
    await expect(welcome).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
    for (const [button, title] of [
      ['Allgemeine Informationen', 'Allgemeine Informationen'],
      ['Ausfüllhinweise anzeigen', 'Ausfüllhinweise'],
    ]) {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Schließen' }).click();
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('link', { name: 'Weiter' }).click();

    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kompetenzprofil Führung und Zusammenarbeit');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dr. Clara Kandidatin');
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await hydrated(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Anleitung' }).click();
    await expect(page.getByRole('dialog', { name: 'Anleitung' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    for (let p = 1; p <= 6; p++) {
      await rankPage(page, p);
      if (p < 6) {
        // Exactly one request per page turn: it saves this page and loads the next.
        const calls = await countApiCalls(page, () => next(page, `Seite ${p + 1} von 6`));
        expect(calls).toEqual(['/api/pageinfo/questionnaire']);
      }
    }
    await page.getByRole('button', { name: 'Speichern und abschließen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Befragung abschließen' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Jetzt abschließen' }).click();

    await expect(page).toHaveURL(/\/finishedquestionnaire$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();
    // competency-24 says how long its answers are kept (its retentionNotice, content/questionnaires).
    await expect(page.getByText('Ihre Antworten werden zwölf Monate nach Abschluss der Befragung gelöscht.', { exact: false })).toBeVisible();
    await expect(welcome).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The session is gone, and the assessment is finished for good.
    await page.goto('/questionnaire');
    await expect(page).toHaveURL(/\/error\?statusCode=3/);
    await page.goto(`/home/${row.identCode}`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Diese Befragung wurde bereits abgeschlossen. Vielen Dank für Ihre Teilnahme.');
  });
});
