import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { FolderBusyError, lockFolder, type LockHolder } from '@/lib/embedded-api/db/folderLock';
import { migrate, MIGRATIONS } from '@/lib/embedded-api/db/migrations';
import { EXIT } from '../command';
import { DatabaseBusyError } from '../database';
import { recordOperatorAudit } from '../operators/audit';
import { extractTo, TarError } from './tarball';

/** The file is no backup this version can restore; nothing was changed. */
export class BackupRefused extends Error {
  readonly exitCode = EXIT.failure;
  constructor(file: string, reason: string) {
    super(`${file} ${reason}; nothing was changed`);
    this.name = 'BackupRefused';
  }
}

export type Restored = {
  assessments: number;
  answers: number;
  /** Where the database it replaced was moved; undefined when there was none. */
  keptAs?: string;
  /** The backup's schema was older: these versions were applied to it. */
  migrated: number[];
};

export type RestoreOptions = { operator: string; onWait?: (holder: LockHolder) => void };

const STAGING_PREFIX = 'restoring-';

/**
 * Replaces the PGlite database in dataDir (its pgdata folder) by a backup file. Under the folder's
 * lock, so that no app or command opens it meanwhile, the backup is unpacked into a folder beside
 * it, opened there, checked to be this app's database at a schema this version knows, brought to
 * this version's schema, and the restore recorded in its operator audit. Only then are the folders
 * swapped: the database replaced is kept aside as pgdata.before-restore-<time>, not deleted.
 * Throws BackupRefused (nothing changed) or DatabaseBusyError (the app holds the folder).
 */
export async function restoreBackup(dataDir: string, file: string, options: RestoreOptions): Promise<Restored> {
  checkGzip(file);
  fs.mkdirSync(dataDir, { recursive: true });
  let lock;
  try {
    lock = await lockFolder(dataDir, { role: 'command line', ...(options.onWait && { onWait: options.onWait }) });
  } catch (error) {
    if (error instanceof FolderBusyError) throw new DatabaseBusyError(error);
    throw error;
  }
  // What a restore that was killed left behind (only a restore, holding the lock, makes these).
  for (const left of fs.readdirSync(dataDir).filter((name) => name.startsWith(STAGING_PREFIX))) fs.rmSync(path.join(dataDir, left), { recursive: true, force: true });
  const staging = fs.mkdtempSync(path.join(dataDir, STAGING_PREFIX));
  try {
    const postgresMajor = await unpack(file, path.join(staging, 'pgdata'));
    const checked = await checkAndMigrate(staging, file, postgresMajor, options.operator);
    const live = path.join(dataDir, 'pgdata');
    const keptAs = fs.existsSync(live) ? path.join(dataDir, `pgdata.before-restore-${new Date().toISOString().replace(/:/g, '-')}`) : undefined;
    if (keptAs) fs.renameSync(live, keptAs);
    try {
      fs.renameSync(path.join(staging, 'pgdata'), live);
    } catch (error) {
      if (keptAs) fs.renameSync(keptAs, live);
      throw error;
    }
    return { ...checked, ...(keptAs && { keptAs }) };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

/** `backup` writes gzip: anything else is refused before the folder is even locked. */
function checkGzip(file: string): void {
  const start = Buffer.alloc(2);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, start, 0, 2, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (start[0] !== 0x1f || start[1] !== 0x8b) throw new BackupRefused(file, "is no backup made by 'backup': it is not gzip-compressed");
}

/** Unpacks the backup into `folder` as it is read (tarball.ts), so memory stays the same whatever its size; answers its PostgreSQL version. */
async function unpack(file: string, folder: string): Promise<string> {
  try {
    await extractTo(file, folder);
  } catch (error) {
    if (error instanceof TarError) throw new BackupRefused(file, `is no backup made by 'backup': ${error.message}`);
    if (String((error as { code?: unknown }).code).startsWith('Z_')) throw new BackupRefused(file, 'is damaged: its gzip compression does not decompress (cut short?)');
    throw error;
  }
  const version = path.join(folder, 'PG_VERSION');
  if (!fs.existsSync(version) || !fs.existsSync(path.join(folder, 'global', 'pg_control'))) {
    throw new BackupRefused(file, "is no backup made by 'backup': it holds no PostgreSQL data folder");
  }
  return fs.readFileSync(version, 'utf8').trim();
}

async function checkAndMigrate(staging: string, file: string, postgresMajor: string, operator: string): Promise<Omit<Restored, 'keptAs'>> {
  let db: Database;
  try {
    db = await openDatabase({ dataDir: staging, lock: { role: 'command line' } });
  } catch (error) {
    throw new BackupRefused(file, await whyNotOpened(postgresMajor, error));
  }
  try {
    const versions = await schemaVersions(db, file);
    const known = new Set(MIGRATIONS.map((migration) => migration.version));
    const unknown = versions.filter((version) => !known.has(version));
    if (unknown.length > 0) {
      throw new BackupRefused(file, `comes from a newer version of the app (its database has schema version ${Math.max(...unknown)}, this version knows up to ${Math.max(...known)}): restore it with that version or a later one`);
    }
    const migrated = await migrate(db);
    const [counts] = await db.query<{ assessments: string; answers: string }>('select (select count(*) from assessment) as assessments, (select count(*) from answer) as answers');
    const restored = { assessments: Number(counts!.assessments), answers: Number(counts!.answers), migrated };
    await recordOperatorAudit(db, { operator, action: 'restore', subject: path.basename(file), details: { assessments: restored.assessments, answers: restored.answers } });
    return restored;
  } finally {
    // A clean shutdown: the restored folder needs no recovery at the app's start.
    await db.close();
  }
}

async function schemaVersions(db: Database, file: string): Promise<number[]> {
  try {
    return (await db.query<{ version: number }>('select version from schema_migration')).map((row) => Number(row.version));
  } catch (error) {
    // 42P01: no such table.
    if ((error as { code?: string }).code === '42P01') throw new BackupRefused(file, "holds a PostgreSQL database, but not this app's (it has no schema_migration table)");
    throw error;
  }
}

/** PGlite says only that it failed: a data folder of another PostgreSQL version is the likely reason, and is told. */
async function whyNotOpened(postgresMajor: string, error: unknown): Promise<string> {
  const message = error instanceof Error ? error.message : String(error);
  const ours = await postgresMajorOfPglite();
  if (postgresMajor !== ours) {
    return `holds a database of PostgreSQL ${postgresMajor}, and this app's PGlite runs PostgreSQL ${ours}, which cannot open it (${message})`;
  }
  return `could not be opened by PGlite: the database in it is damaged (${message})`;
}

async function postgresMajorOfPglite(): Promise<string> {
  const db = await openDatabase({ memory: true });
  try {
    const [row] = await db.query<{ version: string }>("select current_setting('server_version_num') as version");
    return String(Math.floor(Number(row!.version) / 10000));
  } finally {
    await db.close();
  }
}
