import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callApi, encryptCode, enterAccessCode, hydrated } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { next, pageIndicator, rankPage } from '../support/questionnaire';

/**
 * The admin command line while the app runs on PGlite (issue 30, point 1): each command goes to the
 * running app over its socket in DATA_DIR and prints what a local run prints, while a participant
 * is answering. Codes created work at once, a closed group code refuses new logins at once, the
 * export holds the page saved a moment before, and the outbox shows the mail just written.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 75;
const BIN = path.resolve('lib/admin/bin.mjs');

type Ran = { code: number | null; stdout: string; stderr: string };

/** `npm run admin -- …` as an operator runs it on the app's host, in a folder of their own. */
function admin(server: EdgeServer, cwd: string, ...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test.describe('@operator the admin command line while participants answer', needs('own-server'), () => {
  let server: EdgeServer | undefined;
  let operatorFolder = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, {});
    operatorFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(operatorFolder, { recursive: true, force: true });
  });

  test('create codes, close a group code, export and outbox show, each while a participant is on the questionnaire', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const base = server!.url;
    // A participant answering: page 1 saved, now on page 2.
    await page.goto(`${base}/home/P1DEMO01`);
    await enterAccessCode(page, 'RANK4711');
    await page.waitForURL(/\/questionnairemanual$/);
    await hydrated(page);
    await page.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await rankPage(page, 0);
    await next(page, 'Seite 2 von 6');

    // An export a moment after the save holds it.
    const exported = await admin(server!, operatorFolder, 'export', '--questionnaire', 'competency-24', '--output', 'answers.csv');
    expect(exported).toMatchObject({ code: 0 });
    const csv = fs.readFileSync(path.join(operatorFolder, 'answers.csv'), 'utf8');
    expect(csv.split('\r\n').filter((line) => line.startsWith('P1DEMO01,'))).toHaveLength(16);

    // A code created now works at once, in another browser.
    const created = await admin(server!, operatorFolder, 'assessment', 'create', '--questionnaire', 'competency-24');
    expect(created.code).toBe(0);
    const [identCode, accessCode] = created.stdout.trim().split('\r\n')[1]!.split(',');
    const latecomer = await browser.newPage();
    await latecomer.goto(`${base}/home/${identCode}`);
    await enterAccessCode(latecomer, accessCode!);
    await latecomer.waitForURL(/\/accesspassword$/);
    await latecomer.close();

    // The mail the e-mail step just wrote is in the outbox, whole (a group participant in a browser of their own).
    const member = await browser.newPage();
    await member.goto(`${base}/support`);
    const login = await (await callApi(member, 'submit/kodew/login', { groupcode: encryptCode('KWDEMO01'), uiLanguage: 'en-US' })).json();
    expect(login.statusCode).toBe(1);
    const saved = await (
      await callApi(member, 'submit/kodew/personalinfo', { additionalFieldsWithValues: [{ id: 1, value: 'QA' }, { id: 2, value: '3-5' }], password: encryptCode('Geheim4711'), uiLanguage: 'en-US' })
    ).json();
    expect(saved.statusCode).toBe(1);
    const { accessCode: memberCode } = await (await callApi(member, 'pageinfo/kodew/personalinfo', { uiLanguage: 'en-US' })).json();
    expect((await (await callApi(member, 'submit/kodew/sendaccesscode', { email: 'live.admin@example.org', accessCode: memberCode, uiLanguage: 'en-US' })).json()).statusCode).toBe(1);
    const listed = await admin(server!, operatorFolder, 'outbox', 'list');
    expect(listed.code).toBe(0);
    const mailId = listed.stdout.split('\r\n').find((line) => line.includes('live.admin@example.org'))!.split(',')[0]!;
    const shown = await admin(server!, operatorFolder, 'outbox', 'show', mailId);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('To: live.admin@example.org');
    expect(shown.stdout).toContain(memberCode);
    await member.close();

    // A group code closed now refuses the next login at once.
    const closed = await admin(server!, operatorFolder, 'groupcode', 'close', 'RADEMO01');
    expect(closed.code).toBe(0);
    const refused = await browser.newPage();
    await refused.goto(`${base}/ra/RADEMO01`);
    await hydrated(refused);
    await refused.getByRole('button', { name: 'Anmelden' }).click();
    await expect(refused.getByRole('alertdialog', { name: 'Fehler' })).toContainText('Die Befragung zu diesem Gruppencode ist bereits abgeschlossen.');
    await refused.close();

    // The participant went on all along: the next page turn saves.
    await rankPage(page, 1);
    await next(page, 'Seite 3 von 6');
  });
});
