import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { DEMO_ASSESSMENTS } from '@/lib/embedded-api/demo/rows';
import { encodeAnswers, questionsPerPage } from '@/lib/flows/questionnaire';
import { startServer, type RunningServer } from '../fuzz/server';
import { expect, needs, test } from '../support/deployed';
import { Visitor } from '../support/edgeServer';

/**
 * A backup of the production server while it runs, restored (issue 31, part 4), as
 * docs/operations.md "Backups" tells an operator: two assessors save pages through the app, the
 * operator's `npm run admin -- backup` takes the database from the running server, the assessor
 * saves one more page, the server stops, `restore` puts the backup into a fresh DATA_DIR, and the
 * server started on it exports every answer saved before the backup, and not the page saved after.
 * No browser: the requests are the pages' own.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 106;
const BIN = path.resolve('lib/admin/bin.mjs');
const ASSESSORS = ['P1DEMO01', 'P1TURNS01'].map((code) => DEMO_ASSESSMENTS.find((row) => row.identCode === code)!);

type Ran = { code: number | null; stdout: string; stderr: string };

/** `npm run admin -- …` on the server's host, in the operator's folder, on that DATA_DIR (PGlite). */
function admin(dataDir: string, cwd: string, ...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** An assessor signed in by their deep link and access code, on the questionnaire's first page. */
async function signIn(server: RunningServer, row: (typeof ASSESSORS)[number]) {
  const visitor = new Visitor(server.port, '127.0.0.1');
  await visitor.open(`/home/${row.identCode}`);
  await visitor.startAssessment(row.identCode);
  expect(await visitor.tryAccessCode(row.accessCode!)).toBe(true);
  let page = (await visitor.call('pageinfo/questionnaire', { questionStartIndex: 1 })).json() as QuestionnairePageResponse;
  let start = 1;
  return {
    /** Answers the page shown (each answer a value of its scale) and turns to the next: the app saves the page. */
    async turnPage() {
      const values = page.answervaluesConfig!.valueInfos.map((info) => info.value);
      const answers = page.questions!.flatMap((question) => question.answerInfos.map((answer, position) => ({ id: answer.id, value: values[position % values.length]! })));
      const next = page.nextNavButtonQuestionStartIndex ?? start + questionsPerPage(row.product);
      const turned = await visitor.call('pageinfo/questionnaire', { questionsPerPage: questionsPerPage(row.product), questionStartIndex: next, answers: encodeAnswers(start, answers) });
      expect(turned.json(), turned.text).toMatchObject({ statusCode: 1 });
      page = turned.json() as QuestionnairePageResponse;
      start = next;
    },
  };
}

test.describe('@operator a backup of the running server, restored', needs('own-server'), () => {
  const folders: string[] = [];
  const servers: RunningServer[] = [];
  const folder = (prefix: string) => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(made);
    return made;
  };

  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const made of folders) fs.rmSync(made, { recursive: true, force: true });
  });

  test('finds every answer saved before the backup in a server started on the restored DATA_DIR', async () => {
    test.setTimeout(240_000);
    const operator = folder('backup-operator-');
    const dataDir = folder('backup-data-');
    // The servers' logs stay in test-results for a failure to be read.
    const start = async (onDataDir: string, log: string) => {
      const server = await startServer({ port: PORT, dataDir: onDataDir, logFile: test.info().outputPath(log), env: { DATABASE_URL: '' } });
      servers.push(server);
      return server;
    };
    const exported = async (onDataDir: string, file: string) => {
      expect(await admin(onDataDir, operator, 'export', '--questionnaire', 'competency-24', '--output', file)).toMatchObject({ code: 0 });
      return fs.readFileSync(path.join(operator, file), 'utf8');
    };

    const running = await start(dataDir, 'server.log');
    const [first, second] = await Promise.all(ASSESSORS.map((row) => signIn(running, row)));
    await first!.turnPage();
    await first!.turnPage();
    await second!.turnPage();
    const saved = await exported(dataDir, 'before.csv');
    const rowsOf = (csv: string, identCode: string) => csv.split('\r\n').filter((line) => line.startsWith(`${identCode},`));
    // A page is four ranked questions of four answers, a row each: two pages, and one.
    expect(rowsOf(saved, 'P1DEMO01')).toHaveLength(32);
    expect(rowsOf(saved, 'P1TURNS01')).toHaveLength(16);

    const backup = await admin(dataDir, operator, 'backup', '--output', 'backup.tar.gz');
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stderr).toMatch(/^Backed up the database in .* to .*backup\.tar\.gz \(\d+\.\d MB compressed\)\./);
    // A page saved after the backup is not in it.
    await second!.turnPage();
    expect(rowsOf(await exported(dataDir, 'after.csv'), 'P1TURNS01')).toHaveLength(32);
    await running.stop();

    const fresh = folder('backup-restored-');
    const restore = await admin(fresh, operator, 'restore', path.join(operator, 'backup.tar.gz'));
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stderr).toContain(`Restored ${path.join(operator, 'backup.tar.gz')} into ${fresh}:`);

    await start(fresh, 'restored.log');
    expect(await exported(fresh, 'restored.csv')).toBe(saved);
  });
});
