import type { Database, DatabaseOptions } from '@/lib/embedded-api/db/database';

/**
 * For the command suites (lib/admin/commands/*.test.ts): the commands' own opens of a PGlite folder
 * share one open database per folder for the whole suite, instead of starting PGlite anew for each
 * command and each check (0.65 s of CPU each, over 150 times in these suites). A suite installs it
 * before anything imports the database module:
 *
 *   jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());
 *   afterAll(closeSharedFolders);
 *
 * What is shared is only the opening: every command still takes its database through
 * openAdminDatabase, migrates it and closes what it got. Opening and closing themselves, the
 * folder's lock against the app and against other commands, are checked where they are the subject:
 * database.test.ts, busy.test.ts (real processes) and the folder-lock suites. PostgreSQL
 * (DATABASE_URL), in-memory databases and opens as the app pass through untouched.
 */
const actual = jest.requireActual<typeof import('@/lib/embedded-api/db/database')>('@/lib/embedded-api/db/database');
const shared = new Map<string, Promise<Database>>();

export function databaseModule(): typeof import('@/lib/embedded-api/db/database') {
  return { ...actual, openDatabase: openShared };
}

async function openShared(options: DatabaseOptions): Promise<Database> {
  if ('memory' in options || options.databaseUrl || options.lock?.role !== 'command line') return actual.openDatabase(options);
  let opening = shared.get(options.dataDir);
  if (!opening) {
    opening = actual.openDatabase(options);
    shared.set(options.dataDir, opening);
    opening.catch(() => shared.delete(options.dataDir));
  }
  const db = await opening;
  let closed = false;
  const whileOpen = <T>(work: () => Promise<T>): Promise<T> => {
    if (closed) throw new Error('this database was closed');
    return work();
  };
  return {
    kind: db.kind,
    get closed() {
      return closed || db.closed;
    },
    query: async (text, params) => whileOpen(() => db.query(text, params)),
    transaction: async (fn) => whileOpen(() => db.transaction(fn)),
    close: async () => {
      closed = true;
    },
  };
}

/** Closes the folders the suite's commands opened (at its end, or before the app opens one itself). */
export async function closeSharedFolders(): Promise<void> {
  const opened = [...shared.values()];
  shared.clear();
  for (const opening of opened) await (await opening).close();
}
