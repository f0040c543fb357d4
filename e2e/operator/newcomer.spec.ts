import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { enterAccessCode, hydrated } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { pageIndicator, ratePage } from '../support/questionnaire';

/**
 * The README's walk-through for a newcomer, step by step as an operator types it on PGlite: import a
 * questionnaire of their own, create five codes, start the app, answer one assessment in the
 * browser, and export the answers for a spreadsheet while the app runs (the command goes to it).
 */
const run = promisify(execFile);
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 70;

const TEAM_CHECK = {
  $schema: './questionnaire.schema.json',
  key: 'team-check',
  title: { de: 'Team-Check Frühjahr', en: 'Team check spring' },
  product: 2,
  questionsPerPage: 1,
  noDetails: true,
  notRated: false,
  answervaluesConfig: {
    valueInfos: [
      { value: 1, caption: { de: 'selten', en: 'rarely' } },
      { value: 2, caption: { de: 'manchmal', en: 'sometimes' } },
      { value: 3, caption: { de: 'oft', en: 'often' } },
    ],
    groupCaptions: [],
  },
  questions: [
    {
      id: 1,
      text: { de: 'Zusammenarbeit', en: 'Collaboration' },
      answerInfos: [
        { id: 11, text: { de: 'Wir helfen einander bei Engpässen.', en: 'We help each other out.' } },
        { id: 12, text: { de: 'Besprechungen enden mit klaren Absprachen.', en: 'Meetings end with clear agreements.' } },
      ],
    },
    {
      id: 2,
      text: { de: 'Rückmeldung', en: 'Feedback' },
      answerInfos: [
        { id: 21, text: { de: 'Ich erhalte Rückmeldung zu meiner Arbeit.', en: 'I get feedback on my work.' } },
        { id: 22, text: { de: 'Kritik wird offen und respektvoll geäußert.', en: 'Criticism is voiced openly and respectfully.' } },
      ],
    },
  ],
};

test.describe('@operator a newcomer runs their own questionnaire', needs('own-server'), () => {
  let work: string;
  let env: NodeJS.ProcessEnv;
  let server: EdgeServer | undefined;

  const admin = (...args: string[]) => run(process.execPath, ['lib/admin/bin.mjs', ...args], { env, encoding: 'utf8' });

  test.beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'newcomer-'));
    fs.copyFileSync('content/questionnaires/questionnaire.schema.json', path.join(work, 'questionnaire.schema.json'));
    fs.writeFileSync(path.join(work, 'team-check.json'), JSON.stringify(TEAM_CHECK, null, 2));
    env = { ...process.env, DATA_DIR: path.join(work, 'data'), PUBLIC_URL: `http://localhost:${PORT}` };
    delete env.DATABASE_URL;
    // The first command creates the data folder by initdb, as on an operator's machine, not from the
    // tests' dump of an empty cluster (playwright.config.ts).
    delete env.TEST_PGLITE_FROM_DUMP;
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('import, five codes, answer in the browser, export for a spreadsheet', async ({ page }) => {
    test.setTimeout(240_000);
    const imported = await admin('questionnaire', 'import', path.join(work, 'team-check.json'));
    expect(imported.stdout).toMatch(/team-check.*created.*version 1/i);

    const created = await admin('assessment', 'create', '--questionnaire', 'team-check', '--count', '5', '--candidate', ';Ada;Muster');
    const [header, ...lines] = created.stdout.trim().split(/\r?\n/);
    expect(header).toBe('ident_code,access_code,deep_link');
    expect(lines).toHaveLength(5);
    expect(created.stderr).toMatch(/only/i);
    const [identCode, accessCode, deepLink] = lines[0]!.split(',');
    expect(deepLink).toBe(`http://localhost:${PORT}/home/${identCode}`);

    // As `npm start` starts it: not demo mode, so none of the demo's rows sits next to the operator's.
    server = await startEdgeServer(PORT, { DATA_DIR: env.DATA_DIR!, PUBLIC_URL: env.PUBLIC_URL!, DEMO_MODE: 'off' });
    await page.goto(deepLink!);
    await enterAccessCode(page, accessCode!);
    // A first login offers to set a personal key; keeping the access code is fine.
    await expect(page).toHaveURL(/\/accesspassword$/);
    await hydrated(page);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    await page.getByRole('link', { name: 'Weiter' }).click();

    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Team-Check Frühjahr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada Muster');
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 2');
    await ratePage(page, 'oft');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 2');
    await ratePage(page, 'selten');
    await page.getByRole('button', { name: 'Speichern und abschließen' }).click();
    await page.getByRole('alertdialog', { name: 'Befragung abschließen' }).getByRole('button', { name: 'Jetzt abschließen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();

    // The app holds the PGlite folder while it runs: the export is handed to it, and written here.
    expect(fs.existsSync(path.join(env.DATA_DIR!, 'pgdata.lock'))).toBe(true);
    const file = path.join(work, 'answers.csv');
    await admin('export', '--questionnaire', 'team-check', '--excel', '--output', file);
    const bytes = fs.readFileSync(file);
    // Excel in German locales: a UTF-8 BOM and semicolons open straight into columns.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.subarray(3).toString('utf8').trim().split('\r\n').map((line) => line.split(';'));
    expect(rows[0]).toEqual(['ident_code', 'questionnaire_key', 'questionnaire_version', 'question_id', 'answer_id', 'value', 'saved_at', 'finished_at', 'group_code', 'participant', 'participant_name', 'participant_email']);
    const answers = rows.slice(1).map(([code, key, version, question, answer, value, savedAt, finishedAt]) => ({
      code, key, version, question, answer, value, saved: !Number.isNaN(Date.parse(savedAt!)), finished: !Number.isNaN(Date.parse(finishedAt!)),
    }));
    const common = { code: identCode, key: 'team-check', version: '1', saved: true, finished: true };
    expect(answers).toEqual([
      { ...common, question: '1', answer: '11', value: '3' },
      { ...common, question: '1', answer: '12', value: '3' },
      { ...common, question: '2', answer: '21', value: '1' },
      { ...common, question: '2', answer: '22', value: '1' },
    ]);
  });
});
