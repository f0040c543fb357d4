import { Worker } from 'node:worker_threads';

/**
 * Runs in the worker: creates the database folder with the app's own PGlite, resolved from the
 * working directory (npm start, the admin command line and the tests run in the app's folder).
 */
const CREATE = `
const { workerData } = require('node:worker_threads');
import('@electric-sql/pglite')
  .then(async ({ PGlite }) => {
    const db = await PGlite.create(workerData.folder, { startParams: [...PGlite.defaultStartParams, ...workerData.settings] });
    await db.close();
  })
  .catch(() => process.exit(1));
`;

/**
 * Creates a new PGlite database folder (initdb) in a worker thread, with these settings on top of
 * PGlite's start parameters, and resolves whether it did.
 * initdb runs a second PGlite and the initdb module, and in the app's own thread their WebAssembly
 * memory and buffers stayed until a garbage collection that an idle server may not run for a long
 * time (first start 769-811 MB, a restart 254 MB; npm run bench:memory). A worker takes its memory
 * with it when it ends. When it cannot (PGlite not resolvable from the working directory, initdb
 * failing), the caller creates the folder itself, as before, and reports initdb's own error.
 */
export function createFolderApart(folder: string, settings: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(CREATE, { eval: true, workerData: { folder, settings } });
    } catch {
      resolve(false);
      return;
    }
    let failed = false;
    worker.on('error', () => (failed = true));
    worker.on('exit', (code) => resolve(!failed && code === 0));
  });
}
