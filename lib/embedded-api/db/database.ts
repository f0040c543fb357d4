import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '@/lib/sql/pglite';
import { openPostgres } from '@/lib/sql/postgres';
import type { Database } from '@/lib/sql/types';
import { lockFolder, type FolderLock, type LockOptions } from './folderLock';

export type { Database, Sql } from '@/lib/sql/types';

export type DatabaseOptions =
  | {
      databaseUrl?: string;
      dataDir: string;
      /** Who opens the PGlite folder, and how long to wait for it (folderLock.ts); the app by default. */
      lock?: LockOptions;
      /** Tests: a new PGlite folder starts from this dump of an empty cluster (lib/sql/pglite.ts). */
      emptyCluster?: Blob;
    }
  | { memory: true; emptyCluster?: Blob };

/**
 * Postgres settings of the embedded database, on top of PGlite's own. shared_buffers: initdb's
 * 128 MB is sized for a server shared by 100 connections, and in PGlite it is resident WebAssembly
 * memory from the start (151 MB of the process's RSS, 29 MB with 16 MB). This app's database is
 * small (participants' answers) and one connection uses it; pages it evicts are read back from the
 * operating system's file cache, not from disk.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * PostgreSQL when a URL is given; else PGlite in `<dataDir>/pgdata`, after taking the folder's lock
 * (one process per folder), which close() gives back. Throws FolderBusyError when it is held.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('memory' in options) return openPglite(undefined, { settings: PGLITE_SETTINGS, emptyCluster: options.emptyCluster });
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl, { max: 10, lostEvent: 'database connection lost' });
    // An unreachable server or a refused login stops the start, not the first participant's request.
    await db.query('select 1');
    return db;
  }
  const folder = path.join(options.dataDir, 'pgdata');
  // The lock's file lives in the data directory, which may not exist yet.
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const lock = await lockFolder(options.dataDir, options.lock ?? { role: 'app' });
  return openLocked(folder, lock, options.emptyCluster);
}

/** A PGlite folder opened under its lock, and what reopenDatabase needs to open it again under the same lock. */
type Locked = { folder: string; lock: FolderLock; reopening: boolean };
const LOCKED = new WeakMap<Database, Locked>();

async function openLocked(folder: string, lock: FolderLock, emptyCluster?: Blob): Promise<Database> {
  const locked: Locked = { folder, lock, reopening: false };
  try {
    // Closed for good, the lock is given back; closed to be opened again (reopenDatabase), it is kept.
    const db = await openPglite(folder, { settings: PGLITE_SETTINGS, afterClose: () => locked.reopening || lock.release(), emptyCluster });
    LOCKED.set(db, locked);
    return db;
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The same PGlite folder closed and opened again by a new instance, its lock held throughout (no
 * command or other app can take the folder in between). Why: PGlite's WebAssembly memory grows with
 * what it was asked to do and never shrinks; a new instance starts small. A database that is not a
 * PGlite folder (PostgreSQL, in memory) is returned as it is.
 */
export async function reopenDatabase(db: Database): Promise<Database> {
  const locked = LOCKED.get(db);
  if (!locked) return db;
  locked.reopening = true;
  try {
    await db.close();
  } finally {
    locked.reopening = false;
  }
  return openLocked(locked.folder, locked.lock);
}
