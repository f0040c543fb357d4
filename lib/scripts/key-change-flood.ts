/**
 * npx tsx lib/scripts/key-change-flood.ts — one logged-in participant sends
 * submit/kodekodex/personalinfo with a new personal key, again and again, for FLOOD_SECONDS (default 60)
 * against the embedded API on an in-memory PGlite, and prints how many changes were accepted and
 * refused (by status/detail), the rate, the process's RSS before, after and at its highest (sampled
 * every 250 ms), and how long the key-strengthening queue stays busy once the flood stops.
 *
 * Each request carries the token the last accepted change answered with (a changed key ends every
 * earlier token, so a client that kept its first token would be refused from the second change on,
 * which would measure nothing). CONCURRENCY (default 1) requests are in flight at once. LIMIT sets
 * the key changes allowed per participant and hour (the default of lib/config/schema.ts otherwise).
 */
import { openDatabase } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { encryptClientValue } from '@/lib/embedded-api/clientCrypto';
import type { EmbeddedSettings } from '@/lib/embedded-api/context';
import { keyStrengtheningOf } from '@/lib/embedded-api/keyStrengthening';
import { hashKey } from '@/lib/embedded-api/keys';
import { createRequestHandler } from '@/lib/embedded-api/server';
import { sendTo, testSettings } from '@/lib/embedded-api/testApi';
import { signToken } from '@/lib/embedded-api/tokens';
import { envSchema } from '@/lib/config/schema';

const seconds = Number(process.env.FLOOD_SECONDS ?? 60);
const concurrency = Number(process.env.CONCURRENCY ?? 1);
const defaults = envSchema.parse({}) as Record<string, unknown>;
const limit = Number(process.env.LIMIT ?? defaults.PERSONAL_KEY_MAX_CHANGES_PER_PARTICIPANT_PER_HOUR ?? 10);

const base = testSettings('flood-secret-'.padEnd(40, 'x'));
// The limit's setting as this commit names it; a build without the limit ignores it.
const settings = { ...base, keyChanges: { maxPerParticipantPerHour: limit } } as EmbeddedSettings;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const db = await openDatabase({ memory: true });
  try {
    await migrate(db);
    const [assessor] = await db.query<{ id: number }>(
      `insert into assessor (first_name, last_name, email, is_registered, must_register, key_hash) values ('Flut', 'Probe', 'flut@example.org', true, false, $1) returning id`,
      [await hashKey('Anfang4711')],
    );
    const [assessment] = await db.query<{ id: number }>(
      `insert into assessment (ident_code, product, assessor_id, candidate_first_name, candidate_last_name, first_login_done)
       values ('FLOOD0001', 1, $1, 'Clara', 'Flut', true) returning id`,
      [assessor!.id],
    );
    const handle = createRequestHandler(db, settings);
    const keys = keyStrengtheningOf(db);
    let token = signToken({ product: 1, isLoggedIn: true, assessorId: assessor!.id, assessment: assessment!.id }, settings.tokenSecret, 3600);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const outcomes = new Map<string, number>();
    let accepted = 0;
    let sent = 0;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 250);
    const started = Date.now();
    const until = started + seconds * 1000;
    const worker = async () => {
      while (Date.now() < until) {
        sent += 1;
        const key = `Flut${String(sent).padStart(8, '0')}`;
        const { answer } = await sendTo(handle, 'submit/kodekodex/personalinfo', { passwordEncrypted: encryptClientValue(key, settings.clientCryptoKey, settings.clientCryptoIv), token }, '192.0.2.7');
        if (answer.statusCode === 1) {
          accepted += 1;
          if (typeof answer.token === 'string') token = answer.token;
        } else {
          const code = `${answer.statusCode}/${answer.detailCode}`;
          outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const floodMs = Date.now() - started;
    const rssAfter = process.memoryUsage().rss;
    const queueStart = Date.now();
    await keys.idle();
    const queueMs = Date.now() - queueStart;
    clearInterval(sampler);

    const refused = sent - accepted;
    const byCode = [...outcomes].map(([code, n]) => `${n} × ${code}`).join(', ') || 'none';
    console.log(`key changes for one participant over ${(floodMs / 1000).toFixed(1)} s (concurrency ${concurrency}, limit ${limit} an hour):`);
    console.log(`  sent ${sent} (${(sent / (floodMs / 1000)).toFixed(0)}/s), accepted ${accepted} (${(accepted / (floodMs / 1000)).toFixed(1)}/s), refused ${refused}: ${byCode}`);
    console.log(`  RSS before ${mb(rssBefore)}, after ${mb(rssAfter)}, highest ${mb(rssPeak)}`);
    console.log(`  key-strengthening queue busy for ${(queueMs / 1000).toFixed(1)} s after the flood`);
    await keys.close();
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
