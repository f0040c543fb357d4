/**
 * npm run bench:durability — are acknowledged saves kept when the server is killed, or stopped?
 *
 *   1. The production server (`node server.mjs`, embedded API) starts on a fresh temporary DATA_DIR
 *      (PGlite, or PostgreSQL when DATABASE_URL is set: start from an empty database), is measured
 *      idle and stopped.
 *   2. N participants are created through the admin command line's code (createAssessments) while
 *      it is stopped: on PGlite the running server holds the database folder.
 *   3. The server starts again; the participants sign in and answer over HTTP as the browser does
 *      (page load, ident code and access code through /api/…, a draft after each question, page
 *      turns that save, finish), with think time between calls, arriving over the ramp.
 *   4. After a share of the expected saves has been acknowledged, the server gets SIGKILL (or, with
 *      --signal TERM, SIGTERM, as a service manager stops it, and the run waits for its exit) and is
 *      started again with the same command and environment; the participants carry on (same
 *      cookies; signed in again where the session is gone) until they finish or the run ends. A
 *      participant whose call found no server loads its page first and checks that its last
 *      acknowledged draft is there.
 *   5. The server is stopped and every acknowledged save is read back from the database, value by value.
 *
 * Prints acknowledged vs found (saves, and drafts checked after the outage), errors, save and draft
 * latency, restart time (the signal until /api/health answers 200) and the server's memory (RSS of it
 * and its children). Exits 1 when a save or a draft was lost; with SIGTERM also when the stop did not
 * exit 0 or a call failed otherwise than by finding no server (ECONNREFUSED) while it was down or by
 * meeting a kept-alive connection the server closed as idle (unread: CLOSED_IDLE).
 *
 *   -n, --participants N   (BENCH_PARTICIPANTS, default 200)
 *   --think-ms MIN-MAX     think time between calls (BENCH_THINK_MS, default 200-800)
 *   --ramp-s S             participants arrive evenly over S seconds (BENCH_RAMP_S, default 90)
 *   --kill-at F            the signal after this share of the expected saves (BENCH_KILL_AT, default 0.5)
 *   --signal KILL|TERM     which signal stops the server (BENCH_SIGNAL, default KILL)
 *   --max-s S              the load phase ends after S seconds at the latest (BENCH_MAX_S, default 130)
 *   --seed N               think times (BENCH_SEED, default 4711)
 *   BENCH_PORT             the server's port (default: a free one)
 *
 * Needs `npx next build` first. The server's output goes to test-results/durability/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createClient } from '../fuzz/http';
import { seededRandom } from '../fuzz/random';
import { freePort, startServer, type RunningServer } from '../fuzz/server';
import { createParticipants } from './durability/participants';
import { runParticipant, type AcknowledgedSave, type Recorder } from './durability/participant';
import { readBack } from './durability/readBack';
import { rssOf } from './support/processMemory';
import { percentile } from './support/stats';

const LOG_DIR = path.resolve('test-results/durability');
/** How long the server is left alone before its idle memory is read. */
const SETTLE_MS = 3000;
const MEMORY_SAMPLE_MS = 500;

type Phase = 'before the stop' | 'outage' | 'after restart';
/** How long a SIGTERM stop may take before the run calls it stuck (the app's own limit is SHUTDOWN_TIMEOUT_MS, 10 s). */
const STOP_LIMIT_MS = 30_000;
/** A call that found no server: the failure a graceful stop causes, while the server is down. */
const REFUSED = 'ECONNREFUSED';
/**
 * A call sent on a kept-alive connection just as the server closed it as idle (it does so on its stop,
 * and after 5 s without a request at any time): the server never read it, and a browser sends it again.
 */
const CLOSED_IDLE = 'ECONNRESET on a kept-alive connection';

function settings() {
  const { values } = parseArgs({
    options: {
      participants: { type: 'string', short: 'n' },
      'think-ms': { type: 'string' },
      'ramp-s': { type: 'string' },
      'kill-at': { type: 'string' },
      signal: { type: 'string' },
      'max-s': { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const env = process.env;
  const number = (text: string, name: string, valid: (n: number) => boolean) => {
    const n = Number(text);
    if (!Number.isFinite(n) || !valid(n)) throw new Error(`${name}: '${text}' is not allowed`);
    return n;
  };
  const think = (values['think-ms'] ?? env.BENCH_THINK_MS ?? '200-800').split('-').map((part) => number(part, '--think-ms', (n) => n >= 0));
  if (think.length !== 2 || think[0]! > think[1]!) throw new Error('--think-ms: give MIN-MAX in milliseconds, e.g. 200-800');
  const signal = (values.signal ?? env.BENCH_SIGNAL ?? 'KILL').toUpperCase().replace(/^SIG/, '');
  if (signal !== 'KILL' && signal !== 'TERM') throw new Error(`--signal: '${signal}' is not allowed: KILL or TERM`);
  return {
    signal: `SIG${signal}` as 'SIGKILL' | 'SIGTERM',
    participants: number(values.participants ?? env.BENCH_PARTICIPANTS ?? '200', '--participants', (n) => Number.isInteger(n) && n >= 1 && n <= 10_000),
    thinkMs: [think[0]!, think[1]!] as const,
    rampS: number(values['ramp-s'] ?? env.BENCH_RAMP_S ?? '90', '--ramp-s', (n) => n >= 0),
    killAt: number(values['kill-at'] ?? env.BENCH_KILL_AT ?? '0.5', '--kill-at', (n) => n > 0 && n < 1),
    maxS: number(values['max-s'] ?? env.BENCH_MAX_S ?? '130', '--max-s', (n) => n > 0),
    seed: number(values.seed ?? env.BENCH_SEED ?? '4711', '--seed', Number.isInteger),
    port: env.BENCH_PORT ? number(env.BENCH_PORT, 'BENCH_PORT', (n) => Number.isInteger(n) && n > 0 && n < 65536) : undefined,
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Memory samples of the running server, by phase of the run. */
function memorySampler(current: () => RunningServer | undefined, phase: () => string) {
  const samples = new Map<string, number[]>();
  const timer = setInterval(() => {
    const server = current();
    if (!server || server.exit() || phase() === 'idle') return;
    const rss = rssOf(server.pid);
    if (rss > 0) samples.set(phase(), [...(samples.get(phase()) ?? []), rss]);
  }, MEMORY_SAMPLE_MS);
  return {
    stop: () => clearInterval(timer),
    summary: (name: string) => {
      const values = samples.get(name) ?? [];
      return values.length ? { p50: mb(percentile(values, 50)), max: mb(Math.max(...values)), samples: values.length } : undefined;
    },
  };
}

async function main(): Promise<number> {
  const options = settings();
  if (!fs.existsSync('.next/BUILD_ID')) {
    console.error('bench:durability: no production build; run `npx next build` first');
    return 2;
  }
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.error(
    `bench:durability: ${options.participants} participants on ${database}, think time ${options.thinkMs.join('-')} ms, ramp ${options.rampS} s, ${options.signal} after ${options.killAt * 100} % of the saves`,
  );
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-durability-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  const port = options.port ?? (await freePort());
  // The same command and environment every time; only the log file differs.
  const start = (log: string) => startServer({ port, dataDir, logFile: path.join(LOG_DIR, `${log}.log`), pollMs: 50 });
  let server: RunningServer | undefined;
  let phase: Phase | 'idle' = 'idle';
  const memory = memorySampler(() => server, () => phase);
  const client = createClient(port, options.participants, 30_000);
  const began = performance.now();
  try {
    // 1. First start on an empty folder.
    let t = performance.now();
    server = await start('1-first-start');
    const firstStartMs = performance.now() - t;
    await sleep(SETTLE_MS);
    const idleAfterFirstStart = mb(rssOf(server.pid));
    await server.stop();

    // 2. Participants, while the server is stopped.
    t = performance.now();
    const created = await createParticipants(env, options.participants);
    const createMs = performance.now() - t;

    // 3. The server again, idle, then under load.
    server = await start('2-run');
    await sleep(SETTLE_MS);
    const idleBeforeLoad = mb(rssOf(server.pid));

    const saves: AcknowledgedSave[] = [];
    const latencies: number[] = [];
    const draftLatencies: number[] = [];
    const drafts = { acknowledged: 0, checkedAfterOutage: 0, lost: 0, lostExamples: [] as string[] };
    const errors = new Map<string, number>();
    const errorsByPhase = new Map<string, number>();
    let finished = 0;
    let expectedSaves = Infinity;
    let acknowledgedBeforeKill = 0;
    let reachedKillPoint: () => void = () => undefined;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    const deadline = performance.now() + options.maxS * 1000;
    const recorder: Recorder = {
      started: (pages) => {
        expectedSaves = options.participants * pages;
      },
      acknowledged: (save, latencyMs) => {
        saves.push(save);
        latencies.push(latencyMs);
        if (phase === 'before the stop' && saves.length >= options.killAt * expectedSaves) reachedKillPoint();
      },
      draftAcknowledged: (latencyMs) => {
        drafts.acknowledged++;
        draftLatencies.push(latencyMs);
      },
      draftChecked: (kept, identCode, start) => {
        drafts.checkedAfterOutage++;
        if (kept) return;
        drafts.lost++;
        if (drafts.lostExamples.length < 10) drafts.lostExamples.push(`${identCode} page from ${start}`);
      },
      failed: (call, kind) => {
        const key = `${phase}: ${call}: ${kind}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
        errorsByPhase.set(phase, (errorsByPhase.get(phase) ?? 0) + 1);
      },
      finished: () => finished++,
      over: () => performance.now() > deadline,
    };
    phase = 'before the stop';
    const loadBegan = performance.now();
    const random = seededRandom(options.seed);
    const running = Promise.all(
      created.map(async (participant, index) => {
        await sleep((options.rampS * 1000 * index) / options.participants);
        await runParticipant({ client, created: participant, index, random, thinkMs: options.thinkMs, recorder });
      }),
    );

    // 4. The signal in the middle, and the same start again.
    const killedEarly = await Promise.race([killPoint.then(() => false), running.then(() => true)]);
    acknowledgedBeforeKill = saves.length;
    phase = 'outage';
    t = performance.now();
    let stop: { exit: string; stopMs: number } | undefined;
    if (options.signal === 'SIGKILL') await server.kill();
    else stop = { exit: await server.terminate(STOP_LIMIT_MS), stopMs: Math.round(performance.now() - t) };
    server = await start(options.signal === 'SIGKILL' ? '3-after-sigkill' : '3-after-sigterm');
    const restartMs = performance.now() - t;
    phase = 'after restart';
    await running;
    const loadS = (performance.now() - loadBegan) / 1000;
    await sleep(SETTLE_MS);
    const idleAfterLoad = mb(rssOf(server.pid));
    await server.stop();
    server = undefined;

    // 5. Every acknowledged save, from the database.
    const found = await readBack(env, saves);
    const lost = found.savesAcknowledged - found.savesFound;
    // Calls that failed otherwise than by finding no server while it was down, or a kept-alive connection closed
    // as idle under them (unread): a graceful stop should cause none.
    const beyondRefused = [...errors].filter(([key]) => !(key.startsWith('outage: ') && key.endsWith(`: ${REFUSED}`)) && !key.endsWith(`: ${CLOSED_IDLE}`) && !key.endsWith(': given up'));
    const result = {
      database,
      participants: options.participants,
      thinkMs: options.thinkMs.join('-'),
      rampS: options.rampS,
      signal: options.signal,
      ...(stop && { stop }),
      saves: {
        acknowledged: found.savesAcknowledged,
        found: found.savesFound,
        lost,
        acknowledgedBeforeKill,
        expected: expectedSaves,
        values: { acknowledged: found.valuesAcknowledged, found: found.valuesFound },
      },
      ...(found.lost.length && { lostExamples: found.lost }),
      drafts: { acknowledged: drafts.acknowledged, checkedAfterOutage: drafts.checkedAfterOutage, lost: drafts.lost, ...(drafts.lost && { lostExamples: drafts.lostExamples }) },
      finishedParticipants: finished,
      errors: {
        total: [...errors.values()].reduce((a, b) => a + b, 0),
        refusedWhileDown: [...errors].filter(([key]) => key.startsWith('outage: ') && key.endsWith(`: ${REFUSED}`)).reduce((sum, [, count]) => sum + count, 0),
        closedIdleUnread: [...errors].filter(([key]) => key.endsWith(`: ${CLOSED_IDLE}`)).reduce((sum, [, count]) => sum + count, 0),
        beyondThose: beyondRefused.reduce((sum, [, count]) => sum + count, 0),
        byPhase: Object.fromEntries(errorsByPhase),
        byKind: Object.fromEntries([...errors].sort((a, b) => b[1] - a[1])),
      },
      saveLatencyMs: { p50: Math.round(percentile(latencies, 50)), p95: Math.round(percentile(latencies, 95)), max: Math.round(Math.max(...latencies)) },
      draftLatencyMs: { p50: Math.round(percentile(draftLatencies, 50)), p95: Math.round(percentile(draftLatencies, 95)), max: Math.round(Math.max(...draftLatencies)) },
      firstStartMs: Math.round(firstStartMs),
      createParticipantsMs: Math.round(createMs),
      restartMs: Math.round(restartMs),
      ...(killedEarly && { note: 'the load ended before the kill point was reached: the kill came after it' }),
      memoryMB: {
        idleAfterFirstStart,
        idleAfterRestart: idleBeforeLoad,
        underLoadBeforeKill: memory.summary('before the stop'),
        underLoadAfterRestart: memory.summary('after restart'),
        idleAfterLoad,
      },
      loadS: Math.round(loadS),
      totalS: Math.round((performance.now() - began) / 1000),
    };
    console.log(JSON.stringify(result, null, 2));
    console.error(
      `bench:durability: ${database}: ${found.savesAcknowledged} saves acknowledged, ${found.savesFound} found, ${lost} lost; ` +
        `${drafts.acknowledged} drafts acknowledged, ${drafts.checkedAfterOutage} checked after the outage, ${drafts.lost} lost; ` +
        `${result.errors.total} errors: ${result.errors.refusedWhileDown} ${REFUSED} while the server was down, ${result.errors.closedIdleUnread} ${CLOSED_IDLE}, ${result.errors.beyondThose} other; ` +
        `save p50 ${result.saveLatencyMs.p50} ms, p95 ${result.saveLatencyMs.p95} ms; ${stop ? `stop ${stop.stopMs} ms (${stop.exit}), ` : ''}restart ${result.restartMs} ms`,
    );
    const graceful = !stop || (stop.exit === 'exit code 0' && result.errors.beyondThose === 0);
    return lost === 0 && drafts.lost === 0 && graceful ? 0 : 1;
  } finally {
    memory.stop();
    client.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
