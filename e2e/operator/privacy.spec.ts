import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { enterAccessCode } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { admin, setupLink, setUp, signIn, CONSOLE_PASSWORD } from '../support/console';

/**
 * The console's portal and privacy pages: an owner (created on the command line through the
 * running app's channel) reads the demo portal and its price, exports a person's data, erases
 * them in two steps, and finds the ident code dead and the privacy audit naming the erasure by
 * the owner, never whom. The person is an assessment this journey creates itself: no demo row
 * that other journeys use is touched. A viewer is refused the privacy page and every download.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 79;

/** The privacy audit's lines as the command line lists them. */
async function privacyAuditLines(server: EdgeServer): Promise<string[]> {
  const listed = await admin(server, 'privacy', 'audit');
  expect(listed, listed.stderr).toMatchObject({ code: 0 });
  return listed.stdout.trim().split('\r\n').slice(1);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

test.describe('@operator the console: portal and privacy', needs('own-server'), () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, {});
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('an owner reads the portal, exports and erases a person in two steps, and the audit says so without naming them', async ({ page, browser }) => {
    test.setTimeout(150_000);
    await setUp(page, await setupLink(server!, 'owner@example.org', 'owner'), CONSOLE_PASSWORD);
    await signIn(page, 'owner@example.org', CONSOLE_PASSWORD);

    // The person: an assessment of our own, made on the command line, whose ident code works.
    const created = await admin(server!, 'assessment', 'create', '--questionnaire', 'competency-24', '--candidate', ';Paula;Privatsache');
    expect(created, created.stderr).toMatchObject({ code: 0 });
    const [identCode, accessCode] = created.stdout.trim().split('\r\n')[1]!.split(',');
    const participant = await browser.newPage();
    await participant.goto(`${server!.url}/home/${identCode}`);
    await enterAccessCode(participant, accessCode!);
    await participant.waitForURL(/\/accesspassword$/);
    await participant.close();

    // The portal page lists the demo portal with its price and address; the invoice data downloads.
    await page.getByRole('link', { name: 'Portal', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portal');
    const portals = page.getByRole('region', { name: 'Portale' });
    await expect(portals.getByRole('row', { name: /Kompetenzanalyse Online/ })).toContainText('345,67 EUR');
    await expect(portals.getByRole('row', { name: /Kompetenzanalyse Online/ })).toContainText('/portal/PTDEMO01/1');
    await expect(portals.getByRole('row', { name: /Ohne Preis/ })).toContainText('ohne Preis');
    await expect(page.getByRole('heading', { name: /^Bezahlt \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Ausstehend: nichts gemeldet \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Nicht bestätigt: .* \(\d+\)$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    const invoices = await downloaded(page, () => page.getByRole('link', { name: 'Als CSV herunterladen' }).click());
    expect(invoices.name).toBe('invoices.csv');
    expect(invoices.text).toMatch(/^transaction_id,portal_id,status,time,amount,currency,paypal_order_id,invoice_type,invoice_name,/);

    // The privacy page.
    await page.getByRole('link', { name: 'Datenschutz', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz');
    await expectNoAxeViolations(page);
    const before = await privacyAuditLines(server!);

    // Their data, as JSON: it names them, not their code; the audit records the export by the owner.
    const access = page.getByRole('region', { name: 'Auskunft: Daten einer Person' });
    await access.getByLabel('Die Person finden über').selectOption('assessment');
    await access.getByLabel('Code oder E-Mail-Adresse').fill(identCode!);
    await access.getByRole('button', { name: 'Daten herunterladen (JSON)' }).click();
    await expect(access.getByRole('status').filter({ hasText: /./ })).toHaveText('Die Daten der Person sind bereit; das Datenschutz-Protokoll hält die Auskunft fest.');
    // What found the person went in the form's body: no address holds it.
    expect(page.url()).not.toContain(identCode!);
    const json = await downloaded(page, () => access.getByRole('link', { name: 'person-export.json herunterladen' }).click());
    expect(json.name).toBe('person-export.json');
    const data = JSON.parse(json.text) as Record<string, unknown>;
    expect(data.format).toBe('assessment-web.person-export/1');
    expect(json.text).toContain('Privatsache');
    expect(json.text).not.toContain(identCode!);

    // Erasing: the first step only shows what would go.
    const erase = page.getByRole('region', { name: 'Löschen einer Person' });
    await erase.getByLabel('Die Person finden über').selectOption('assessment');
    await erase.getByLabel('Code oder E-Mail-Adresse').fill(identCode!);
    await erase.getByRole('button', { name: 'Zeigen, was gelöscht würde' }).click();
    const preview = erase.getByRole('region', { name: 'Das würde gelöscht:' });
    await expect(preview.getByRole('listitem').filter({ hasText: /^assessment: 1$/ })).toBeVisible();
    await expect(preview.getByRole('heading')).toBeFocused();
    await expectNoAxeViolations(page);
    // Nothing is gone yet: the code still opens the assessment.
    const stillThere = await browser.newPage();
    await stillThere.goto(`${server!.url}/home/${identCode}`);
    await expect(stillThere).not.toHaveURL(/\/error/);
    await stillThere.close();

    // The second step needs the tick.
    const confirm = preview.getByRole('checkbox', { name: /Ich habe geprüft/ });
    await preview.getByRole('button', { name: 'Endgültig löschen' }).click();
    expect(await confirm.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
    await confirm.check();
    await preview.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(erase.getByRole('status')).toContainText('Gelöscht: ');
    await expect(erase.getByRole('status')).toContainText('assessment 1');

    // The ident code no longer opens anything.
    const gone = await browser.newPage();
    await gone.goto(`${server!.url}/home/${identCode}`);
    await expect(gone).toHaveURL(/\/error\?statusCode=/);
    await expect(gone.getByRole('main').getByRole('alert')).toHaveText('Der Zugangscode in Ihrem Link ist ungültig.');
    await gone.close();

    // The privacy audit: the export and the erasure, by the owner, of "assessment", never the code.
    await page.reload();
    const audit = page.getByRole('region', { name: /Die letzten \d+ Einträge/ });
    await expect(audit.getByRole('row').filter({ hasText: 'erase' }).first()).toContainText('owner@example.org');
    await expect(audit.getByRole('row').filter({ hasText: 'export' }).first()).toContainText('assessment');
    await expect(audit).not.toContainText(identCode!);
    const after = await privacyAuditLines(server!);
    expect(after.slice(before.length).map((line) => line.split(',').slice(2, 4).concat(line.split(',').at(-1)!))).toEqual([
      ['export', 'assessment', 'owner@example.org'],
      ['erase', 'assessment', 'owner@example.org'],
    ]);
    const csv = await page.request.get(`${server!.url}/admin/privacy/audit`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/^id,done_at,action,subject,records,details,done_by\r\n/);

    // The anonymous export: no code, a row in the audit.
    const anonymous = page.getByRole('region', { name: 'Anonymer Export der Antworten' });
    await anonymous.getByLabel('Fragebogen').selectOption('competency-24');
    const answers = await downloaded(page, () => anonymous.getByRole('button', { name: 'Anonym herunterladen (CSV)' }).click());
    expect(answers.text).toMatch(/^participant,questionnaire_key,questionnaire_version,question_id,answer_id,value,finished\r\n/);
    expect((await privacyAuditLines(server!)).at(-1)).toMatch(/^\d+,[^,]+,export-anonymous,questionnaire competency-24,.*,owner@example.org$/);

    // The operator audit names the erasure and the kind of subject only.
    await page.getByRole('link', { name: 'Protokoll', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'privacy erase' });
    await expect(row).toContainText('owner@example.org');
    await expect(row).toContainText('assessment');
    await expect(page.getByRole('table')).not.toContainText(identCode!);

    // At 390 px, the privacy page fits and passes axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Datenschutz', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('without scripts the erasure takes the same two steps', async ({ page: setup, browser }) => {
    await setUp(setup, await setupLink(server!, 'noscript@example.org', 'owner'), CONSOLE_PASSWORD);
    const created = await admin(server!, 'assessment', 'create', '--questionnaire', 'competency-24', '--candidate', ';Otto;Ohneskript');
    expect(created, created.stderr).toMatchObject({ code: 0 });
    const [identCode] = created.stdout.trim().split('\r\n')[1]!.split(',');
    // Chromium posts a script-less form from a page with Referrer-Policy: no-referrer (the console's)
    // with "Origin: null", which the proxy refuses as cross-origin, sign-in included; the header
    // stands in for a browser that names the origin, so that this tests the erasure's two steps.
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { origin: server!.url } });
    const page = await context.newPage();
    await page.goto(`${server!.url}/admin/signin`);
    await signIn(page, 'noscript@example.org', CONSOLE_PASSWORD);
    await page.getByRole('link', { name: 'Datenschutz', exact: true }).click();
    const erase = page.getByRole('region', { name: 'Löschen einer Person' });
    await erase.getByLabel('Code oder E-Mail-Adresse').fill(identCode!);
    await erase.getByLabel('Antworten anonym behalten').check();
    await erase.getByRole('button', { name: 'Zeigen, was gelöscht würde' }).click();
    // The server rendered the answer: the person as typed, and what would go.
    const preview = erase.getByRole('region', { name: 'Das würde gelöscht:' });
    await expect(preview.getByRole('listitem').filter({ hasText: 'assessment (kept anonymous, with its answers): 1' })).toBeVisible();
    await expect(erase.getByLabel('Code oder E-Mail-Adresse')).toHaveValue(identCode!);
    await expect(erase.getByLabel('Antworten anonym behalten')).toBeChecked();
    await preview.getByRole('checkbox', { name: /Ich habe geprüft/ }).check();
    await preview.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(erase.getByRole('status')).toContainText('Gelöscht: ');
    await expect(erase.getByRole('status')).toContainText('assessment (kept anonymous, with its answers) 1');
    await context.close();
    await setup.goto(`${server!.url}/home/${identCode}`);
    await expect(setup).toHaveURL(/\/error\?statusCode=/);
  });

  test('a viewer reads the portal but is refused the privacy page and every download, and nothing is recorded', async ({ page }) => {
    await setUp(page, await setupLink(server!, 'viewer@example.org', 'viewer'), CONSOLE_PASSWORD);
    await signIn(page, 'viewer@example.org', CONSOLE_PASSWORD);
    const before = await privacyAuditLines(server!);

    await page.getByRole('link', { name: 'Portal', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portal');
    await expect(page.getByText('Den Export der Rechnungsdaten dürfen nur Inhaber herunterladen.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Als CSV herunterladen' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Datenschutz', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Ihre Rolle erlaubt diese Änderung nicht; nichts wurde geändert.');
    await expect(page.getByRole('button', { name: 'Daten herunterladen (JSON)' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    for (const answer of [
      await page.request.get(`${server!.url}/admin/portal/invoices`),
      await page.request.get(`${server!.url}/admin/privacy/audit`),
      await page.request.get(`${server!.url}/admin/privacy/anonymous?questionnaire=competency-24`),
    ]) {
      expect(answer.status()).toBe(403);
      expect(await answer.json()).toEqual({ error: 'forbidden' });
    }
    expect(await privacyAuditLines(server!)).toEqual(before);
  });
});
