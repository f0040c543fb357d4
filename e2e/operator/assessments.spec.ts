import fs from 'node:fs';
import { enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { csvRecords } from '@/lib/admin/csvRead';
import { formFields, signedIn } from '../support/console';

/**
 * The console's assessments and group codes: an owner creates three assessments, downloads their
 * codes once as the CSV `assessment create` prints, and a participant in another browser logs in
 * with one of them; the list finds it by its ident code's start. The owner creates a group code
 * and closes it, and the closed code refuses a login. A viewer sees the lists without any form,
 * and a create action forged from the owner's form changes nothing. Every page passes axe, one at
 * 390 px.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 77;


test.describe('@operator assessments and group codes in the console', needs('own-server'), () => {
  test.describe.configure({ mode: 'serial' });
  let server: EdgeServer | undefined;
  let ownersCreateForm: Record<string, string> = {};

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, {});
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('an owner creates assessments and downloads their codes once; one of them logs in; a group code is created and closed', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const base = server!.url;
    await signedIn(page, server!, 'owner@example.org', 'owner');

    await page.getByRole('navigation').getByRole('link', { name: 'Assessments' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assessments');
    await expectNoAxeViolations(page);
    ownersCreateForm = formFields(await (await page.request.get(`${base}/admin/assessments`)).text(), 'assessment-create');
    // The form as the server renders it works before scripts load: posted as is, it answers the codes in the page.
    const posted = await page.request.post(`${base}/admin/assessments`, {
      headers: { origin: base },
      multipart: { ...ownersCreateForm, questionnaire: 'competency-24', count: '1', lastName: 'Ohneskript' },
    });
    const answered = await posted.text();
    expect(answered).toContain('1 Assessments für competency-24 angelegt.');
    expect(answered).toMatch(/<textarea[^>]*>ident_code,access_code,deep_link\r?\n[A-Z0-9]+,[A-Z2-9]{12},/);

    // A count beyond the console's limit is not sent (the server refuses it too: forms.test.ts); a
    // valid-until in the past is named by the server, and what was typed stays.
    await page.getByLabel('Fragebogen').selectOption('competency-24');
    await page.getByLabel('Vorname').fill('Clara');
    await page.getByLabel('Anzahl').fill('1001');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    expect(await page.getByLabel('Anzahl').evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    await page.getByLabel('Anzahl').fill('3');
    await page.getByLabel('Gültig bis (optional)').fill('2020-01-01');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('„Gültig bis“ muss ein Datum in der Zukunft sein (JJJJ-MM-TT).');
    await expect(page.getByLabel('Gültig bis (optional)')).toBeFocused();
    await expect(page.getByLabel('Vorname')).toHaveValue('Clara');
    await expect(page.getByLabel('Anzahl')).toHaveValue('3');

    await page.getByLabel('Gültig bis (optional)').fill('');
    await page.getByLabel('Nachname').fill('Konsolentest');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'angelegt' })).toContainText('3 Assessments für competency-24 angelegt.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Codes als CSV herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^assessments-competency-24-\d{8}-\d{6}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    // The same as `assessment create` prints: its header and dialect (comma, CRLF, no BOM), one line each.
    expect(csv.startsWith('ident_code,access_code,deep_link\r\n')).toBe(true);
    const [, ...rows] = csvRecords(csv);
    expect(rows).toHaveLength(3);
    for (const [identCode, accessCode, deepLink] of rows) {
      expect(accessCode).toMatch(/^[A-Z2-9]{12}$/);
      expect(deepLink!.endsWith(`/home/${identCode}/de`)).toBe(true);
    }
    // The text box holds the same (a text box's value has LF line ends: HTML normalises them).
    await expect(page.getByLabel('Die Codes als CSV, zum Kopieren')).toHaveValue(csv.replaceAll('\r\n', '\n'));
    await expectNoAxeViolations(page);
    const [identCode, accessCode] = rows[0]!;

    // One of the codes works in another browser: the ident code, then the access code, then the page to set one's own key.
    const participantContext = await browser.newContext();
    const participant = await participantContext.newPage();
    await participant.goto(`${base}/home/${identCode}`);
    await enterAccessCode(participant, accessCode!);
    await participant.waitForURL(/\/accesspassword$/);
    await participantContext.close();

    // Searched by the start of its ident code, the list finds it; no access code appears again.
    await page.getByLabel('Name oder Anfang des Ident-Codes').fill(identCode!.slice(0, 5).toLowerCase());
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    const table = page.getByRole('table', { name: /Assessments, neueste zuerst/ });
    await expect(table).toContainText(identCode!);
    await expect(table.getByRole('columnheader')).toHaveText(['Ident-Code', 'Fragebogen', 'Kandidat/in', 'Erstellt', 'Gültig bis', 'Status', 'Letzte Aktivität']);
    await expect(table.getByRole('row').filter({ hasText: identCode! })).toContainText('Clara Konsolentest');
    for (const row of rows) expect(await page.content()).not.toContain(row[1]);
    await page.getByLabel('Name oder Anfang des Ident-Codes').fill('konsolentest');
    await page.getByLabel('Status').selectOption('notStarted');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(table.getByRole('row')).toHaveCount(4);

    // A group code: created, shown with its link, then closed after the confirmation.
    await page.getByRole('navigation').getByRole('link', { name: 'Gruppencodes' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppencodes');
    await expect(page.getByText('npm run admin -- groupcode create --fields')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Variante').selectOption('ra');
    await page.getByLabel('Fragebögen').fill('ra-requirements,grid-10');
    await page.getByLabel('Eigener Code (optional)').fill('CONSOLERA1');
    await page.getByRole('button', { name: 'Gruppencode anlegen' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Die Variante ra hat keine Auswahl: nennen Sie genau einen auswählbaren Fragebogen.');
    await expect(page.getByLabel('Eigener Code (optional)')).toHaveValue('CONSOLERA1');
    await page.getByLabel('Fragebögen').fill('ra-requirements');
    await page.getByRole('button', { name: 'Gruppencode anlegen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppencode CONSOLERA1');
    await expect(page.getByRole('status')).toHaveText('Gruppencode CONSOLERA1 ist angelegt.');
    await expect(page.getByText(/^https?:\/\/\S+\/ra\/CONSOLERA1$/)).toBeVisible();
    await expect(page.getByText('Noch hat sich niemand mit diesem Code angemeldet.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Without the confirmation the browser does not send the form; with it the code is closed.
    await page.getByRole('button', { name: 'Gruppencode schließen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppencode CONSOLERA1');
    await expect(page.getByRole('status')).toHaveText('Gruppencode CONSOLERA1 ist angelegt.');
    await page.getByLabel('Ich verstehe: neue Anmeldungen mit CONSOLERA1 werden abgewiesen.').check();
    await page.getByRole('button', { name: 'Gruppencode schließen' }).click();
    await expect(page.getByRole('status')).toHaveText('Gruppencode CONSOLERA1 ist geschlossen: neue Anmeldungen werden abgewiesen.');
    await expect(page.getByRole('button', { name: 'Gruppencode schließen' })).toHaveCount(0);

    // The closed code refuses a login.
    const refused = await browser.newPage();
    await refused.goto(`${base}/ra/CONSOLERA1`);
    await hydrated(refused);
    await refused.getByRole('button', { name: 'Anmelden' }).click();
    await expect(refused.getByRole('alertdialog', { name: 'Fehler' })).toContainText('Die Befragung zu diesem Gruppencode ist bereits abgeschlossen.');
    await refused.close();

    // At 390 px the page fits, and axe finds nothing on the closed code's page either.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Alle Gruppencodes' }).click();
    const groups = page.getByRole('table', { name: /Gruppencodes, neueste zuerst/ });
    await expect(groups.getByRole('row').filter({ hasText: 'CONSOLERA1' })).toContainText('ra-requirements:1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('navigation').getByRole('link', { name: 'Assessments' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assessments');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Each change has its audit row, without a code.
    await page.goto(`${base}/admin/audit`);
    const audit = page.getByRole('table');
    await expect(audit.getByRole('row').filter({ hasText: 'assessment create' })).toHaveCount(2);
    await expect(audit.getByRole('row').filter({ hasText: 'assessment create' }).filter({ hasText: 'count: 3' })).toContainText('competency-24');
    await expect(audit.getByRole('row').filter({ hasText: 'group code create' })).toContainText('CONSOLERA1');
    await expect(audit.getByRole('row').filter({ hasText: 'group code close' })).toContainText('CONSOLERA1');
    for (const row of rows) expect(await page.content()).not.toContain(row[1]);
  });

  test('a viewer sees the lists and no form; a create forged from the owner\'s form changes nothing', async ({ page }) => {
    const base = server!.url;
    await signedIn(page, server!, 'viewer@example.org', 'viewer');
    await page.goto(`${base}/admin/assessments`);
    await expect(page.getByRole('table', { name: /Assessments, neueste zuerst/ })).toContainText('competency-24');
    await expect(page.getByRole('heading', { name: 'Assessments anlegen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Anlegen' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto(`${base}/admin/groupcodes`);
    await expect(page.getByRole('table', { name: /Gruppencodes, neueste zuerst/ })).toContainText('CONSOLERA1');
    await expect(page.getByRole('button', { name: 'Gruppencode anlegen' })).toHaveCount(0);
    await page.goto(`${base}/admin/groupcodes/RADEMO01`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppencode RADEMO01');
    await expect(page.getByRole('button', { name: 'Gruppencode schließen' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The owner's form, sent with the viewer's cookie: refused, and no assessment is made.
    expect(Object.keys(ownersCreateForm).some((name) => name.startsWith('$ACTION'))).toBe(true);
    const count = async () => (await page.request.get(`${base}/admin/assessments?q=Konsolentest`)).text().then((html) => html.match(/<tr>/g)?.length ?? 0);
    const before = await count();
    const forged = await page.request.post(`${base}/admin/assessments`, {
      headers: { origin: base },
      multipart: { ...ownersCreateForm, questionnaire: 'competency-24', count: '5', firstName: 'Clara', lastName: 'Konsolentest' },
    });
    expect(forged.status()).toBeLessThan(500);
    expect(await count()).toBe(before);
    await page.goto(`${base}/admin/audit`);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'assessment create' })).toHaveCount(2);
  });
});
