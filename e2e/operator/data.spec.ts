import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { callApi, encryptCode } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { csvRecords } from '@/lib/admin/csvRead';
import { admin, signedIn } from '../support/console';

/**
 * The console's data: an owner sees the questionnaires and imports one file (a broken one is
 * refused with the very problems the command line prints), downloads the answers as the command
 * line's `export` writes them, and sends a participant's access-code mail again until the mail
 * limit refuses. A viewer sees the lists, gets no form, and their attempt changes nothing.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 78;
const RECIPIENT = 'data.journey@example.org';

/** A new participant of the demo's kodew group code sets a key and has their access code mailed to email (the e-mail step). */
async function mailAccessCode(browser: Browser, server: EdgeServer, email: string): Promise<string> {
  const member = await browser.newPage();
  await member.goto(`${server.url}/support`);
  const login = await (await callApi(member, 'submit/kodew/login', { groupcode: encryptCode('KWDEMO01'), uiLanguage: 'en-US' })).json();
  expect(login.statusCode).toBe(1);
  const saved = await (
    await callApi(member, 'submit/kodew/personalinfo', { additionalFieldsWithValues: [{ id: 1, value: 'QA' }, { id: 2, value: '3-5' }], password: encryptCode('Geheim4711'), uiLanguage: 'en-US' })
  ).json();
  expect(saved.statusCode).toBe(1);
  const { accessCode } = await (await callApi(member, 'pageinfo/kodew/personalinfo', { uiLanguage: 'en-US' })).json();
  expect((await (await callApi(member, 'submit/kodew/sendaccesscode', { email, accessCode, uiLanguage: 'en-US' })).json()).statusCode).toBe(1);
  await member.close();
  return accessCode as string;
}

/** The rows of a table as the operator reads them, cell texts in order. */
const tableRows = (page: Page) => page.getByRole('table').locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));


const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'console-data-'));
const grid = JSON.parse(fs.readFileSync(path.resolve('content/questionnaires/grid-10.json'), 'utf8')) as Record<string, unknown>;

test.describe('@operator the console\'s questionnaires, exports and mail', needs('own-server'), () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, {});
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('an owner imports a questionnaire, downloads the answers as the command line exports them, and sends a mail again', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signedIn(page, server!, 'owner@example.org', 'owner');

    // The demo's questionnaires, each with its versions.
    await page.getByRole('link', { name: 'Fragebögen', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fragebögen');
    const keys = (await tableRows(page)).map((row) => row[0]);
    expect(keys).toEqual(expect.arrayContaining(['competency-24', 'grid-10', 'kodew-leadership']));
    await expectNoAxeViolations(page);

    // A valid file under a new key is imported and listed at once.
    const valid = path.join(folder, 'upload.json');
    fs.writeFileSync(valid, JSON.stringify({ ...grid, key: 'grid-console' }, null, 2));
    await page.getByLabel('Fragebogen-Datei (JSON)').setInputFiles(valid);
    await page.getByRole('button', { name: 'Importieren' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('grid-console: Version 1 angelegt (neuer Schlüssel).');
    await expect(page.getByRole('row', { name: /^grid-console 1 2 10/ })).toBeVisible();

    // One over the limit is refused as soon as it is chosen (sent, the server would refuse its body).
    await page.getByLabel('Fragebogen-Datei (JSON)').setInputFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.alloc(1100 * 1024, ' ') });
    expect(await page.getByLabel('Fragebogen-Datei (JSON)').evaluate((input) => (input as HTMLInputElement).validationMessage)).toBe(
      'Die Datei ist größer als 1.000 KB. Importieren Sie sie auf der Kommandozeile.',
    );

    // A broken one is refused with every problem, in the words `questionnaire import` prints.
    const broken = path.join(folder, 'grid-broken.json');
    const questions = (grid.questions as Array<Record<string, unknown>>).slice(0, 2);
    fs.writeFileSync(broken, JSON.stringify({ ...grid, key: 'grid-broken', product: 'zwei', questions: [{ ...questions[0], text: { en: 'no German' } }, { ...questions[1], answerInfos: 'none' }] }, null, 2));
    const checked = await admin(server!, 'questionnaire', 'import', broken, '--check');
    expect(checked.code).toBe(1);
    const printed = checked.stderr.trim().split('\n').slice(1).map((line) => line.trim());
    expect(printed.length).toBeGreaterThanOrEqual(3);
    await page.getByLabel('Fragebogen-Datei (JSON)').setInputFiles(broken);
    await page.getByRole('button', { name: 'Importieren' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('grid-broken.json wurde nicht importiert; nichts wurde geändert.');
    await expect(alert.getByRole('listitem')).toHaveText(printed);
    await expect(alert).toBeFocused();
    expect((await tableRows(page)).map((row) => row[0])).not.toContain('grid-broken');
    await expectNoAxeViolations(page);

    // The answers of a demo participant, downloaded as CSV and JSON: value by value what `export` prints.
    await page.getByRole('link', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Antworten exportieren');
    await expectNoAxeViolations(page);
    const cli = await admin(server!, 'export', '--questionnaire', 'competency-24');
    expect(cli.code, cli.stderr).toBe(0);
    const cliRows = csvRecords(cli.stdout);
    const [columns] = cliRows;
    const resumed = cliRows.filter((row) => row[0] === 'P1RESUME1');
    expect(resumed.length).toBeGreaterThanOrEqual(8);
    const csv = await page.request.get(`${server!.url}/admin/exports/answers?questionnaire=competency-24&format=csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toBe('attachment; filename="answers-competency-24.csv"');
    const consoleRows = csvRecords(await csv.text());
    expect(consoleRows[0]).toEqual(columns);
    expect(consoleRows.filter((row) => row[0] === 'P1RESUME1')).toEqual(resumed);
    const json = await page.request.get(`${server!.url}/admin/exports/answers?questionnaire=competency-24&format=json`);
    const objects = (await json.json()) as Array<Record<string, string | number | null>>;
    const fromJson = objects.filter((row) => row.ident_code === 'P1RESUME1').map((row) => columns!.map((column) => (row[column] === null ? '' : String(row[column]))));
    expect(fromJson).toEqual(resumed);

    // A questionnaire nobody knows comes back to the form, named.
    await page.goto(`${server!.url}/admin/exports/answers?questionnaire=nothing-here&format=json`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Diesen Fragebogen gibt es nicht: Er ist weder importiert noch hat er Zugänge.');
    // Without a session, nothing: not even whether the questionnaire exists.
    for (const key of ['competency-24', 'nothing-here']) {
      const anonymous = await fetch(`${server!.url}/admin/exports/answers?questionnaire=${key}&format=csv`, { redirect: 'manual' });
      expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: 'signedOut' }]);
    }

    // The form itself: CSV for Excel, only the finished, as a download.
    await page.getByLabel('Fragebogen', { exact: true }).selectOption('competency-24');
    await page.getByLabel('CSV für Excel (Semikolon, mit BOM)').check();
    await page.getByLabel('Nur Teilnehmer, die fertig sind').check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Herunterladen' }).click()]);
    expect(download.suggestedFilename()).toBe('answers-competency-24-excel.csv');
    const excel = fs.readFileSync((await download.path())!, 'utf8');
    expect(excel.startsWith(`\uFEFF${columns!.join(';')}\r\n`)).toBe(true);
    expect(csvRecords(excel, ';').slice(1).every((row) => row[7] !== '')).toBe(true);

    // A group participant has their access code mailed (no SMTP_URL: into the outbox).
    const accessCode = await mailAccessCode(browser, server!, RECIPIENT);

    // It is in the list, and opens whole, code and all.
    await page.getByRole('link', { name: 'E-Mails', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-Mails');
    const mailRow = page.getByRole('row').filter({ hasText: RECIPIENT });
    await expect(mailRow).toHaveCount(1);
    await expect(mailRow).toContainText('Your personal access code');
    await expect(page.getByRole('table')).not.toContainText(accessCode);
    await expectNoAxeViolations(page);
    await mailRow.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^E-Mail \d+$/);
    const mailAddress = page.url();
    await expect(page.locator('pre')).toContainText(`Your personal access code: ${accessCode}`);
    await expectNoAxeViolations(page);

    // Sent again, to the same address: the new mail is listed; the participant's hourly limit (3) then refuses.
    await page.getByRole('button', { name: 'Erneut senden' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Erneut an ${RECIPIENT} in den Postausgang gelegt.`);
    await page.getByRole('button', { name: 'Erneut senden' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Erneut an ${RECIPIENT} in den Postausgang gelegt.`);
    await page.getByRole('button', { name: 'Erneut senden' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^Nicht gesendet: Dieser Teilnehmer hat in der letzten Stunde schon 3 E-Mails bekommen/);
    await page.getByRole('link', { name: 'Zurück zu den E-Mails' }).click();
    await expect(page.getByRole('row').filter({ hasText: RECIPIENT })).toHaveCount(3);
    const shown = await admin(server!, 'outbox', 'show', (await tableRows(page))[0]![0]!);
    expect(shown.stdout).toContain(`To: ${RECIPIENT}`);
    expect(shown.stdout).toContain(accessCode);

    // The audit names the import and the re-sends, never the code.
    await page.getByRole('link', { name: 'Protokoll', exact: true }).click();
    await expect(page.getByRole('table')).toContainText('questionnaire import');
    await expect(page.getByRole('table')).toContainText('mail resend');
    await expect(page.getByRole('table')).not.toContainText(accessCode);

    // At 390 px, the mail with its long link still fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(mailAddress);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^E-Mail \d+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('a viewer sees the lists and downloads, gets no form, and an owner\'s form sent with their session changes nothing', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A mail of a participant who has had only this one this hour: the limit would let a re-send go.
    await mailAccessCode(browser, server!, 'second.participant@example.org');
    const owner = await browser.newPage();
    await signedIn(owner, server!, 'owner2@example.org', 'owner');
    await owner.goto(`${server!.url}/admin/mail`);
    const mails = await tableRows(owner);
    const second = mails.find((row) => row[4] === 'second.participant@example.org')!;
    await owner.goto(`${server!.url}/admin/mail/${second[0]}`);
    // The form's fields as a browser without scripts sends them (the action's id, the owner's XSRF token, the mail).
    const ownersForm = await owner.locator('#mail-resend').evaluate((form) => Object.fromEntries([...new FormData(form as HTMLFormElement)].map(([name, value]) => [name, String(value)])));
    const formAddress = `${server!.url}/admin/mail/${second[0]}`;

    await signedIn(page, server!, 'viewer@example.org', 'viewer');
    await page.getByRole('link', { name: 'Fragebögen', exact: true }).click();
    await expect(page.getByRole('table')).toContainText('competency-24');
    await expect(page.getByLabel('Fragebogen-Datei (JSON)')).toHaveCount(0);
    await page.getByRole('link', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Herunterladen' })).toBeVisible();
    expect((await page.request.get(`${server!.url}/admin/exports/answers?questionnaire=grid-10&format=json`)).status()).toBe(200);
    await page.getByRole('link', { name: 'E-Mails', exact: true }).click();
    expect(await tableRows(page)).toEqual(mails);
    await page.goto(`${server!.url}/admin/mail/${second[0]}`);
    await expect(page.locator('pre')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erneut senden' })).toHaveCount(0);

    // The owner's form, sent with the viewer's session as a browser without scripts sends it: nothing is sent.
    const refused = await page.request.post(formAddress, { multipart: ownersForm, headers: { origin: server!.url } });
    expect(refused.status()).toBe(200);
    await page.goto(`${server!.url}/admin/mail`);
    expect(await tableRows(page)).toEqual(mails);

    // The same from the owner's session goes: the mail is there once more.
    const sent = await owner.request.post(formAddress, { multipart: ownersForm, headers: { origin: server!.url } });
    expect(sent.status()).toBe(200);
    await page.reload();
    expect((await tableRows(page)).filter((row) => row[4] === 'second.participant@example.org')).toHaveLength(2);
    await owner.close();
  });
});
