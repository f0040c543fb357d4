/**
 * npx tsx lib/scripts/ident-code-timing.ts — times ident-code lookups in the embedded API: N known
 * codes against N unknown ones (N = LOOKUPS, default 200), interleaved, one at a time, and prints
 * the median and 90th percentile of each. A known and an unknown code must cost the same time, so
 * that timing tells an enumerating client nothing. In-memory PGlite, or DATABASE_URL's PostgreSQL.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { EmbeddedSettings } from '@/lib/embedded-api/context';
import { TEST_PUBLIC_URL, testMailSettings } from '@/lib/embedded-api/testApi';
import { openDatabase } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { createRequestHandler } from '@/lib/embedded-api/server';

const lookups = Number(process.env.LOOKUPS ?? 200);
const databaseUrl = process.env.DATABASE_URL;
const KNOWN = ['P1DEMO01', 'P1RESUME1', 'P1FIRST01', 'P1SELF001', 'P2DEMO01', 'P1LOCK001'];

const settings: EmbeddedSettings = {
  tokenSecret: 'timing-secret-'.padEnd(40, 'x'),
  tokenTtlSeconds: 3600,
  clientCryptoKey: 'probe-key-16byte',
  clientCryptoIv: 'probe-iv-16bytes',
  guessing: { maxPerAssessment: 20, maxPerClient: 100, windowSeconds: 3600, lockSeconds: 900 },
  // High enough that no lookup of this run is refused: the lock is not what is timed here.
  identCodeGuessing: { maxPerClient: 1_000_000, windowSeconds: 3600, lockSeconds: 900 },
  mail: testMailSettings(),
  publicUrl: TEST_PUBLIC_URL,
};

function unknownCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return 'Q' + Array.from(crypto.randomBytes(7), (b) => alphabet[b % alphabet.length]).join('');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function main() {
  const db = await openDatabase(databaseUrl ? { databaseUrl, dataDir: '.' } : { memory: true });
  try {
    await migrate(db);
    await seedDemoIfEmpty(db);
    const handle = createRequestHandler(db, settings);
    const lookUp = async (code: string) => {
      const started = performance.now();
      const response = await handle(
        new Request('http://embedded.invalid/submit/kodekodex/identcode', {
          method: 'POST',
          headers: { 'x-forwarded-for': '192.0.2.99' },
          body: JSON.stringify({ assessmentIdentCode: code }),
        }),
      );
      const answer = (await response.json()) as { statusCode: number };
      return { ms: performance.now() - started, statusCode: answer.statusCode };
    };
    for (let i = 0; i < 40; i++) await lookUp(i % 2 ? unknownCode() : KNOWN[i % KNOWN.length]!);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < lookups; i++) {
      // Each goes first every other round, so that neither pays for what the other left behind.
      const wrongFirst = i % 2 === 1;
      const early = await lookUp(wrongFirst ? unknownCode() : KNOWN[i % KNOWN.length]!);
      const late = await lookUp(wrongFirst ? KNOWN[i % KNOWN.length]! : unknownCode());
      const [right, wrong] = wrongFirst ? [late, early] : [early, late];
      if (right.statusCode !== 1 || wrong.statusCode !== 6) throw new Error(`unexpected answers ${right.statusCode} / ${wrong.statusCode}`);
      known.push(right.ms);
      unknown.push(wrong.ms);
    }
    const fmt = (v: number) => v.toFixed(2);
    const where = databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(`ident-code lookups (${where}, ${lookups} each, interleaved):`);
    console.log(`  known codes:   median ${fmt(percentile(known, 50))} ms, p90 ${fmt(percentile(known, 90))} ms`);
    console.log(`  unknown codes: median ${fmt(percentile(unknown, 50))} ms, p90 ${fmt(percentile(unknown, 90))} ms`);
    await db.query("delete from ident_code_lookup where client_address = '192.0.2.99'");
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
