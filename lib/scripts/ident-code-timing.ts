/**
 * npx tsx lib/scripts/ident-code-timing.ts — times ident-code lookups in the embedded API: N known
 * ident codes, N group participants' personal access codes (coming back) and N unknown codes
 * (N = LOOKUPS, default 200), interleaved, one at a time, and prints the median and 90th percentile
 * of each. All three must cost the same time, so that timing tells an enumerating client nothing.
 * In-memory PGlite, or DATABASE_URL's PostgreSQL.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { EmbeddedSettings } from '@/lib/embedded-api/context';
import { TEST_PUBLIC_URL, testMailSettings, testPortalSettings } from '@/lib/embedded-api/testApi';
import { openDatabase } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { createMember, findGroupCode } from '@/lib/embedded-api/groups/store';
import { createRequestHandler } from '@/lib/embedded-api/server';

const lookups = Number(process.env.LOOKUPS ?? 200);
const databaseUrl = process.env.DATABASE_URL;
const KNOWN = ['P1DEMO01', 'P1RESUME1', 'P1FIRST01', 'P1SELF001', 'P2DEMO01', 'P1LOCK001'];

const settings: EmbeddedSettings = {
  tokenSecret: 'timing-secret-'.padEnd(40, 'x'),
  tokenTtlSeconds: 3600,
  clientCryptoKey: 'probe-key-16byte',
  clientCryptoIv: 'probe-iv-16bytes',
  guessing: { maxPerAssessment: 20, maxPerClient: 100, windowSeconds: 3600, lockSeconds: 900, checkBurst: 10, checkIntervalSeconds: 2, maxWaitSeconds: 8 },
  // High enough that no lookup of this run is refused: the lock is not what is timed here.
  identCodeGuessing: { maxPerClient: 1_000_000, windowSeconds: 3600, lockSeconds: 900 },
  groupCodeGuessing: { maxFailuresPerClient: 1_000_000, failureWindowSeconds: 3600, lockSeconds: 900, maxLoginsPerClient: 1_000_000, loginWindowSeconds: 3600 },
  mail: testMailSettings(),
  publicUrl: TEST_PUBLIC_URL,
  portal: testPortalSettings(),
  keyChanges: { maxPerParticipantPerHour: 10 },
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
    const group = (await findGroupCode(db, 'KWDEMO01'))!;
    const accessCodes: string[] = [];
    for (let i = 0; i < KNOWN.length; i++) accessCodes.push((await db.transaction((tx) => createMember(tx, group))).accessCode);
    const kinds = {
      known: { next: (i: number) => KNOWN[i % KNOWN.length]!, statusCode: 1, ms: [] as number[] },
      accessCode: { next: (i: number) => accessCodes[i % accessCodes.length]!, statusCode: 1, ms: [] as number[] },
      unknown: { next: () => unknownCode(), statusCode: 6, ms: [] as number[] },
    };
    const order = Object.values(kinds);
    for (let i = 0; i < 40; i++) await lookUp(order[i % 3]!.next(i));
    for (let i = 0; i < lookups; i++) {
      // Each kind goes first, second and third in turn, so that none pays for what another left behind.
      for (let k = 0; k < 3; k++) {
        const kind = order[(i + k) % 3]!;
        const { ms, statusCode } = await lookUp(kind.next(i));
        if (statusCode !== kind.statusCode) throw new Error(`unexpected answer ${statusCode}`);
        kind.ms.push(ms);
      }
    }
    const fmt = (v: number) => v.toFixed(2);
    const where = databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(`ident-code lookups (${where}, ${lookups} each, interleaved):`);
    console.log(`  known ident codes:          median ${fmt(percentile(kinds.known.ms, 50))} ms, p90 ${fmt(percentile(kinds.known.ms, 90))} ms`);
    console.log(`  participants' access codes: median ${fmt(percentile(kinds.accessCode.ms, 50))} ms, p90 ${fmt(percentile(kinds.accessCode.ms, 90))} ms`);
    console.log(`  unknown codes:              median ${fmt(percentile(kinds.unknown.ms, 50))} ms, p90 ${fmt(percentile(kinds.unknown.ms, 90))} ms`);
    await db.query("delete from ident_code_lookup where client_address = '192.0.2.99'");
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
