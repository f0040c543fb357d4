import { loadConfig, type AppConfig } from '@/lib/config';
import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';

export type AdminDatabase = { db: Database; config: AppConfig; where: string };

/**
 * The app's own database, as the app opens it (DATA_DIR or DATABASE_URL), with its migrations
 * applied, so that the command line works on a fresh machine before the app ever started.
 */
export async function openAdminDatabase(env: Record<string, string | undefined>): Promise<AdminDatabase> {
  const config = loadConfig(env);
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  return { db, config, where };
}

/** Runs work on the opened database and always closes it. */
export async function withAdminDatabase<T>(env: Record<string, string | undefined>, work: (opened: AdminDatabase) => Promise<T>): Promise<T> {
  const opened = await openAdminDatabase(env);
  try {
    return await work(opened);
  } finally {
    await opened.db.close();
  }
}
