/**
 * npm run bench:rolling — a rolling restart under participant load (rolling/rollingRestart.ts):
 * two instances of the production server on one PostgreSQL behind nginx with the site of
 * docs/operations.md, participants working through it without pause; instance A is stopped
 * (SIGTERM), started again and waited for until ready, then B. Prints every request the
 * participants sent, the failed ones by phase, call and kind, acknowledged saves against the
 * database, each restart's stop and start time and exit, and how nginx spread the requests.
 * Exits 1 when a request failed, a save was lost or a stop did not exit 0.
 *
 *   bash lib/scripts/with-temp-postgres.sh npm run bench:rolling [-- options]
 *   -n, --participants N   working at once (default 20)
 *   --think-ms MIN-MAX     think time between calls (default 200-800)
 *   --settle-s S           load before, between and after the restarts (default 20)
 *   --workers N            WEB_CONCURRENCY of each instance (default: one per core)
 *   --no-drain             restart without taking the instance out of nginx first: nginx learns of
 *                          the stop only from refused connections (docs/operations.md says why not)
 *   --seed N               think times (default 4711)
 *
 * Needs `npm run build` first, DATABASE_URL (an empty database of its own: the benchmark adds
 * participants to it) and Debian's nginx. Each instance's output goes to test-results/rolling/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../fuzz/server';
import { rollingRestart } from './rolling/rollingRestart';

function settings() {
  const { values } = parseArgs({
    options: {
      participants: { type: 'string', short: 'n' },
      'think-ms': { type: 'string' },
      'settle-s': { type: 'string' },
      workers: { type: 'string' },
      'no-drain': { type: 'boolean', default: false },
      seed: { type: 'string' },
    },
  });
  const number = (text: string, name: string, valid: (n: number) => boolean) => {
    const n = Number(text);
    if (!Number.isFinite(n) || !valid(n)) throw new Error(`${name}: '${text}' is not allowed`);
    return n;
  };
  const think = (values['think-ms'] ?? '200-800').split('-').map((part) => number(part, '--think-ms', (n) => n >= 0));
  if (think.length !== 2 || think[0]! > think[1]!) throw new Error('--think-ms: give MIN-MAX in milliseconds, e.g. 200-800');
  return {
    participants: number(values.participants ?? '20', '--participants', (n) => Number.isInteger(n) && n >= 1 && n <= 500),
    thinkMs: [think[0]!, think[1]!] as const,
    settleS: number(values['settle-s'] ?? '20', '--settle-s', (n) => n > 0 && n <= 600),
    workers: values.workers === undefined ? undefined : String(number(values.workers, '--workers', (n) => Number.isInteger(n) && n >= 1 && n <= 64)),
    seed: number(values.seed ?? '4711', '--seed', Number.isInteger),
    drain: !values['no-drain'],
  };
}

async function main(): Promise<number> {
  const options = settings();
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('bench:rolling: needs DATABASE_URL: run it as `bash lib/scripts/with-temp-postgres.sh npm run bench:rolling`');
    return 2;
  }
  if (!fs.existsSync('.next/BUILD_ID')) {
    console.error('bench:rolling: no production build; run `npm run build` first');
    return 2;
  }
  console.error(
    `bench:rolling: ${options.participants} participants, think time ${options.thinkMs.join('-')} ms, ${options.settleS} s of load before, between and after the restarts, ` +
      `${options.workers ?? 'one per core'} worker(s) per instance, ${options.drain ? 'each instance taken out of nginx before its restart' : 'no drain: nginx sees only refused connections'}`,
  );
  const [a, b, https, http] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const began = performance.now();
  const result = await rollingRestart({
    databaseUrl,
    participants: options.participants,
    // A participant takes about 35 calls per assessment: enough for the whole run at the shortest think time.
    assessmentsEach: Math.ceil((options.settleS * 3 + 60) / ((35 * Math.max(options.thinkMs[0], 20)) / 1000)),
    thinkMs: options.thinkMs,
    settleMs: options.settleS * 1000,
    drain: options.drain,
    ports: { a, b, https, http },
    env: options.workers ? { WEB_CONCURRENCY: options.workers } : {},
    logDir: path.resolve('test-results/rolling'),
    seed: options.seed,
  });
  console.log(JSON.stringify({ ...result, totalS: Math.round((performance.now() - began) / 1000) }, null, 2));
  const stops = result.restarts.map((r) => `${r.instance}: stop ${r.stopMs} ms (${r.exit}), start ${r.startMs} ms`).join('; ');
  console.error(
    `bench:rolling: ${result.requests} requests (${result.resent} sent again after meeting a kept-alive connection nginx had closed), ${result.failed} failed; ${result.saves.acknowledged} saves acknowledged, ${result.saves.lost} lost; ` +
      `nginx passed ${result.proxy.passedOn} on to the other instance, answered ${result.proxy.status5xx} with 5xx; ${stops}`,
  );
  const clean = result.failed === 0 && result.saves.lost === 0 && result.restarts.every((r) => r.exit === 'exit code 0');
  return clean ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
