/**
 * npm run bench:classroom — a class logs in with one group code at once.
 *
 * The production server (`npm start`'s command, embedded API) starts on a fresh temporary DATA_DIR
 * (PGlite; PostgreSQL when DATABASE_URL is set: start from an empty database) with
 * TRUST_PROXY_HOPS=1 (and, unless --first-start, is then stopped and started again on it), the benchmark standing in for the one trusted reverse proxy: each request
 * carries X-Forwarded-For with its participant's address. N participants arrive at random moments
 * within the window with the demo group code KWDEMO01 and each goes, as the browser's requests go,
 * from the deep link's page to the first questionnaire page (e2e/benchmarks/classroom/participant.ts):
 *   GET /kodew/KWDEMO01/en   session and XSRF cookies
 *   submit/kodew/login       the group code AES-encrypted by the client crypto   ← timing starts
 *   submit/kodew/personalinfo  the additional fields and a personal key (scrypt on the server)
 *   pageinfo/kodew/assessmentselection, submit/kodew/assessmentselection  the first selectable one
 *   GET /questionnaire       the rendered page with the first question           ← timing ends
 * every call through the app's proxy (/api/<call>) with the session's XSRF header. With --pages
 * they also load every page in between (personal info, e-mail step, manual, info), as a browser does,
 * and the selection as the page the browser loads (/kodewquestionnaireselection) instead of its page info.
 *
 * It runs twice on the same server: every participant from an address of their own (a classroom of
 * devices), then all from ONE address (a classroom behind NAT), and prints p50/p95/max from code
 * submit to first questionnaire page (and from asking for the deep link's page, its wait included),
 * each step's p50/p95, the server's CPU time (every process of it: the workers too) and
 * PostgreSQL's (its processes on this machine; none on PGlite), per participant as well, how long
 * the server stayed busy after the last first page (the strong layer of the new keys' hashes, which
 * waits for a free core: lib/embedded-api/keyStrengthening.ts), the benchmark's own CPU time (it
 * shares the cores), and the errors (any HTTP error or answer other than Ok; the first few are
 * printed). The second classroom starts once the server is idle again. A few participants
 * go through first to warm the server up, and are not counted. Exits 1 when there was an error.
 *
 *   -n, --participants N   (BENCH_PARTICIPANTS, default 200)
 *   --window S             arrivals spread at random over S seconds (BENCH_WINDOW_S, default 10)
 *   --addresses distinct|one|both  which classrooms to run (default both)
 *   --pages                also load the pages between the calls
 *   --navigation full|client  with --pages: each page after the entry page as a full load, as the
 *                          app's steps load them (default), or as the RSC payload a client-side
 *                          navigation would ask for (participant.ts): what such steps would cost
 *   --connections pooled|fresh  pooled (default): kept-alive connections, as a browser keeps them to
 *                          the app; fresh: every request on a new connection, as the app gets them
 *                          behind the nginx site of docs/operations.md (no keepalive to the instances)
 *   --until <step>         stop after this step ('login', 'personal info', 'selection', …): the
 *                          timing ends there, to see what each stretch costs
 *   --warm-up N            participants who go through first, one after the other, not counted
 *                          (BENCH_WARM_UP, default 10)
 *   --seed N               arrival moments (BENCH_SEED, default 4711)
 *   --first-start          the classroom meets the server's first start, which created its folder
 *                          and the demo data (their memory stays in its RSS); by default the server
 *                          is started again on that folder first, as every later start finds it
 *   --step-cpu             print the server's CPU per step, read around each request of the warm-up
 *                          participants (one after the other, so nothing else runs), and between two
 *                          of them (the strong hash layer of the new key), and no classroom; use
 *                          --warm-up 40 or more
 *   BENCH_PORT             the server's port (default: a free one)
 *
 * Needs `npx next build` first. The server's output goes to test-results/classroom/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DEMO_GROUP_CODES } from '@/lib/embedded-api/demo/groupRows';
import { createClient } from '../fuzz/http';
import { seededRandom } from '../fuzz/random';
import { freePort, startServer, type RunningServer } from '../fuzz/server';
import { PAGE_STEPS, runParticipant, STEPS, type Failure, type Outcome, type ParticipantPlan, type Step } from './classroom/participant';
import { deviceAddress } from './support/addresses';
import { cpuSecondsOf, postgresCpuSeconds, rssOf } from './support/processMemory';
import { percentile } from './support/stats';

const LOG_DIR = path.resolve('test-results/classroom');
const GROUP_CODE = 'KWDEMO01';
const LANGUAGE = 'en';
const SETTLE_MS = 3000;
const SHOWN_FAILURES = 8;

type Classroom = 'distinct' | 'one';

function settings() {
  const { values } = parseArgs({
    options: {
      participants: { type: 'string', short: 'n' },
      window: { type: 'string' },
      addresses: { type: 'string' },
      pages: { type: 'boolean' },
      navigation: { type: 'string' },
      connections: { type: 'string' },
      until: { type: 'string' },
      'warm-up': { type: 'string' },
      seed: { type: 'string' },
      'step-cpu': { type: 'boolean' },
      'first-start': { type: 'boolean' },
    },
  });
  const env = process.env;
  const number = (text: string, name: string, valid: (n: number) => boolean) => {
    const n = Number(text);
    if (!Number.isFinite(n) || !valid(n)) throw new Error(`${name}: '${text}' is not allowed`);
    return n;
  };
  const addresses = values.addresses ?? 'both';
  if (!['distinct', 'one', 'both'].includes(addresses)) throw new Error(`--addresses: '${addresses}' is not distinct, one or both`);
  const navigation = values.navigation ?? 'full';
  if (navigation !== 'full' && navigation !== 'client') throw new Error(`--navigation: '${navigation}' is not full or client`);
  if (navigation === 'client' && values.pages !== true) throw new Error('--navigation client needs --pages');
  const connections = values.connections ?? 'pooled';
  if (connections !== 'pooled' && connections !== 'fresh') throw new Error(`--connections: '${connections}' is not pooled or fresh`);
  const until = values.until as Step | undefined;
  if (until !== undefined && (!STEPS.includes(until) || until === 'entry page')) throw new Error(`--until: '${until}' is none of ${STEPS.slice(1).join(', ')}`);
  return {
    until,
    participants: number(values.participants ?? env.BENCH_PARTICIPANTS ?? '200', '--participants', (n) => Number.isInteger(n) && n >= 1 && n <= 5000),
    windowS: number(values.window ?? env.BENCH_WINDOW_S ?? '10', '--window', (n) => n >= 0),
    classrooms: (addresses === 'both' ? ['distinct', 'one'] : [addresses]) as Classroom[],
    pages: values.pages === true,
    navigation: navigation as 'full' | 'client',
    connections: connections as 'pooled' | 'fresh',
    stepCpu: values['step-cpu'] === true,
    firstStart: values['first-start'] === true,
    warmUp: number(values['warm-up'] ?? env.BENCH_WARM_UP ?? '10', '--warm-up', (n) => Number.isInteger(n) && n >= 0 && n <= 1000),
    seed: number(values.seed ?? env.BENCH_SEED ?? '4711', '--seed', Number.isInteger),
    port: env.BENCH_PORT ? number(env.BENCH_PORT, 'BENCH_PORT', (n) => Number.isInteger(n) && n > 0 && n < 65536) : undefined,
  };
}

/** The one address a classroom behind NAT shows (TEST-NET-3). */
const NAT_ADDRESS = '203.0.113.7';
const WARM_UP_ADDRESS = '198.51.100.1';

/**
 * Waits until the server is idle again (under 5 % of a core over a second, at most 120 s): how long
 * after the last participant's first page it stayed busy, and the CPU seconds it spent meanwhile.
 */
async function serverSettled(pid: number): Promise<{ afterS: number; cpuS: number }> {
  const began = performance.now();
  const cpuBefore = cpuSecondsOf(pid);
  let last = cpuBefore;
  let idleSince = began;
  while (performance.now() - began < 120_000) {
    await sleep(1000);
    const now = cpuSecondsOf(pid);
    if (now - last < 0.05) break;
    last = now;
    idleSince = performance.now();
  }
  return { afterS: Math.round((idleSince - began) / 100) / 10, cpuS: Math.round((last - cpuBefore) * 10) / 10 };
}

const round = (ms: number) => Math.round(ms);
const summary = (values: number[]) => (values.length ? { p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) } : undefined);

async function runClassroom(server: RunningServer, classroom: Classroom, options: ReturnType<typeof settings>, base: Omit<ParticipantPlan, 'client' | 'index' | 'address'>) {
  const client = createClient(server.port, options.participants + 1, 60_000, { freshConnections: options.connections === 'fresh' });
  const random = seededRandom(options.seed + (classroom === 'one' ? 1 : 0));
  const arrivals = Array.from({ length: options.participants }, () => random.next() * options.windowS * 1000).sort((a, b) => a - b);
  const cpuBefore = cpuSecondsOf(server.pid);
  // Only on PostgreSQL: other clusters on the machine (other runs' tests) are no business of a PGlite run.
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const databaseCpuBefore = onPostgres ? postgresCpuSeconds() : 0;
  const ownCpuBefore = process.cpuUsage();
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid))), 250);
  const began = performance.now();
  try {
    const outcomes: Outcome[] = await Promise.all(arrivals.map(async (at, index) => {
      await sleep(at);
      return runParticipant({ ...base, client, index, address: classroom === 'one' ? NAT_ADDRESS : deviceAddress(index) });
    }));
    const wallS = (performance.now() - began) / 1000;
    const serverCpuS = cpuSecondsOf(server.pid) - cpuBefore;
    const databaseCpuS = onPostgres ? postgresCpuSeconds() - databaseCpuBefore : 0;
    const benchmarkCpuS = ((usage) => (usage.user + usage.system) / 1e6)(process.cpuUsage(ownCpuBefore));
    // Work the server put off until the class had its pages: the strong layer of the new keys' hashes.
    const settled = await serverSettled(server.pid);
    const ok = outcomes.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
    const failures = outcomes.flatMap((o): Failure[] => (o.ok ? [] : [o.failure]));
    const steps = Object.fromEntries(STEPS.filter((step) => base.pages || !PAGE_STEPS.has(step)).map((step) => [
      step,
      summary(outcomes.flatMap((o) => (o.steps[step] === undefined ? [] : [o.steps[step]!]))),
    ]));
    return {
      classroom: classroom === 'one' ? `all from one address (${NAT_ADDRESS}, NAT)` : 'each from an address of their own',
      participants: options.participants,
      reachedFirstPage: ok.length,
      errors: failures.length,
      ...(failures.length && {
        errorsByStep: Object.fromEntries([...new Set(failures.map((f) => f.step))].map((step) => [step, failures.filter((f) => f.step === step).length])),
        firstErrors: failures.slice(0, SHOWN_FAILURES).map((f) => `participant ${f.participant}, ${f.step}: ${f.what}`),
      }),
      submitToFirstPageMs: summary(ok.map((o) => o.submitToFirstPageMs)),
      linkToFirstPageMs: summary(ok.map((o) => o.linkToFirstPageMs)),
      stepMs: steps,
      serverCpuS: Math.round(serverCpuS * 10) / 10,
      // PostgreSQL's own processes, on the same cores (0 on PGlite, which is inside the server).
      databaseCpuS: Math.round(databaseCpuS * 10) / 10,
      cpuMsPerParticipant: Math.round(((serverCpuS + databaseCpuS) / options.participants) * 1000),
      serverBusyAfterLastS: settled.afterS,
      serverCpuAfterLastS: settled.cpuS,
      // The participants' side runs on the same cores: what it took from the server.
      benchmarkCpuS: Math.round(benchmarkCpuS * 10) / 10,
      serverPeakRssMB: Math.round(peakRss / 2 ** 20),
      wallS: Math.round(wallS * 10) / 10,
    };
  } finally {
    clearInterval(sampler);
    client.close();
  }
}

async function main(): Promise<number> {
  const options = settings();
  if (!fs.existsSync('.next/BUILD_ID')) {
    console.error('bench:classroom: no production build; run `npx next build` first');
    return 2;
  }
  const group = DEMO_GROUP_CODES.find((g) => g.code === GROUP_CODE)!;
  const firstKey = group.questionnaires.find((q) => q.selectable)!.key;
  const firstQuestion = (JSON.parse(fs.readFileSync(path.join('content', 'questionnaires', `${firstKey}.json`), 'utf8')) as {
    questions: Array<{ text: Record<string, string> }>;
  }).questions[0]!.text;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.error(
    `bench:classroom: ${options.participants} participants within ${options.windowS} s with group code ${GROUP_CODE} on ${database}` +
      `${options.pages ? `, loading every page on the way${options.navigation === 'client' ? ' as client-side navigations' : ''}` : ''}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`,
  );
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-classroom-'));
  const port = options.port ?? (await freePort());
  let server: RunningServer | undefined;
  try {
    const start = (log: string) => startServer({ port, dataDir, logFile: path.join(LOG_DIR, log), env: { TRUST_PROXY_HOPS: '1' }, pollMs: 100 });
    server = await start(options.firstStart ? 'server.log' : 'server-first-start.log');
    if (!options.firstStart) {
      // A classroom meets a server started on its data, as every start after an installation's
      // first: the first start's initdb and demo data leave memory behind that no later start has.
      await server.stop();
      server = await start('server.log');
    }
    await sleep(SETTLE_MS);
    const base = {
      groupCode: GROUP_CODE, language: LANGUAGE, fields: group.fields, firstQuestion: Object.values(firstQuestion), pages: options.pages, navigation: options.navigation,
      ...(options.until && { until: options.until }),
    };

    // A few participants first, one after the other: every route's code loaded and the tables not
    // empty, as on a server that has been serving.
    const warmUpClient = createClient(port, 1, 60_000);
    const stepCpu = new Map<string, number[]>();
    const pid = server.pid;
    let cpuAt = 0;
    const aroundStep = (step: Step, moment: 'before' | 'after') => {
      if (moment === 'before') cpuAt = cpuSecondsOf(pid);
      else stepCpu.set(step, [...(stepCpu.get(step) ?? []), (cpuSecondsOf(pid) - cpuAt) * 1000]);
    };
    for (let index = 0; index < options.warmUp; index++) {
      const between = cpuSecondsOf(pid);
      // The first two participants load each route's code: not counted.
      const counted = options.stepCpu && index >= 2;
      const warmUp = await runParticipant({ ...base, client: warmUpClient, index, address: WARM_UP_ADDRESS, ...(counted && { aroundStep }) });
      if (!warmUp.ok) console.error(`bench:classroom: warm-up participant ${index} failed at ${warmUp.failure.step}: ${warmUp.failure.what}`);
      if (counted) {
        const before = cpuSecondsOf(pid);
        await serverSettled(pid);
        stepCpu.set('(after the participant)', [...(stepCpu.get('(after the participant)') ?? []), (cpuSecondsOf(pid) - before) * 1000]);
        stepCpu.set('(whole participant)', [...(stepCpu.get('(whole participant)') ?? []), (cpuSecondsOf(pid) - between) * 1000]);
      }
    }
    warmUpClient.close();
    if (options.stepCpu) {
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      console.error(`bench:classroom: server CPU per step, mean of ${Math.max(0, options.warmUp - 2)} participants one after the other (10 ms ticks):`);
      for (const [step, values] of stepCpu) console.error(`  ${step.padEnd(26)} ${mean(values).toFixed(1).padStart(7)} ms`);
    }

    const results = [];
    for (const classroom of options.stepCpu ? [] : options.classrooms) {
      await sleep(SETTLE_MS);
      results.push(await runClassroom(server, classroom, options, base));
    }
    console.log(JSON.stringify({
      database,
      participants: options.participants,
      windowS: options.windowS,
      pages: options.pages,
      navigation: options.navigation,
      connections: options.connections,
      ...(options.until && { until: options.until }),
      loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 10) / 10),
      results,
    }, null, 2));
    for (const result of results) {
      const timing = result.submitToFirstPageMs;
      console.error(
        `bench:classroom: ${result.classroom}: ${result.reachedFirstPage} of ${result.participants} reached the first questionnaire page; ${result.errors} errors; ` +
          (timing ? `code submit to ${options.until ?? 'first page'} p50 ${timing.p50} ms, p95 ${timing.p95} ms, max ${timing.max} ms` : 'no timing') +
          (result.linkToFirstPageMs ? ` (from asking for the link's page: p50 ${result.linkToFirstPageMs.p50} ms, p95 ${result.linkToFirstPageMs.p95} ms)` : '') +
          `; server CPU ${result.serverCpuS} s${result.databaseCpuS ? ` + PostgreSQL ${result.databaseCpuS} s` : ''} (${result.cpuMsPerParticipant} ms per participant)` +
          `, then busy ${result.serverBusyAfterLastS} s more (${result.serverCpuAfterLastS} s CPU: the keys' strong hash layer); peak RSS ${result.serverPeakRssMB} MB`,
      );
      for (const line of result.firstErrors ?? []) console.error(`  ${line}`);
    }
    return results.some((result) => result.errors > 0) ? 1 : 0;
  } finally {
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
