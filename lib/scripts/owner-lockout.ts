/**
 * npx tsx lib/scripts/owner-lockout.ts — how long the owner of an assessment (P1-SELF) waits to
 * log in while an attacker sends wrong access codes for it without pause from other addresses.
 * The owner types the right code from their own address after WARM_UP_MS and again a second after
 * each answer that is not a login; the script prints the time from the first try to the login.
 *
 * The limits are the defaults of lib/config/schema.ts (burst, interval, wait and the per-address
 * limits). Without DATABASE_URL: an in-memory PGlite. With DATABASE_URL (a PostgreSQL you may
 * scribble on: it migrates, seeds the demo rows when empty and clears P1-SELF's failures).
 * ADDRESSES (default 1000), CONCURRENCY (default 50) and WARM_UP_MS (default 5000) shape the attack;
 * SPREAD=1 puts every attacker address into a /24 network of its own, as a botnet's would be.
 */
import { envSchema } from '@/lib/config/schema';
import { openDatabase } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { guessingSettings } from '@/lib/embedded-api';
import { ownerUnderAttack } from '@/lib/embedded-api/guessingProbe';
import { createRequestHandler } from '@/lib/embedded-api/server';
import { TEST_CRYPTO, testSettings } from '@/lib/embedded-api/testApi';

const addresses = Number(process.env.ADDRESSES ?? 1000);
const concurrency = Number(process.env.CONCURRENCY ?? 50);
const warmUpMs = Number(process.env.WARM_UP_MS ?? 5000);
const spread = process.env.SPREAD === '1';
const databaseUrl = process.env.DATABASE_URL;

const settings = testSettings('probe-secret-'.padEnd(40, 'x'), {
  guessing: guessingSettings(envSchema.parse({})),
});

async function main() {
  const db = await openDatabase(databaseUrl ? { databaseUrl, dataDir: '.' } : { memory: true });
  try {
    await migrate(db);
    await seedDemoIfEmpty(db);
    const handle = createRequestHandler(db, settings);
    const result = await ownerUnderAttack(handle, db, { identCode: 'P1SELF001', rightCode: 'SELF4711', crypto: TEST_CRYPTO, addresses, spread, concurrency, warmUpMs, ownerTries: 10 });
    const where = databaseUrl ? 'PostgreSQL' : 'PGlite';
    const owner = result.ownerMs === null ? `not logged in after ${result.ownerTries} tries` : `logged in after ${(result.ownerMs / 1000).toFixed(1)} s (try ${result.ownerTries})`;
    const bound = settings.guessing.checkBurst + Math.ceil(result.attackSeconds / settings.guessing.checkIntervalSeconds);
    console.log(
      `owner ${owner}; attacker: ${result.wrongCodesSent} wrong codes from ${addresses} addresses${spread ? ' in as many networks' : ''} (${concurrency} at a time) in ${result.attackSeconds.toFixed(1)} s, ` +
        `${result.wrongCodesChecked} of them checked (pace bound ${bound}); ${where}`,
    );
    if (result.ownerMs === null || result.ownerMs > 30_000 || result.wrongCodesChecked > bound) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
