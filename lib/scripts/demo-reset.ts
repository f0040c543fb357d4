/**
 * npm run demo:reset — restores the demo rows of shared/DEMO.md in the configured database
 * (DATA_DIR or DATABASE_URL). Stop the app first when it runs on PGlite: one process per folder.
 */
import { getConfig } from '@/lib/config';
import { openDatabase } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { resetDemo } from '@/lib/embedded-api/demo/seed';

async function main() {
  const config = getConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    await resetDemo(db);
    console.log(`Demo data restored (${db.kind}${config.DATABASE_URL ? '' : `, ${config.dataDir}`}).`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
