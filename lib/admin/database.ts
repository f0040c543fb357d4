import { loadConfig, type AppConfig } from '@/lib/config';
import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { describeHolder, FolderBusyError, type LockHolder } from '@/lib/embedded-api/db/folderLock';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { EXIT } from './command';

export type AdminDatabase = { db: Database; config: AppConfig; where: string };

export type OpenOptions = {
  /** How long to wait while another admin command holds the PGlite folder (default: folderLock's). */
  waitMs?: number;
  /** Told once when the command starts waiting for another admin command. */
  onWait?: (message: string) => void;
};

/** The PGlite folder is held by the app (or by another command that did not finish in time): nothing was done. */
export class DatabaseBusyError extends Error {
  readonly exitCode = EXIT.busy;
  constructor(busy: FolderBusyError) {
    super(busyAdvice(busy));
    this.name = 'DatabaseBusyError';
  }
}

function busyAdvice({ dataDir, holder, file, message }: FolderBusyError): string {
  if (holder?.role === 'app') {
    return `the database folder ${dataDir} is held by ${describeHolder(holder)}; nothing was done. ` +
      'PGlite allows one process per folder: stop the app and run the command again, or run the app and the ' +
      'command line on PostgreSQL (set DATABASE_URL), where every command is safe while the app runs.';
  }
  if (holder) return `${message} Nothing was done.`;
  return `the database folder ${dataDir} is locked by ${file}, which this program cannot read; nothing was done. ` +
    'If no app and no admin command runs on this folder, delete that file and run the command again.';
}

/**
 * The app's own database, as the app opens it (DATA_DIR or DATABASE_URL), with its migrations
 * applied, so that the command line works on a fresh machine before the app ever started. On PGlite
 * it first takes the folder's lock: while the app runs, it refuses with DatabaseBusyError (EXIT.busy)
 * before anything is opened.
 */
export async function openAdminDatabase(env: Record<string, string | undefined>, options: OpenOptions = {}): Promise<AdminDatabase> {
  const app = (globalThis as AppHolder)[RUNNING_APP];
  if (app) return { db: notClosed(app.db), config: app.config, where: `PGlite in ${app.config.dataDir} (through the running app)` };
  const config = loadConfig(env);
  let db: Database;
  try {
    db = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      lock: {
        role: 'command line',
        ...(options.waitMs !== undefined && { waitMs: options.waitMs }),
        onWait: (holder: LockHolder) => options.onWait?.(`Waiting for ${describeHolder(holder)} to finish with ${config.dataDir} …`),
      },
    });
  } catch (error) {
    if (error instanceof FolderBusyError) throw new DatabaseBusyError(error);
    if (config.DATABASE_URL) throw new Error(`cannot reach PostgreSQL at ${serverOf(config.DATABASE_URL)} (DATABASE_URL): ${messageOf(error)}`);
    throw error;
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  return { db, config, where };
}

const RUNNING_APP = Symbol.for('assessment-web.admin-running-app');
type AppHolder = { [RUNNING_APP]?: { db: Database; config: AppConfig } };

/**
 * Where a command would work, without opening anything: in the running app (when the channel runs
 * it there), or on the database the settings name. Throws ConfigError for wrong settings.
 */
export function adminDatabasePlace(env: Record<string, string | undefined>): { kind: Database['kind']; inApp: boolean; dataDir: string } {
  const app = (globalThis as AppHolder)[RUNNING_APP];
  if (app) return { kind: app.db.kind, inApp: true, dataDir: app.config.dataDir };
  const config = loadConfig(env);
  return { kind: config.DATABASE_URL ? 'postgres' : 'pglite', inApp: false, dataDir: config.dataDir };
}

/**
 * Inside the running app (the admin channel, lib/admin/channel): commands work on the database the
 * app holds open, which PGlite gives to one process only, and never close it.
 */
export function runCommandsOn(app: { db: Database; config: AppConfig } | undefined): void {
  (globalThis as AppHolder)[RUNNING_APP] = app;
}

function notClosed(db: Database): Database {
  return {
    kind: db.kind,
    get closed() {
      return db.closed;
    },
    query: (text, params) => db.query(text, params),
    transaction: (fn) => db.transaction(fn),
    ...(db.copyDataDir && { copyDataDir: (target: string) => db.copyDataDir!(target) }),
    close: async () => undefined,
  };
}

/** Host, port and database of a URL, never its password. */
function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

function messageOf(error: unknown): string {
  return String((error as { message?: unknown } | null)?.message ?? error);
}

/** Runs work on the opened database and always closes it. */
export async function withAdminDatabase<T>(
  env: Record<string, string | undefined>,
  work: (opened: AdminDatabase) => Promise<T>,
  options: OpenOptions = {},
): Promise<T> {
  const opened = await openAdminDatabase(env, options);
  try {
    return await work(opened);
  } finally {
    await opened.db.close();
  }
}
