import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite on a thread of its own: the statements run there, beside the thread that renders pages and
 * answers calls, so that a second core takes the database's share of the work (about a third of a
 * classroom's server CPU, npm run bench:classroom). PGlite stays one database in one process, one
 * statement at a time: the caller (pglite.ts) still serialises its transactions.
 *
 * The thread resolves the app's own PGlite from the started script (server.mjs, the admin command
 * line, a test runner: all in the app's folder), whatever the working directory.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
let db;
/** What an error carries across: its message and PostgreSQL's fields (code, detail, …), never its values beyond them. */
const FIELDS = ['code', 'detail', 'hint', 'severity', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint'];
const failure = (error) => {
  const out = { message: error instanceof Error ? error.message : String(error) };
  for (const field of FIELDS) if (error && error[field] !== undefined) out[field] = error[field];
  return out;
};
parentPort.on('message', async ({ id, op, text, params }) => {
  try {
    if (op === 'query') return parentPort.postMessage({ id, rows: (await db.query(text, params)).rows });
    if (op === 'exec') {
      await db.exec(text);
      return parentPort.postMessage({ id });
    }
    if (op === 'close') {
      await db.close();
      parentPort.postMessage({ id });
      return parentPort.close();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: failure(error) });
  }
});
/** The app's own PGlite, found from where the process was started (server.mjs, the admin command line, a test runner), else from the working directory. */
function pgliteEntry() {
  const { createRequire } = require('node:module');
  const { pathToFileURL } = require('node:url');
  for (const from of workerData.resolveFrom) {
    try {
      return pathToFileURL(createRequire(from).resolve('@electric-sql/pglite')).href;
    } catch {
      // not from there
    }
  }
  return '@electric-sql/pglite';
}
import(pgliteEntry())
  .then(async ({ PGlite }) => {
    const start = { startParams: [...PGlite.defaultStartParams, ...workerData.settings], ...(workerData.dump && { loadDataDir: new Blob([workerData.dump]) }) };
    db = workerData.folder ? await PGlite.create(workerData.folder, start) : await PGlite.create(start);
    parentPort.postMessage({ id: 0 });
  })
  .catch((error) => parentPort.postMessage({ id: 0, error: failure(error) }));
`;

type Answer = { id: number; rows?: unknown[]; error?: Record<string, unknown> & { message: string } };

export type PgliteThread = {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Statements without parameters (BEGIN, COMMIT, ROLLBACK), in PostgreSQL's simple protocol. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
};

/** An error from the thread as the caller would have seen it from PGlite: its message and PostgreSQL's fields. */
function rebuilt(error: Answer['error'] & object): Error {
  return Object.assign(new Error(error.message), error);
}

/**
 * Starts the thread and opens PGlite in it: in this folder (undefined: in memory), with these start
 * parameters, a new folder from this dump of an empty cluster when given. Resolves once it is open.
 */
export async function startPgliteThread(folder: string | undefined, settings: readonly string[], dump?: Blob): Promise<PgliteThread> {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      folder,
      settings: [...settings],
      resolveFrom: [process.argv[1], path.join(process.cwd(), 'package.json')].filter(Boolean),
      ...(dump && { dump: await dump.arrayBuffer() }),
    },
  });
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let next = 1;
  let gone: Error | undefined;
  const fail = (error: Error) => {
    gone = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    waiting?.resolve(answer);
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`the database thread ended (exit code ${code})`)));

  // The thread keeps the process alive only while a statement runs: a database nobody closed must
  // not hold a finished command line or test run open, and one that runs must not let it end.
  const ask = (message: { op: string; text?: string; params?: unknown[] }, id = next++): Promise<Answer> => {
    if (gone) return Promise.reject(gone);
    if (pending.size === 0) worker.ref();
    return new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (id !== 0) worker.postMessage({ id, ...message });
    }).finally(() => {
      if (pending.size === 0 && !gone) worker.unref();
    }).then((answer) => {
      if (answer.error) throw rebuilt(answer.error);
      return answer;
    });
  };

  try {
    await ask({ op: 'open' }, 0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    query: async <T>(text: string, params?: unknown[]) => (await ask({ op: 'query', text, params })).rows as T[],
    exec: async (text: string) => void (await ask({ op: 'exec', text })),
    close: async () => {
      if (gone) return;
      await ask({ op: 'close' });
      await worker.terminate();
    },
  };
}
