import fs from 'node:fs';
import path from 'node:path';
import { copyFolder } from './copyFolder';
import { emptyCluster as cachedEmptyCluster, testsStartFromDump } from './emptyCluster';
import { createFolderApart } from './pgliteFolder';
import { preparedStatements } from './pglitePrepared';
import { measuredDatabase } from './measured';
import { tracedDatabase } from './traced';
import type { Database, Sql } from './types';

export type PgliteOptions = {
  /** Postgres settings on top of PGlite's own start parameters: '-c', 'name=value', … */
  settings: readonly string[];
  /** Gives back what the caller took for this folder (its lock), once PGlite closed it or failed to. */
  afterClose?: () => void;
  /**
   * A dump of an empty cluster (PGlite's dumpDataDir) that a new database starts from instead of
   * running initdb: 0.7 s instead of 3 s, for test suites that open hundreds of databases.
   */
  emptyCluster?: Blob;
};

/**
 * PGlite in this folder (created when new), or in memory without one. A new folder is created in a
 * worker first (pgliteFolder.ts), so that initdb's memory leaves with the worker.
 */
export async function openPglite(folder: string | undefined, options: PgliteOptions): Promise<Database> {
  const { settings, afterClose } = options;
  const pglite = await import('@electric-sql/pglite');
  const { PGlite } = pglite;
  const isNew = folder === undefined || !fs.existsSync(path.join(folder, 'PG_VERSION'));
  const emptyCluster = options.emptyCluster ?? (isNew && testsStartFromDump() ? await cachedEmptyCluster() : undefined);
  const start = { startParams: [...PGlite.defaultStartParams, ...settings], ...(isNew && emptyCluster && { loadDataDir: emptyCluster }) };
  if (folder !== undefined) {
    // PGlite creates only the last folder of its path.
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    if (isNew && !emptyCluster) await createFolderApart(folder, settings);
  }
  const db = folder ? await PGlite.create(folder, start) : await PGlite.create(start);
  const prepared = preparedStatements(db, pglite);
  // PGlite is one connection: serialise transactions so that two requests never interleave in one.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  let closed = false;
  return tracedDatabase(measuredDatabase({
    kind: 'pglite',
    get closed() {
      return closed;
    },
    query: <T>(text: string, params?: unknown[]) => serial(() => prepared<T>(text, params)),
    transaction: <T>(fn: (tx: Sql) => Promise<T>) =>
      serial(async () => {
        await db.exec('begin');
        try {
          const result = await fn({ query: <R>(text: string, params?: unknown[]) => prepared<R>(text, params) });
          await db.exec('commit');
          return result;
        } catch (error) {
          await db.exec('rollback').catch(() => undefined);
          throw error;
        }
      }),
    // Queued behind the transactions before it, and nothing reaches PGlite until it is done: PGlite
    // does nothing by itself, so the files stand still. Copied on the disk, not through memory
    // (PGlite's dumpDataDir took 3 times the folder's size): a backup must not take the app's RAM.
    ...(folder !== undefined && {
      copyDataDir: (target: string) => serial(() => copyFolder(folder, target)),
    }),
    close: async () => {
      closed = true;
      try {
        await db.close();
      } finally {
        afterClose?.();
      }
    },
  }));
}
