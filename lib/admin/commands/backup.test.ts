import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { openDatabase } from '@/lib/embedded-api/db/database';
import { migrate, MIGRATIONS } from '@/lib/embedded-api/db/migrations';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { packFolder } from '../backup/tarball';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { envFor, recorder, tempDataDir, withDb } from '../testSupport';

/**
 * backup and restore on PGlite with the app stopped (issue 31, part 4): a database with answers,
 * backed up and restored into a fresh DATA_DIR and over a database, and every file that is no
 * backup of this app refused with nothing changed. Real folders throughout: a restore swaps them.
 * (While the app runs: backupRunningApp.test.ts; on PostgreSQL: backupPostgres.test.ts.)
 */

const folders: string[] = [];
const folder = (prefix: string) => {
  const made = tempDataDir(prefix);
  folders.push(made);
  return made;
};
const files = folder('backup-files-');
const source = folder('backup-source-');
const env = envFor(source);
const backupFile = path.join(files, 'backup.tar.gz');
let answersBacked: string[];
let assessmentsBacked: number;

/** Every answer with its assessment's ident code, as the export reads them. */
const answersIn = (dataDir: string) =>
  withDb(envFor(dataDir), async ({ db }) =>
    (await db.query<Record<string, unknown>>(
      `select a.ident_code, n.question_id, n.answer_id, n.value, n.saved_at from answer n join assessment a on a.id = n.assessment_id
       order by a.ident_code, n.question_id, n.answer_id`,
    )).map((row) => JSON.stringify(row)));

async function run(dataDir: string, ...argv: string[]) {
  const io = recorder(envFor(dataDir));
  const code = await runAdmin(argv, io);
  return { code, out: io.text(), err: io.stderr.join('\n') };
}

/** The backup file rewritten: its tar archive changed by `change`. */
function rewritten(name: string, change: (tar: Buffer) => Buffer): string {
  const file = path.join(files, name);
  fs.writeFileSync(file, zlib.gzipSync(change(zlib.gunzipSync(fs.readFileSync(backupFile)))));
  return file;
}

/** What an operator would notice of a data folder: its entries and its answers. */
const stateOf = async (dataDir: string) => ({ entries: fs.readdirSync(dataDir).sort(), answers: await answersIn(dataDir) });

beforeAll(async () => {
  await withDb(env, ({ db }) => seedDemoIfEmpty(db));
  const created = await run(source, 'assessment', 'create', '--questionnaire', 'competency-24', '--count', '3');
  expect(created.code).toBe(EXIT.ok);
  const identCodes = created.out.split('\r\n').slice(1).filter(Boolean).map((line) => line.split(',')[0]!);
  // Each new assessment answers 40 items, as a participant's saves leave them.
  await withDb(env, ({ db }) =>
    db.query(
      `insert into answer (assessment_id, question_id, answer_id, value, saved_at)
       select a.id, g / 4 + 1, g, g % 5, timestamptz '2030-01-01T09:00:00Z' + g * interval '1 minute'
       from assessment a, generate_series(1, 40) g where a.ident_code = any($1)`,
      [identCodes],
    ));
  answersBacked = await answersIn(source);
  assessmentsBacked = await withDb(env, async ({ db }) => (await db.query<{ n: number }>('select count(*)::int as n from assessment'))[0]!.n);
  expect(answersBacked.length).toBeGreaterThan(120);
}, 120_000);

afterAll(() => {
  for (const made of folders) fs.rmSync(made, { recursive: true, force: true });
});

describe('with the app stopped', () => {
  it('backs up a database with answers into a file only its owner can read, and restores every answer into a fresh DATA_DIR', async () => {
    const backup = await run(source, 'backup', '--output', backupFile);
    expect(backup).toMatchObject({ code: EXIT.ok, out: '' });
    expect(backup.err).toMatch(new RegExp(`^Backed up the database in ${source} \\(\\d+\\.\\d MB\\) to ${backupFile} \\(\\d+\\.\\d MB compressed\\)\\.\\nIt holds personal data`));
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(files)).toEqual(['backup.tar.gz']);

    const fresh = folder('backup-fresh-');
    const restored = await run(fresh, 'restore', backupFile);
    expect(restored.code).toBe(EXIT.ok);
    expect(restored.err).toContain(`Restored ${backupFile} into ${fresh}: ${assessmentsBacked} assessments, ${answersBacked.length} answers.`);
    expect(restored.err).not.toContain('kept in');
    expect(await answersIn(fresh)).toEqual(answersBacked);
    // Nothing to keep aside, nothing left over: the database folder and the session secret.
    expect(fs.readdirSync(fresh).sort()).toEqual(['pgdata', 'session-secret']);
  }, 60_000);

  it('a restore over a database brings back the answers of the backup, keeps the replaced database aside and records itself in the audit', async () => {
    await withDb(env, ({ db }) => db.query('delete from answer where answer_id > 20'));
    const lost = await answersIn(source);
    expect(lost.length).toBeLessThan(answersBacked.length);

    const restored = await run(source, 'restore', backupFile);
    expect(restored.code).toBe(EXIT.ok);
    expect(await answersIn(source)).toEqual(answersBacked);
    const kept = fs.readdirSync(source).filter((name) => name.startsWith('pgdata.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(restored.err).toContain(`The database it replaced is kept in ${path.join(source, kept[0]!)}`);
    expect(restored.err).toContain('Erasures made after the backup was taken are undone');
    const audit = await withDb(env, ({ db }) => db.query<{ action: string; subject: string; operator: string }>('select action, subject, operator from operator_audit'));
    expect(audit).toEqual([expect.objectContaining({ action: 'restore', subject: 'backup.tar.gz', operator: expect.stringMatching(/^command line: /) })]);

    // The replaced database is whole: as a DATA_DIR of its own it opens with the answers it had.
    const aside = folder('backup-aside-');
    fs.renameSync(path.join(source, kept[0]!), path.join(aside, 'pgdata'));
    expect(await answersIn(aside)).toEqual(lost);
  }, 60_000);

  it('takes the database as it is, and a restore brings a backup of an older version up to date', async () => {
    const older = folder('backup-older-');
    const latest = MIGRATIONS.at(-1)!.version;
    const db = await openDatabase({ dataDir: older, lock: { role: 'command line' } });
    await migrate(db, MIGRATIONS.slice(0, -1));
    await db.close();
    const file = path.join(files, 'older.tar.gz');
    expect((await run(older, 'backup', '--output', file)).code).toBe(EXIT.ok);
    const after = await openDatabase({ dataDir: older, lock: { role: 'command line' } });
    expect(await after.query('select 1 from schema_migration where version = $1', [latest])).toEqual([]);
    await after.close();

    const fresh = folder('backup-fresh-older-');
    const restored = await run(fresh, 'restore', file);
    expect(restored.code).toBe(EXIT.ok);
    expect(restored.err).toContain(`The backup was of an older version: schema versions ${latest} were applied.`);
  }, 60_000);
});

describe('what is refused', () => {
  it('backup: without --output, over an existing file (unless --force), and where there is no database', async () => {
    expect(await run(source, 'backup')).toMatchObject({ code: EXIT.usage, err: expect.stringMatching(/^backup: --output is required/) });

    const existing = path.join(files, 'existing.tar.gz');
    fs.writeFileSync(existing, 'an older file');
    expect(await run(source, 'backup', '--output', existing)).toMatchObject({
      code: EXIT.usage,
      err: expect.stringMatching(new RegExp(`^backup: ${existing} exists already; name a new file, or add --force to replace it`)),
    });
    expect(fs.readFileSync(existing, 'utf8')).toBe('an older file');
    expect((await run(source, 'backup', '--output', existing, '--force')).code).toBe(EXIT.ok);
    expect(fs.readFileSync(existing).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const empty = folder('backup-empty-');
    const none = path.join(files, 'none.tar.gz');
    expect(await run(empty, 'backup', '--output', none)).toEqual({
      code: EXIT.failure, out: '', err: `backup: there is no database in ${empty} (DATA_DIR) to back up; nothing was written.`,
    });
    expect(fs.existsSync(none)).toBe(false);
    expect(fs.existsSync(path.join(empty, 'pgdata'))).toBe(false);
  }, 60_000);

  it('restore: a missing file, or not exactly one', async () => {
    expect(await run(source, 'restore', path.join(files, 'no-such.tar.gz'))).toMatchObject({ code: EXIT.usage, err: expect.stringMatching(/^restore: '.*no-such\.tar\.gz' does not exist or is no file/) });
    expect(await run(source, 'restore')).toMatchObject({ code: EXIT.usage, err: expect.stringMatching(/^restore: name exactly one backup file/) });
    expect(await run(source, 'restore', backupFile, backupFile)).toMatchObject({ code: EXIT.usage });
  });

  describe('a file that is no backup this version can restore: exit 1, nothing changed', () => {
    let before: Awaited<ReturnType<typeof stateOf>>;
    beforeAll(async () => {
      before = await stateOf(source);
    });

    const cases: Array<[string, () => Promise<string> | string, RegExp]> = [
      ['a CSV export', () => {
        const file = path.join(files, 'answers.csv');
        fs.writeFileSync(file, 'ident_code,question_id\r\nABC,1\r\n');
        return file;
      }, /is no backup made by 'backup': it is not gzip-compressed; nothing was changed$/],
      ['gzip-compressed text', () => {
        const file = path.join(files, 'notes.txt.gz');
        fs.writeFileSync(file, zlib.gzipSync('not a tar archive, though long enough to fill a header block. '.repeat(20)));
        return file;
      }, /is no backup made by 'backup': a tar header in it is damaged \(checksum failure\); nothing was changed$/],
      ['a backup cut short', () => {
        const file = path.join(files, 'cut.tar.gz');
        const whole = fs.readFileSync(backupFile);
        fs.writeFileSync(file, whole.subarray(0, whole.length / 2));
        return file;
      }, /is damaged: its gzip compression does not decompress \(cut short\?\); nothing was changed$/],
      ['a tar archive of another folder', async () => {
        const file = path.join(files, 'questionnaires.tar.gz');
        await pipeline(Readable.from(packFolder(path.join(process.cwd(), 'content/questionnaires'))), zlib.createGzip(), fs.createWriteStream(file));
        return file;
      }, /it holds no PostgreSQL data folder; nothing was changed$/],
      ['a data folder of another PostgreSQL version', () => rewritten('postgres-17.tar.gz', (tar) => {
        const changed = Buffer.from(tar);
        // PG_VERSION's data follows its header.
        let header = 0;
        while (!changed.subarray(header, header + 11).equals(Buffer.from('PG_VERSION\0'))) header += 512;
        changed.write('17\n', header + 512);
        return changed;
      }), /holds a database of PostgreSQL 17, and this app's PGlite runs PostgreSQL 18, which cannot open it/],
      ['a PostgreSQL database that is not this app\'s, as PGlite dumps one', async () => {
        const { PGlite } = await import('@electric-sql/pglite');
        const other = await PGlite.create();
        const dump = Buffer.from(await (await other.dumpDataDir('none')).arrayBuffer());
        await other.close();
        const file = path.join(files, 'other.tar.gz');
        fs.writeFileSync(file, zlib.gzipSync(dump));
        return file;
      }, /holds a PostgreSQL database, but not this app's \(it has no schema_migration table\); nothing was changed$/],
      ['a backup of a newer version of the app', async () => {
        const newer = folder('backup-newer-');
        await withDb(envFor(newer), ({ db }) => db.query("insert into schema_migration (version, name) values (9999, 'from the future')"));
        const file = path.join(files, 'newer.tar.gz');
        expect((await run(newer, 'backup', '--output', file)).code).toBe(EXIT.ok);
        return file;
      }, new RegExp(`comes from a newer version of the app \\(its database has schema version 9999, this version knows up to ${MIGRATIONS.at(-1)!.version}\\)`)],
    ];

    it.each(cases)('%s', async (_name, make, says) => {
      const file = await make();
      const refused = await run(source, 'restore', file);
      expect(refused).toEqual({ code: EXIT.failure, out: '', err: expect.stringMatching(says) });
      expect(refused.err).toMatch(new RegExp(`^restore: ${file} `));
      expect(await stateOf(source)).toEqual(before);
    }, 60_000);
  });
});
