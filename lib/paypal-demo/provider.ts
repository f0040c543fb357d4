import type { AppConfig } from '@/lib/config';
import { openDemoDatabase } from './database';
import { demoOrdersApi } from './ordersApi';

export type DemoProvider = ReturnType<typeof demoOrdersApi>;

const GLOBAL_KEY = Symbol.for('assessment-web.paypal-demo');
type Holder = { [GLOBAL_KEY]?: Promise<DemoProvider> };

/**
 * The demo provider of this process, on its own storage (database.ts). Kept on globalThis: Next
 * bundles route handlers separately, so a module-level variable could exist twice, and two PGlite
 * instances on one folder would corrupt it. A failed open is forgotten, so that the next request
 * tries again (the database may come back).
 */
export function demoProvider(config: Pick<AppConfig, 'DATABASE_URL' | 'dataDir' | 'sessionSecret'>): Promise<DemoProvider> {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= openDemoDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).then(
    (db) => demoOrdersApi(db, { secret: config.sessionSecret }),
    (error: unknown) => {
      delete holder[GLOBAL_KEY];
      throw error;
    },
  );
  return holder[GLOBAL_KEY];
}
