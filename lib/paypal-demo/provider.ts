import type { AppConfig } from '@/lib/config';
import { openDemoDatabase } from './database';
import { demoOrdersApi } from './ordersApi';

export type DemoProvider = ReturnType<typeof demoOrdersApi>;

/** What server.mjs closes on a stop, as it closes the embedded API (both hold a promise of close()). */
type OpenedDemo = { api: DemoProvider; close(): Promise<void> };

const GLOBAL_KEY = Symbol.for('assessment-web.paypal-demo');
type Holder = { [GLOBAL_KEY]?: Promise<OpenedDemo> };

/**
 * The demo provider of this process, on its own storage (database.ts). Kept on globalThis: Next
 * bundles route handlers separately, so a module-level variable could exist twice, and two PGlite
 * instances on one folder would corrupt it. A failed open is forgotten, so that the next request
 * tries again (the database may come back).
 */
export async function demoProvider(config: Pick<AppConfig, 'DATABASE_URL' | 'dataDir' | 'sessionSecret'>): Promise<DemoProvider> {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= openDemoDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).then(
    (db) => ({ api: demoOrdersApi(db, { secret: config.sessionSecret }), close: () => db.close() }),
    (error: unknown) => {
      delete holder[GLOBAL_KEY];
      throw error;
    },
  );
  return (await holder[GLOBAL_KEY]).api;
}
