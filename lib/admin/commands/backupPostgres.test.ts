import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { createTestStore, expectedTestDatabaseKind, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { PG_DUMP_COMMAND, PG_RESTORE_COMMAND, postgresAdvice } from '../backup/postgres';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { recorder, tempDataDir } from '../testSupport';

/**
 * Backups on PostgreSQL (issue 31, part 4) are pg_dump's and pg_restore's: `backup` and `restore`
 * only print the commands, which docs/operations.md gives too; on the PostgreSQL pass
 * (TEST_DATABASE_URL) those very commands run, and the restore finds every answer.
 */

const operations = fs.readFileSync(path.join(process.cwd(), 'docs/operations.md'), 'utf8');

describe('backup and restore on PostgreSQL', () => {
  // Nothing listens there: the commands must answer without connecting.
  const env = { DATA_DIR: tempDataDir('backup-pg-'), PUBLIC_URL: 'https://assess.example', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
  afterAll(() => fs.rmSync(env.DATA_DIR, { recursive: true, force: true }));

  it.each([['backup', '--output', 'backup.tar.gz'], ['restore', 'backup.tar.gz']])('%s does nothing and prints the pg_dump and pg_restore commands (exit 2)', async (command, ...args) => {
    const io = recorder(env);
    expect(await runAdmin([command, ...args], io)).toBe(EXIT.usage);
    expect(io.stderr).toEqual([postgresAdvice(command as 'backup' | 'restore')]);
    expect(io.stderr[0]).toContain(PG_DUMP_COMMAND);
    expect(io.stderr[0]).toContain(PG_RESTORE_COMMAND);
    expect(fs.readdirSync(env.DATA_DIR)).not.toContain('backup.tar.gz');
  });

  it('docs/operations.md gives the same commands', () => {
    expect(operations).toContain(PG_DUMP_COMMAND);
    expect(operations).toContain(PG_RESTORE_COMMAND);
  });
});

if (expectedTestDatabaseKind() === 'postgres') describe('the documented pg_dump and pg_restore, on PostgreSQL', () => {
  let store: TestStore;
  let db: Database | undefined;
  const work = tempDataDir('backup-pg-files-');
  // The operator's shell with DATABASE_URL, nothing else: bash's own PATH finds the PostgreSQL client in /usr/bin.
  const shell = (command: string) => execFileSync('bash', ['-c', command], { cwd: work, env: { NODE_ENV: 'test', DATABASE_URL: store.databaseUrl }, stdio: 'pipe' });
  const answers = async (on: Database) =>
    (await on.query<Record<string, unknown>>(
      `select a.ident_code, n.question_id, n.answer_id, n.value, n.saved_at from answer n join assessment a on a.id = n.assessment_id
       order by a.ident_code, n.question_id, n.answer_id`,
    )).map((row) => JSON.stringify(row));

  beforeAll(async () => {
    store = await createTestStore();
  });

  afterAll(async () => {
    await db?.close();
    await store.remove();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a dump taken while the app is connected restores every answer, with the app stopped', async () => {
    db = await store.open();
    await migrate(db);
    await seedDemoIfEmpty(db);
    const backedUp = await answers(db);
    expect(backedUp.length).toBeGreaterThan(100);

    shell(PG_DUMP_COMMAND);
    expect(fs.statSync(path.join(work, 'backup.dump')).mode & 0o777).toBe(0o600);

    // What the backup is for: answers lost, and rows that came after it.
    await db.query('delete from answer where answer_id % 3 = 0');
    await db.query("insert into assessor (is_registered, key_hash) values (true, 'scrypt$after')");
    expect((await answers(db)).length).toBeLessThan(backedUp.length);
    await db.close();

    shell(PG_RESTORE_COMMAND);
    db = await store.open();
    expect(await answers(db)).toEqual(backedUp);
    expect(await db.query("select 1 from assessor where key_hash = 'scrypt$after'")).toEqual([]);
    // The app starts on it: nothing is left to migrate.
    expect(await migrate(db)).toEqual([]);
  }, 120_000);
});
