import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Database } from '@/lib/embedded-api/db/database';
import { FolderBusyError, lockFolder } from '@/lib/embedded-api/db/folderLock';
import { DatabaseBusyError } from '../database';
import type { Sink } from '../output';
import { packFolder } from './tarball';

/** The archive's size (about the data folder's) and the file's, compressed. */
export type Written = { archiveBytes: number; fileBytes: number };

/** The copies a backup in the app makes beside the database (restore.ts has its own prefix). */
const COPY_PREFIX = 'backup-copy-';

/**
 * A backup while the app runs: the app's database copies its folder on the disk between two
 * transactions (the app's requests wait only for that), and the copy is then packed, compressed
 * and sent to the sink while they go on. The copy is removed afterwards; one a killed app left
 * behind goes with the next backup. The disk needs room for one more copy of the database meanwhile.
 */
export async function backUpRunning(db: Database, dataDir: string, sink: Sink): Promise<Written> {
  if (!db.copyDataDir) throw new Error('the app\'s database is not in a folder (PGlite in memory): there is nothing to back up');
  removeLeftCopies(dataDir, `${COPY_PREFIX}${process.pid}-`);
  const copy = fs.mkdtempSync(path.join(dataDir, `${COPY_PREFIX}${process.pid}-`));
  try {
    await db.copyDataDir(path.join(copy, 'pgdata'));
    return await packCompressed(path.join(copy, 'pgdata'), sink);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * A backup with the app stopped: the folder itself, packed under its lock, which keeps an app from
 * starting on it meanwhile (it waits, then fails naming this command). PGlite is not opened.
 */
export async function backUpStopped(dataDir: string, sink: Sink, onWait?: Parameters<typeof lockFolder>[1]['onWait']): Promise<Written> {
  let lock;
  try {
    lock = await lockFolder(dataDir, { role: 'command line', ...(onWait && { onWait }) });
  } catch (error) {
    if (error instanceof FolderBusyError) throw new DatabaseBusyError(error);
    throw error;
  }
  try {
    removeLeftCopies(dataDir);
    return await packCompressed(path.join(dataDir, 'pgdata'), sink);
  } finally {
    lock.release();
  }
}

/**
 * Copies that a killed app left (each holds a whole database): only the folder's holder makes
 * them, so every one but those of the holder's backups in progress (`ours`) is left over.
 */
function removeLeftCopies(dataDir: string, ours?: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(COPY_PREFIX) && !(ours && name.startsWith(ours))) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/** The folder as a gzip-compressed tar archive, streamed: memory stays the same whatever its size. */
async function packCompressed(folder: string, sink: Sink): Promise<Written> {
  let archiveBytes = 0;
  let fileBytes = 0;
  const counted = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      archiveBytes += chunk.length;
      yield chunk;
    }
  };
  await pipeline(Readable.from(counted(packFolder(folder))), zlib.createGzip(), async (compressed: AsyncIterable<Buffer>) => {
    for await (const chunk of compressed) {
      fileBytes += chunk.length;
      await sink.write(chunk);
    }
  });
  return { archiveBytes, fileBytes };
}
