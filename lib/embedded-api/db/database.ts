import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '@/lib/sql/pglite';
import { openPostgres } from '@/lib/sql/postgres';
import type { Database } from '@/lib/sql/types';
import { lockFolder, type LockOptions } from './folderLock';

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
  try {
    return await openPglite(folder, { settings: PGLITE_SETTINGS, afterClose: () => lock.release(), emptyCluster: options.emptyCluster });
  } catch (error) {
    lock.release();
    throw error;
  }
}
