/**
 * npx tsx lib/scripts/guessing-concurrency.ts — fires 150 wrong access codes at once at one
 * assessment (P1-LOCK), each from an address of its own, and prints how many were checked against
 * the bound of its pace: the burst (10), then one check an interval (2 s), from all addresses
 * together; attempts whose turn does not come within the wait (8 s) are answered locked unchecked.
 *
 * Without DATABASE_URL: one instance on an in-memory PGlite. With DATABASE_URL (a PostgreSQL you
 * may scribble on: it migrates, seeds the demo rows when empty and clears P1-LOCK's failures):
 * INSTANCES (default 3) instances, each with its own connection pool, share that database, the
 * way several app processes behind a load balancer would. ATTEMPTS, BURST, INTERVAL and WAIT
 * change the figures.
 */
import { openDatabase, type Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import type { EmbeddedSettings } from '@/lib/embedded-api/context';
import { TEST_PUBLIC_URL, testMailSettings, testPortalSettings } from '@/lib/embedded-api/testApi';
import { fireWrongAccessCodes } from '@/lib/embedded-api/guessingProbe';
import { createRequestHandler } from '@/lib/embedded-api/server';

const attempts = Number(process.env.ATTEMPTS ?? 150);
const burst = Number(process.env.BURST ?? 10);
const interval = Number(process.env.INTERVAL ?? 2);
const wait = Number(process.env.WAIT ?? 8);
const databaseUrl = process.env.DATABASE_URL;
const instanceCount = databaseUrl ? Number(process.env.INSTANCES ?? 3) : 1;

/** Any AES key and IV will do: the probe encrypts with the same ones. */
const CRYPTO = { key: 'probe-key-16byte', iv: 'probe-iv-16bytes' };

const settings: EmbeddedSettings = {
  tokenSecret: 'probe-secret-'.padEnd(40, 'x'),
  tokenTtlSeconds: 3600,
  clientCryptoKey: CRYPTO.key,
  clientCryptoIv: CRYPTO.iv,
  guessing: { maxPerAssessment: 20, maxPerClient: 1_000_000, windowSeconds: 3600, lockSeconds: 900, checkBurst: burst, checkIntervalSeconds: interval, maxWaitSeconds: wait },
  identCodeGuessing: { maxPerClient: 1_000_000, windowSeconds: 3600, lockSeconds: 900 },
  groupCodeGuessing: { maxFailuresPerClient: 1_000_000, failureWindowSeconds: 3600, lockSeconds: 900, maxLoginsPerClient: 1_000_000, loginWindowSeconds: 3600 },
  mail: testMailSettings(),
  publicUrl: TEST_PUBLIC_URL,
  portal: testPortalSettings(),
  keyChanges: { maxPerParticipantPerHour: 10 },
};

async function main() {
  const databases: Database[] = [];
  for (let i = 0; i < instanceCount; i++) databases.push(await openDatabase(databaseUrl ? { databaseUrl, dataDir: '.' } : { memory: true }));
  try {
    const first = databases[0]!;
    await migrate(first);
    await seedDemoIfEmpty(first);
    const instances = databases.map((db) => createRequestHandler(db, settings));
    const result = await fireWrongAccessCodes(instances, first, { identCode: 'P1LOCK001', attempts, crypto: CRYPTO });
    const where = databaseUrl ? `PostgreSQL, ${instanceCount} instances` : 'PGlite, 1 instance';
    const bound = burst + Math.ceil(result.seconds / interval);
    console.log(
      `wrong codes checked under ${attempts} concurrent attempts: ${result.checked} in ${result.seconds.toFixed(1)} s ` +
        `(pace bound ${burst} + one per ${interval} s = ${bound}; ${result.refusedAsLocked} refused as locked; ${result.failuresRecorded} failures recorded; ${where})`,
    );
    await first.query("delete from access_code_failure where assessment_id = (select id from assessment where ident_code = 'P1LOCK001')");
    if (result.checked > bound || result.failuresRecorded !== result.checked) process.exitCode = 1;
  } finally {
    for (const db of databases) await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
