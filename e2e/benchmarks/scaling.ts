/**
 * npm run bench:scaling — how many more questionnaire page turns per second two worker processes
 * serve than one, side by side on the same PostgreSQL (issue 31; the target is 1.7× or more).
 *
 * For each worker count (`--workers 1,2`), in rounds that alternate the order (1,2 then 2,1, …) so
 * that drift of a shared machine shows in both, the production server (`npm start`'s command) starts
 * with WEB_CONCURRENCY=<n> and TRUST_PROXY_HOPS=1 on the PostgreSQL of DATABASE_URL. Each run has
 * participants of its own, fresh, created through the admin command line's code. They sign in
 * (page load, ident code, access code through /api/…; not timed), each from an address of its own
 * and on a keep-alive connection of its own, then turn pages back to back without thinking
 * (e2e/benchmarks/scaling/participant.ts): each turn is the browser's `pageinfo/questionnaire` call
 * that saves a valid ranking of the page and answers with the next; from the last page back to
 * page 1, with other ranks. After the warm-up, page turns acknowledged (200, statusCode 1, no
 * conflict, nothing flagged) are counted over the measured seconds, with their latency, the errors,
 * and the CPU of the server (primary and workers), of PostgreSQL (its postmaster's processes), of the
 * benchmark itself (the load generator) and of other work on the machine (/proc/stat).
 *
 * The load generator, PostgreSQL and the app share the machine's cores: on 2 cores, two workers
 * cannot have a core each. The table shows where the CPU went and a ceiling: the page turns per
 * second this run's CPU per turn would allow if the cores were ours alone (each worker at most one
 * core), and from the ceilings the best ratio this machine allows.
 *
 *   --workers 1,2          worker counts; the ratios are against the first (default 1,2)
 *   --rounds N             (default 2)
 *   -c, --participants K   participants turning pages at once (default 32)
 *   --seconds S            measured seconds per run (default 20)
 *   --warm-up-s S          page turns before the measured seconds, not counted (default 3)
 *   --drafts               a draft after each question before every page turn, as the browser sends them
 *   --json FILE            also write the result there (default test-results/bench-scaling.json)
 *
 * Needs DATABASE_URL and a production build:
 *   TYPECHECKED=1 npm run build
 *   PGPORT=<port> bash lib/scripts/with-temp-postgres.sh npm run bench:scaling
 * (without --non-durable: an operator's PostgreSQL waits for the disk; the output says which it got).
 * Prints a Markdown table and the ratios on stderr, the JSON on stdout. Exits 1 when a call failed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createParticipants } from './durability/participants';
import { postgresServer } from './scaling/database';
import { attainableRatios, ratios, table } from './scaling/report';
import { runOnce, type RunResult } from './scaling/run';

const TARGET = 1.7;

function settings() {
  const { values } = parseArgs({
    options: {
      workers: { type: 'string' },
      rounds: { type: 'string' },
      participants: { type: 'string', short: 'c' },
      seconds: { type: 'string' },
      'warm-up-s': { type: 'string' },
      drafts: { type: 'boolean' },
      json: { type: 'string' },
    },
  });
  const number = (text: string, name: string, valid: (n: number) => boolean) => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || !valid(n)) throw new Error(`${name}: '${text}' is not allowed`);
    return n;
  };
  const workers = (values.workers ?? '1,2').split(',').map((part) => number(part, '--workers', (n) => Number.isInteger(n) && n >= 1 && n <= 64));
  if (workers.length < 2 || new Set(workers).size !== workers.length) throw new Error('--workers: give two or more different counts, e.g. 1,2');
  return {
    workers,
    rounds: number(values.rounds ?? '2', '--rounds', (n) => Number.isInteger(n) && n >= 1 && n <= 20),
    participants: number(values.participants ?? '32', '--participants', (n) => Number.isInteger(n) && n >= 1 && n <= 1000),
    seconds: number(values.seconds ?? '20', '--seconds', (n) => n >= 1 && n <= 600),
    warmUpS: number(values['warm-up-s'] ?? '3', '--warm-up-s', (n) => n >= 0 && n <= 600),
    drafts: values.drafts === true,
    json: values.json ?? 'test-results/bench-scaling.json',
  };
}

async function main(): Promise<number> {
  const options = settings();
  if (!fs.existsSync('.next/BUILD_ID')) {
    console.error('bench:scaling: no production build; run `TYPECHECKED=1 npm run build` first');
    return 2;
  }
  if (!process.env.DATABASE_URL) {
    console.error('bench:scaling: needs DATABASE_URL (several workers need PostgreSQL): PGPORT=<port> bash lib/scripts/with-temp-postgres.sh npm run bench:scaling');
    return 2;
  }
  // Several workers must seal sessions with one key (docs/operations.md): the same for every run.
  const env = { ...(process.env as Record<string, string>), SESSION_SECRET: crypto.randomBytes(32).toString('base64url') };
  const postgres = await postgresServer(env);
  const cores = os.cpus().length;
  const plans = Array.from({ length: options.rounds }, (_, r) => (r % 2 === 0 ? options.workers : [...options.workers].reverse()).map((workers) => ({ round: r + 1, workers }))).flat();
  console.error(
    `bench:scaling: ${options.workers.slice(1).join(', ')} workers against ${options.workers[0]}, ${options.rounds} rounds (order alternating), ${options.participants} participants turning pages back to back` +
      `${options.drafts ? ' with a draft after each question' : ''}, ${options.seconds} s measured after ${options.warmUpS} s of warm-up per run; ` +
      `PostgreSQL ${postgres.version}, ${postgres.durable ? 'durable' : 'NOT durable'} (fsync ${postgres.settings.fsync}, synchronous_commit ${postgres.settings.synchronousCommit}); ` +
      `${cores} cores shared by the load generator, PostgreSQL and the app; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  const created = await createParticipants(env, options.participants * plans.length);

  const results: RunResult[] = [];
  for (const [i, plan] of plans.entries()) {
    const result = await runOnce(
      { ...plan, participants: created.slice(i * options.participants, (i + 1) * options.participants), firstIndex: i * options.participants, seconds: options.seconds, warmUpS: options.warmUpS, drafts: options.drafts },
      env,
      postgres,
    );
    results.push(result);
    console.error(
      `bench:scaling: round ${result.round}, ${result.workers} worker${result.workers > 1 ? 's' : ''}: ${result.turnsPerS} page turns/s, p50 ${result.latencyMs?.p50} ms, p95 ${result.latencyMs?.p95} ms, ${result.errors} errors`,
    );
  }

  const { byRound, overall } = ratios(results, options.workers);
  const attainable = attainableRatios(results, options.workers, cores);
  const loadAverage = os.loadavg().map((l) => Math.round(l * 10) / 10);
  const output = {
    database: { kind: 'PostgreSQL', version: postgres.version, durable: postgres.durable, settings: postgres.settings, cpuCounted: postgres.counted },
    cores,
    participants: options.participants,
    seconds: options.seconds,
    warmUpS: options.warmUpS,
    drafts: options.drafts,
    loadAverageAtEnd: loadAverage,
    target: `≥ ${TARGET}× for 2 workers against 1`,
    ratios: { byRound, overall, attainableOnThisMachine: attainable },
    runs: results,
  };
  fs.mkdirSync(path.dirname(path.resolve(options.json)), { recursive: true });
  fs.writeFileSync(options.json, `${JSON.stringify(output, null, 2)}\n`);
  console.log(JSON.stringify(output, null, 2));

  console.error(`\n${table(results)}\n`);
  for (const r of byRound) console.error(`round ${r.round}: ${r.workers} workers against ${r.against}: ${r.ratio}×`);
  for (const r of overall) console.error(`overall: ${r.workers} workers against ${r.against}: ${r.ratio}×${r.workers === 2 && r.against === 1 ? ` (target ≥ ${TARGET}×: ${r.ratio >= TARGET ? 'met' : 'not met'})` : ''}`);
  for (const r of attainable) console.error(`at best on ${cores} cores at the CPU per turn measured, with no other work: ${r.workers} workers against ${r.against}: ${r.ratio}×`);
  console.error(
    `PostgreSQL ${postgres.durable ? 'durable' : 'NOT durable'}; ${cores} cores shared by the load generator, PostgreSQL, the app and other work (load average now ${loadAverage.join(' ')}): ` +
      `"ceiling/s" is what the run's CPU per turn would allow with every core ours; "other CPU s" is work outside this benchmark. JSON in ${options.json}`,
  );
  return results.some((r) => r.errors > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
