import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@/lib/config';
import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { runInApp } from '../channel/client';
import { startAdminChannel, type AdminChannel } from '../channel/server';
import { EXIT } from '../command';
import { runCommandsOn } from '../database';
import { runAdmin } from '../main';
import { envFor, recorder, tempDataDir, withDb } from '../testSupport';

/**
 * backup and restore while the app runs on PGlite (issue 31, part 4): the command goes to the app
 * over its admin channel; the app takes the copy between two transactions while participants go on
 * saving, and the command line writes the file in the folder the operator ran it in. A restore is
 * refused until the app is stopped.
 */

const appDir = tempDataDir('backup-app-');
const operatorFolder = tempDataDir('backup-operator-');
const restoredDir = tempDataDir('backup-restored-');
const env = envFor(appDir);
const FIRST = 100_000;
let db: Database;
let channel: AdminChannel | undefined;
let assessmentId: number;
/** Pairs of answers, each pair saved in one transaction, and how many were acknowledged before the backup started. */
let pairsBefore = 0;
let pairsAfter = 0;

async function stopApp(): Promise<void> {
  await channel?.stop();
  channel = undefined;
  runCommandsOn(undefined);
  if (db && !db.closed) await db.close();
}

beforeAll(async () => {
  // As the app opens its folder: under the lock, which keeps every command line out.
  db = await openDatabase({ dataDir: appDir });
  await migrate(db);
  const [assessor] = await db.query<{ id: number }>("insert into assessor (is_registered, key_hash) values (true, 'scrypt$x') returning id");
  const [assessment] = await db.query<{ id: number }>("insert into assessment (ident_code, product, assessor_id) values ('RUNNING01', 1, $1) returning id", [assessor!.id]);
  assessmentId = assessment!.id;
  runCommandsOn({ db, config: loadConfig(env) });
  channel = await startAdminChannel(appDir, env, runAdmin);
}, 60_000);

afterAll(async () => {
  await stopApp();
  for (const folder of [appDir, operatorFolder, restoredDir]) fs.rmSync(folder, { recursive: true, force: true });
});

describe('while the app runs', () => {
  it('a backup goes through the app while participants save, and the command line writes it where the operator is', async () => {
    let saved = 0;
    let stop = false;
    const saving = (async () => {
      for (let pair = 0; !stop; pair++) {
        await db.transaction(async (tx) => {
          const save = (answerId: number) => tx.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, 1, $2, 1)', [assessmentId, answerId]);
          await save(FIRST + 2 * pair);
          // The other requests' turn comes between the two statements, as between a page's saves.
          await new Promise((resolve) => setImmediate(resolve));
          await save(FIRST + 2 * pair + 1);
        });
        saved = pair + 1;
      }
    })();
    while (saved < 20) await new Promise((resolve) => setTimeout(resolve, 5));

    pairsBefore = saved;
    const io = recorder(env);
    const code = await runInApp(channel!.path, ['backup', '--output', 'running.tar.gz'], io, operatorFolder);
    stop = true;
    await saving;
    pairsAfter = saved;

    const file = path.join(operatorFolder, 'running.tar.gz');
    expect({ code, err: io.stderr.join('\n') }).toEqual({ code: EXIT.ok, err: expect.stringContaining(`Backed up the database in ${appDir} `) });
    expect(io.stderr[0]).toContain(`to ${file} (`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The participants went on meanwhile.
    expect(pairsAfter).toBeGreaterThan(pairsBefore);
  }, 60_000);

  it('refuses to write over an existing file, as a local run does', async () => {
    const existing = path.join(operatorFolder, 'running.tar.gz');
    const bytes = fs.readFileSync(existing);
    const io = recorder(env);
    expect(await runInApp(channel!.path, ['backup', '--output', 'running.tar.gz'], io, operatorFolder)).toBe(EXIT.usage);
    expect(io.stderr[0]).toBe(`backup: ${existing} exists already; name a new file, or add --force to replace it\nRun 'npm run admin -- backup --help' for its options.`);
    expect(fs.readFileSync(existing).equals(bytes)).toBe(true);
    expect(fs.readdirSync(operatorFolder)).toEqual(['running.tar.gz']);
  });

  it('refuses a restore (exit 3), telling to stop the app, and the app\'s database stays as it is', async () => {
    const answers = await db.query('select answer_id from answer order by answer_id');
    const io = recorder(env);
    expect(await runInApp(channel!.path, ['restore', 'running.tar.gz'], io, operatorFolder)).toBe(EXIT.busy);
    expect(io.stderr).toEqual([`restore: the app is running on ${appDir} (pid ${process.pid}); a restore replaces the database it holds. Stop the app, run restore again, then start the app. Nothing was changed.`]);
    expect(await db.query('select answer_id from answer order by answer_id')).toEqual(answers);
    expect(fs.readdirSync(appDir).filter((name) => name.startsWith('pgdata'))).toEqual(['pgdata', 'pgdata.lock']);
  });
});

describe('the app stopped', () => {
  it('the backup restores every save acknowledged before it began, and each transaction whole or not at all', async () => {
    await stopApp();
    const io = recorder(envFor(restoredDir));
    expect(await runAdmin(['restore', path.join(operatorFolder, 'running.tar.gz')], io)).toBe(EXIT.ok);
    const saved = await withDb(envFor(restoredDir), async ({ db: restored }) =>
      (await restored.query<{ answer_id: number }>('select answer_id from answer where answer_id >= $1 order by answer_id', [FIRST])).map((row) => row.answer_id));
    const pairs = saved.length / 2;
    expect(saved).toEqual(Array.from({ length: saved.length }, (_, i) => FIRST + i));
    expect(Number.isInteger(pairs)).toBe(true);
    expect(pairs).toBeGreaterThanOrEqual(pairsBefore);
    expect(pairs).toBeLessThanOrEqual(pairsAfter);
  }, 60_000);
});
