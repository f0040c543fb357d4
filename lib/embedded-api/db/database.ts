import fs from 'node:fs';
import path from 'node:path';
import { logEvent } from '@/lib/log/logger';
import { lockFolder, type FolderLock, type LockOptions } from './folderLock';
import { createFolderApart } from './pgliteFolder';

/** The little SQL surface the embedded API needs; PGlite and node-postgres both provide it. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Sql {
  /** Runs fn in one transaction; everything it wrote is rolled back if it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Set once close() was called: work that runs on its own (keyStrengthening.ts) stops asking. */
  readonly closed: boolean;
  readonly kind: 'pglite' | 'postgres';
}

export type DatabaseOptions =
  | {
      databaseUrl?: string;
      dataDir: string;
      /** Who opens the PGlite folder, and how long to wait for it (folderLock.ts); the app by default. */
      lock?: LockOptions;
    }
  | { memory: true };

/**
 * PostgreSQL when a URL is given; else PGlite in `<dataDir>/pgdata`, after taking the folder's lock
 * (one process per folder), which close() gives back. Throws FolderBusyError when it is held.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('memory' in options) return openPglite(undefined);
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const folder = path.join(options.dataDir, 'pgdata');
  // PGlite creates only the last folder of its path.
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const lock = await lockFolder(options.dataDir, options.lock ?? { role: 'app' });
  try {
    return await openPglite(folder, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * Postgres settings of the embedded database, on top of PGlite's own. shared_buffers: initdb's
 * 128 MB is sized for a server shared by 100 connections, and in PGlite it is resident WebAssembly
 * memory from the start (151 MB of the process's RSS, 29 MB with 16 MB). This app's database is
 * small (participants' answers) and one connection uses it; pages it evicts are read back from the
 * operating system's file cache, not from disk.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(folder: string | undefined, lock?: FolderLock): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] };
  if (folder !== undefined && !fs.existsSync(path.join(folder, 'PG_VERSION'))) await createFolderApart(folder, PGLITE_SETTINGS);
  const db = folder ? await PGlite.create(folder, options) : await PGlite.create(options);
  // PGlite is one connection: serialise transactions so that two requests never interleave in one.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  let closed = false;
  return {
    kind: 'pglite',
    get closed() {
      return closed;
    },
    query: <T>(text: string, params?: unknown[]) => serial(async () => (await db.query<T>(text, params as never[])).rows),
    transaction: <T>(fn: (tx: Sql) => Promise<T>) =>
      serial(() =>
        db.transaction(async (tx) => fn({ query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params as never[])).rows })),
      ),
    close: async () => {
      closed = true;
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: url, max: 10 });
  // The server may end an idle connection (a restart, a failover, an administrator): the pool then
  // drops it and opens another for the next query. Unheard, that error would end the process.
  pool.on('error', (error: Error & { code?: string }) => logEvent('warn', 'database connection lost', { code: error.code, message: error.message }));
  await pool.query('select 1');
  let closed = false;
  return {
    kind: 'postgres',
    get closed() {
      return closed;
    },
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    transaction: async <T>(fn: (tx: Sql) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => {
      closed = true;
      return pool.end();
    },
  };
}
