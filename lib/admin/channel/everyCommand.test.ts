import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@/lib/config';
import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { expectedTestDatabaseKind, openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { COMMANDS } from '../commands';
import { EXIT } from '../command';
import { runCommandsOn } from '../database';
import { runAdmin } from '../main';
import { recorder } from '../testSupport';
import { runInApp } from './client';
import { startAdminChannel, type AdminChannel } from './server';

/**
 * Every admin command while the app runs on PGlite: each is handed to the running app over its
 * socket, does its work on the database the app holds, and ends as a local run would; none opens
 * the folder itself (which PGlite gives to one process only). A new command without its row here
 * fails the first test.
 */
// Opens of a data folder or a server (the test's own, the app's, is forgotten once open): a command run in the app opens none.
const mockFolderOpens: unknown[] = [];
jest.mock('@/lib/embedded-api/db/database', () => {
  const actual = jest.requireActual('@/lib/embedded-api/db/database');
  return {
    ...actual,
    openDatabase: (options: { memory?: boolean }) => {
      if (!options.memory) mockFolderOpens.push(options);
      return actual.openDatabase(options);
    },
  };
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'every-command-'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'every-command-files-'));
const env = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://assess.example' };
let db: Database;
let channel: AdminChannel;
let mailId = '';

/** A working invocation of each command, in the order they run (later ones use what earlier ones made). */
const INVOCATIONS: Array<[string, () => string[]]> = [
  ['questionnaire import', () => ['questionnaire', 'import', path.resolve('content/questionnaires/grid-10.json')]],
  ['questionnaire list', () => ['questionnaire', 'list']],
  ['assessment create', () => ['assessment', 'create', '--questionnaire', 'competency-24', '--count', '2', '--candidate', ';Kim;Kanal']],
  ['assessment list', () => ['assessment', 'list']],
  ['groupcode create', () => ['groupcode', 'create', '--variant', 'ra', '--questionnaires', 'ra-requirements', '--code', 'KANALRA1']],
  ['groupcode list', () => ['groupcode', 'list']],
  ['groupcode close', () => ['groupcode', 'close', 'KANALRA1']],
  ['export', () => ['export', '--questionnaire', 'competency-24', '--output', path.join(work, 'answers.csv')]],
  ['outbox list', () => ['outbox', 'list']],
  ['outbox show', () => ['outbox', 'show', mailId]],
  ['portal create', () => ['portal', 'create', '--product-text', 'Kanal-Test', '--price', '12,50']],
  ['portal list', () => ['portal', 'list']],
  ['payment list', () => ['payment', 'list']],
  ['payment export', () => ['payment', 'export', '--output', path.join(work, 'payments.csv')]],
  ['privacy export', () => ['privacy', 'export', '--assessment', 'P1SELF001', '--output', path.join(work, 'person.json')]],
  ['privacy erase', () => ['privacy', 'erase', '--assessment', 'P1SELF001', '--yes']],
  ['privacy audit', () => ['privacy', 'audit']],
  ['privacy purge', () => ['privacy', 'purge', '--dry-run']],
  ['operator create', () => ['operator', 'create', '--email', 'kanal@example.org', '--role', 'viewer']],
  ['operator list', () => ['operator', 'list']],
  ['operator disable', () => ['operator', 'disable', '--email', 'kanal@example.org']],
  ['operator reset', () => ['operator', 'reset', '--email', 'kanal@example.org']],
  ['branding set', () => ['branding', 'set', '--theme', 'green']],
  ['branding show', () => ['branding', 'show']],
  ['demo reset', () => ['demo', 'reset']],
  ['backup', () => ['backup', '--output', path.join(work, 'backup.tar.gz')]],
  ['restore', () => ['restore', path.join(work, 'backup.tar.gz')]],
];

/**
 * How a command ends through the running app when not with exit 0: a restore replaces the database
 * the app holds, so it refuses while the app runs; on PostgreSQL, backups are pg_dump's and
 * pg_restore's, and both commands only say so.
 */
const REFUSED: Record<string, { code: number; says: RegExp }> = expectedTestDatabaseKind() === 'postgres'
  ? { backup: { code: EXIT.usage, says: /pg_dump --format=custom/ }, restore: { code: EXIT.usage, says: /pg_restore --clean/ } }
  : { restore: { code: EXIT.busy, says: /Stop the app, run restore again/ } };

beforeAll(async () => {
  // On PGlite the app's database is in its folder, as the app's: a backup copies that folder.
  db = expectedTestDatabaseKind() === 'pglite' ? await openDatabase({ dataDir }) : await openTestDatabase();
  await migrate(db);
  await seedDemoIfEmpty(db);
  const [mail] = await db.query<{ id: string }>(
    "insert into mail_outbox (kind, language, sender, recipient, subject, body) values ('accessCode', 'de-DE', 'x@example.org', 'kanal@example.org', 'Code', 'Hallo') returning id",
  );
  mailId = String(mail!.id);
  runCommandsOn({ db, config: loadConfig({ ...env, DEMO_MODE: 'on' }) });
  channel = (await startAdminChannel(dataDir, env, runAdmin))!;
  // The app's own database (its folder on PGlite, a server's on the PostgreSQL pass) is not a command's.
  mockFolderOpens.length = 0;
}, 120_000);

afterAll(async () => {
  await channel?.stop();
  runCommandsOn(undefined);
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

describe('every admin command while the app runs', () => {
  it('has its invocation here', () => {
    expect(INVOCATIONS.map(([name]) => name).sort()).toEqual(COMMANDS.map((command) => command.name).sort());
  });

  it.each(INVOCATIONS)('%s: through the app, ends as a local run would (exit 0 unless refused), on the app\'s database, never opening the folder', async (name, args) => {
    const io = recorder(env);
    const code = await runInApp(channel.path, args(), io, work);
    const refused = REFUSED[name];
    const err = io.stderr.join('\n');
    if (refused) expect({ code, err }).toEqual({ code: refused.code, err: expect.stringMatching(refused.says) });
    else expect({ code, err }).toMatchObject({ code: EXIT.ok });
    expect(mockFolderOpens).toEqual([]);
  }, 60_000);

  it('what they did is in the app\'s database', async () => {
    expect(await db.query("select 1 from group_code where code = 'KANALRA1' and closed_at is not null")).toHaveLength(1);
    expect(await db.query("select 1 from portal where product_text = 'Kanal-Test'")).toHaveLength(1);
    expect(fs.readFileSync(path.join(work, 'answers.csv'), 'utf8')).toMatch(/^ident_code,/);
    expect(await db.query("select 1 from operator where email = 'kanal@example.org' and disabled_at is null")).toHaveLength(1);
    // On PGlite the command line wrote the backup the app took, readable by its owner only; on PostgreSQL nothing was written.
    const backup = fs.statSync(path.join(work, 'backup.tar.gz'), { throwIfNoEntry: false });
    if (expectedTestDatabaseKind() === 'pglite') expect((backup?.mode ?? 0) & 0o777).toBe(0o600);
    else expect(backup).toBeUndefined();
  });
});
