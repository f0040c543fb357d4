import type { CreatedAssessment } from '@/lib/admin/assessments';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '../../fuzz/http';
import { freePort, startServer, type RunningServer } from '../../fuzz/server';
import { deviceAddress } from '../support/addresses';
import { cpuSecondsOf, machineCpuSeconds } from '../support/processMemory';
import { percentile } from '../support/stats';
import { checkpoint, type PostgresServer } from './database';
import { signIn, turnPages, type TurnRecorder } from './participant';

export type RunPlan = {
  round: number;
  workers: number;
  /** This run's participants, fresh: nobody has answered yet. */
  participants: CreatedAssessment[];
  /** Where the first of them counts from, so that every participant of the benchmark has an address of its own. */
  firstIndex: number;
  seconds: number;
  warmUpS: number;
  drafts: boolean;
};

export type RunResult = {
  round: number;
  workers: number;
  /** Worker processes seen under the server (the primary's children; 0 when one process serves). */
  workerProcesses: number;
  participants: number;
  seconds: number;
  turns: number;
  turnsPerS: number;
  drafts: number;
  /** Page turns and drafts together: the questionnaire calls per second. */
  callsPerS: number;
  latencyMs: { p50: number; p95: number; max: number } | undefined;
  errors: number;
  errorsByKind: Record<string, number>;
  cpuS: {
    /** The server: the primary and every worker. */
    app: number;
    /** Each worker alone (none when one process serves). */
    workers: number[];
    postgres: number;
    /** This benchmark's own process: the load generator, on the same cores. */
    loadGenerator: number;
    /** The machine's busy time less the three above: other work on the cores. */
    other: number;
    /** Time no one used, over all cores. */
    idle: number;
  };
  /** App and PostgreSQL CPU per acknowledged page turn (its drafts included, with --drafts). */
  serverCpuMsPerTurn: number;
  /** What this machine could give at best at this run's CPU per turn, with no other work on it (ceilingPerS below). */
  machineCeilingPerS: number;
  loadAverage: number;
};

const LOG_DIR = path.resolve('test-results/scaling');
/** The server counts as settled after its start work once it used under 5 % of a core for a second. */
const SETTLED_CPU_S = 0.05;
const SETTLE_LIMIT_MS = 60_000;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Waits until the server's start work (the demo rows, the keys' strong hash layers) is done. */
async function settled(pid: number): Promise<void> {
  const began = performance.now();
  let last = cpuSecondsOf(pid);
  while (performance.now() - began < SETTLE_LIMIT_MS) {
    await sleep(1000);
    const now = cpuSecondsOf(pid);
    if (now - last < SETTLED_CPU_S) return;
    last = now;
  }
}

/**
 * The page turns per second a machine of these cores could give at best at the CPU per turn
 * measured, with no other work on it: the cores shared by app, PostgreSQL and load generator, and
 * each worker no more than one core (a worker is one event loop; its few helper threads aside).
 */
export function ceilingPerS(cpu: { workers: number; cores: number; turns: number; app: number; postgres: number; loadGenerator: number }): number {
  if (cpu.turns === 0) return NaN;
  const perTurn = (seconds: number) => seconds / cpu.turns;
  return Math.min(cpu.cores / perTurn(cpu.app + cpu.postgres + cpu.loadGenerator), Math.min(cpu.workers, cpu.cores) / perTurn(cpu.app));
}

/** The worker processes of a primary: its children (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? children.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/**
 * One run: the production server with WEB_CONCURRENCY workers on the shared PostgreSQL; the
 * participants sign in (not timed), turn pages for the warm-up (not counted: each worker compiles
 * its code paths), then for the measured seconds. Every participant has a keep-alive connection of
 * its own, so node:cluster, which hands each new connection to the next worker, gives each worker
 * the same share of them.
 */
export async function runOnce(plan: RunPlan, env: Record<string, string>, postgres: PostgresServer): Promise<RunResult> {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  await checkpoint(env);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scaling-'));
  let server: RunningServer | undefined;
  const clients = plan.participants.map(() => createClient(port, 1, 60_000));
  try {
    server = await startServer({
      port,
      dataDir,
      logFile: path.join(LOG_DIR, `round-${plan.round}-workers-${plan.workers}.log`),
      env: { ...env, WEB_CONCURRENCY: String(plan.workers), TRUST_PROXY_HOPS: '1' },
      pollMs: 100,
    });
    await settled(server.pid);
    const workerPids = plan.workers > 1 ? childrenOf(server.pid) : [];
    if (plan.workers > 1 && workerPids.length !== plan.workers) throw new Error(`WEB_CONCURRENCY=${plan.workers}, but the server runs ${workerPids.length} worker processes`);

    const signedIn = await Promise.all(plan.participants.map((created, i) => signIn(clients[i]!, created, plan.firstIndex + i, deviceAddress(plan.firstIndex + i))));

    let windowStart = Infinity;
    let windowEnd = Infinity;
    let stopped = false;
    const latencies: number[] = [];
    let drafts = 0;
    const errors = new Map<string, number>();
    const inWindow = (at: number) => at >= windowStart && at <= windowEnd;
    const recorder: TurnRecorder = {
      turned: (sentAt, answeredAt) => {
        if (inWindow(answeredAt)) latencies.push(answeredAt - sentAt);
      },
      drafted: (_sentAt, answeredAt) => {
        if (inWindow(answeredAt)) drafts++;
      },
      failed: (call, kind) => errors.set(`${call}: ${kind}`, (errors.get(`${call}: ${kind}`) ?? 0) + 1),
      over: () => stopped,
    };
    const load = Promise.all(signedIn.map((participant) => turnPages(participant, recorder, { drafts: plan.drafts })));

    await sleep(plan.warmUpS * 1000);
    const loadAverage = os.loadavg()[0]!;
    const before = { app: cpuSecondsOf(server.pid), workers: workerPids.map(cpuSecondsOf), postgres: postgres.cpuSeconds(), own: process.cpuUsage(), machine: machineCpuSeconds() };
    windowStart = performance.now();
    await sleep(plan.seconds * 1000);
    windowEnd = performance.now();
    const app = cpuSecondsOf(server.pid) - before.app;
    const workers = workerPids.map((pid, i) => cpuSecondsOf(pid) - before.workers[i]!);
    const postgresCpu = postgres.cpuSeconds() - before.postgres;
    const own = ((usage) => (usage.user + usage.system) / 1e6)(process.cpuUsage(before.own));
    const machine = machineCpuSeconds();
    stopped = true;
    await load;

    const seconds = (windowEnd - windowStart) / 1000;
    const turns = latencies.length;
    const busy = machine.busy - before.machine.busy;
    return {
      round: plan.round,
      workers: plan.workers,
      workerProcesses: workerPids.length,
      participants: plan.participants.length,
      seconds: round1(seconds),
      turns,
      turnsPerS: round1(turns / seconds),
      drafts,
      callsPerS: round1((turns + drafts) / seconds),
      latencyMs: turns ? { p50: Math.round(percentile(latencies, 50)), p95: Math.round(percentile(latencies, 95)), max: Math.round(Math.max(...latencies)) } : undefined,
      errors: [...errors.values()].reduce((a, b) => a + b, 0),
      errorsByKind: Object.fromEntries(errors),
      cpuS: {
        app: round1(app),
        workers: workers.map(round1),
        postgres: round1(postgresCpu),
        loadGenerator: round1(own),
        other: round1(Math.max(0, busy - app - postgresCpu - own)),
        idle: round1(machine.idle - before.machine.idle),
      },
      serverCpuMsPerTurn: turns ? round1(((app + postgresCpu) / turns) * 1000) : NaN,
      machineCeilingPerS: round1(ceilingPerS({ workers: plan.workers, cores: os.cpus().length, turns, app, postgres: postgresCpu, loadGenerator: own })),
      loadAverage: round1(loadAverage),
    };
  } finally {
    clients.forEach((client) => client.close());
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
