/**
 * npm run bench:memory — resident memory of the production server as `npm start` runs it
 * (`node [its options] server.mjs`, embedded API)
 * on a fresh data folder:
 *   1. ready after a first start on the empty folder (PGlite creates its database), and 10 s later;
 *   2. ready after a restart on the same folder, and 10 s later;
 *   3. during LOAD_SECONDS (default 30) of participant traffic, and 10 s after it.
 * The traffic is what participants cause, MEMORY_CONCURRENCY (default 8) of them at once, visit after
 * visit: a new session arrives by the deep link /home/<identcode>, sends the ident code, loads the
 * login page /accesscode, signs in with the access code (calls through the proxy with the session's
 * XSRF header, as the pages' scripts send them), loads /questionnaire and turns two pages (POST
 * /api/pageinfo/questionnaire with the answers of the page left, saved in the database).
 * RSS is the server process and its descendants (/proc/<pid>/status VmRSS); the split of its own
 * memory comes from a probe loaded with --import (e2e/benchmarks/support/memoryProbe.mjs).
 * Needs `npx next build` first. With DATABASE_URL set it measures on that PostgreSQL instead.
 * MEMORY_BENCH_PORT sets the port (default 3160); MEMORY_NODE_FLAGS adds node options to try (e.g.
 * "--max-semi-space-size=4").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeAnswers, questionsPerPage } from '../../lib/flows/questionnaire';
import { encryptCode } from '../support/api';
import { createClient, type FuzzResponse } from '../fuzz/http';
import { startOptions } from '../fuzz/server';
import { rssOf } from './support/processMemory';

const PORT = Number(process.env.MEMORY_BENCH_PORT ?? 3160);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.MEMORY_CONCURRENCY ?? 8);
const IDLE_SECONDS = 10;
const PROBE = path.resolve('e2e/benchmarks/support/memoryProbe.mjs');
/** Diagnosis, not measurement: every reading also collects garbage first and reports what is left (and MEMORY_PROBE_SNAPSHOTS=<folder> writes heap snapshots). */
const ANALYSE = process.env.MEMORY_ANALYSE === '1';

type Split = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** V8's heap spaces (new_space, old_space, code_space, large_object_space, …). */
  spaces: Record<string, { size: number; used: number }>;
  heapUsedAfterGc?: number;
};
type Reading = { moment: string; rss: number; split?: Split; note?: string };

const MB = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The server's own account of its memory, through the probe (undefined when it does not answer in time). */
async function splitOf(pid: number, file: string): Promise<Split | undefined> {
  const before = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < (ANALYSE ? 1200 : 40); i++) {
    await sleep(50);
    if (fs.existsSync(file) && fs.statSync(file).mtimeMs !== before) return JSON.parse(fs.readFileSync(file, 'utf8')) as Split;
  }
  return undefined;
}

type Server = { pid: number; stop: () => Promise<void> };

/** `npm start`'s command on the folder, stdout and stderr appended to logFile; resolves once /api/health answers 200. */
async function startServer(dataDir: string, logFile: string, nodeOptions: string[], env: Record<string, string>): Promise<Server> {
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, 'server.mjs', '-p', String(PORT)], {
    env: { ...process.env, DEMO_MODE: 'on', ...env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited: string | undefined;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server stopped before it was ready (${exited}); see ${logFile}`);
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      await response.body?.cancel();
      if (response.ok) return { pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
}

// ---------- participants ----------

type Client = ReturnType<typeof createClient>;
type Session = { jar: Map<string, string>; xsrf: string };

function remember(response: FuzzResponse, session: Session): void {
  for (const line of response.headers['set-cookie'] ?? []) {
    const pair = line.split(';')[0] ?? '';
    const index = pair.indexOf('=');
    if (index > 0) session.jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  const xsrf = session.jar.get('XSRF-TOKEN');
  if (xsrf) session.xsrf = decodeURIComponent(xsrf);
}

const cookie = (session: Session) => [...session.jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** What a browser sends with a page load that matters here: it takes compressed pages (calls' answers are read, so they come plain). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'de-DE,de;q=0.9' };

async function page(client: Client, target: string, session?: Session): Promise<FuzzResponse> {
  const response = await client.send({ label: target, method: 'GET', path: target, headers: { ...BROWSER, accept: 'text/html', ...(session && { cookie: cookie(session) }) } });
  if (session) remember(response, session);
  return response;
}

async function call(client: Client, session: Session, call: string, body: unknown): Promise<{ response: FuzzResponse; answer: Record<string, unknown> }> {
  const response = await client.send({
    label: call,
    method: 'POST',
    path: `/api/${call}`,
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-xsrf-token': session.xsrf, cookie: cookie(session) },
    body: Buffer.from(JSON.stringify(body)),
  });
  remember(response, session);
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // counted by its status
  }
  return { response, answer };
}

/** Demo rows that are signed in to and answered, never finished. */
const ROWS = [
  { identCode: 'P1DEMO01', accessCode: 'RANK4711' },
  { identCode: 'P2DEMO01', accessCode: 'GRID4711' },
] as const;

type QuestionnairePage = {
  statusCode?: number;
  product?: number;
  questions?: Array<{ questionIndex: number; answerInfos: Array<{ id: number }> }>;
  answervaluesConfig?: { valueInfos: Array<{ value: number }> };
  nextNavButtonQuestionStartIndex?: number | null;
};

/** One of the participants at once: their demo row and the questionnaire page they are on. */
type Participant = { row: (typeof ROWS)[number]; page: QuestionnairePage; turns: number };

/** Counts each request of the load by what it was and whether it did what a participant wanted. */
type Count = (what: string, ok: boolean, status: FuzzResponse['status']) => void;

const newSession = (): Session => ({ jar: new Map(), xsrf: '' });

/** Arrives by the deep link and signs in, as the pages' scripts do: ident code, then the access code. */
async function signIn(client: Client, row: Participant['row'], count: Count): Promise<Session> {
  const session = newSession();
  const home = await page(client, `/home/${row.identCode}`, session);
  count('page /home/<identcode>', home.status === 200 && session.xsrf !== '', home.status);
  const ident = await call(client, session, 'submit/kodekodex/identcode', { assessmentIdentCode: row.identCode });
  count('call ident code', ident.answer.statusCode === 1, ident.response.status);
  const login = await page(client, '/accesscode', session);
  count('page /accesscode', login.status === 200, login.status);
  const signedIn = await call(client, session, 'submit/kodekodex/login', { passwordHash: encryptCode(row.accessCode) });
  count('call login (access code)', signedIn.answer.statusCode === 1, signedIn.response.status);
  return session;
}

async function participant(client: Client, index: number): Promise<Participant> {
  const row = ROWS[index % ROWS.length]!;
  const failures: string[] = [];
  const session = await signIn(client, row, (what, ok, status) => {
    if (!ok) failures.push(`${what} → ${status}`);
  });
  const first = await call(client, session, 'pageinfo/questionnaire', { questionStartIndex: 1 });
  if (failures.length > 0 || first.answer.statusCode !== 1) throw new Error(`setup as ${row.identCode} failed: ${[...failures, first.response.body.slice(0, 200)].join('; ')}`);
  return { row, page: first.answer as QuestionnairePage, turns: 0 };
}

/** Valid answers for the page: each question's answers get the scale's values in turn (a ranking is a permutation). */
function answersOf(p: Participant): string {
  const values = p.page.answervaluesConfig?.valueInfos.map((v) => v.value) ?? [];
  const questions = p.page.questions ?? [];
  const answers = questions.flatMap((q) => q.answerInfos.map((a, i) => ({ id: a.id, value: values[(i + p.turns) % values.length] ?? -1 })));
  return encodeAnswers(questions[0]?.questionIndex ?? 1, answers);
}

const TURNS_PER_VISIT = 2;
/** Requests of one visit: four to sign in, the questionnaire page, its page turns. */
const REQUESTS_PER_VISIT = 5 + TURNS_PER_VISIT;

/**
 * One visit of a participant: a new browser session arrives by the deep link, signs in (the access
 * code is checked with scrypt), loads /questionnaire and turns pages, each turn saving the answers
 * of the page it leaves. The questionnaire goes on where the participant's last visit left it.
 */
async function visit(client: Client, p: Participant, count: Count): Promise<void> {
  const session = await signIn(client, p.row, count);
  const shown = await page(client, '/questionnaire', session);
  count('page /questionnaire', shown.status === 200, shown.status);
  for (let i = 0; i < TURNS_PER_VISIT; i++) {
    const turn = await call(client, session, 'pageinfo/questionnaire', {
      questionsPerPage: questionsPerPage(p.page.product ?? 1),
      questionStartIndex: p.page.nextNavButtonQuestionStartIndex ?? 1,
      answers: answersOf(p),
    });
    count('call page turn (answers saved)', turn.answer.statusCode === 1, turn.response.status);
    if (turn.answer.statusCode === 1) p.page = turn.answer as QuestionnairePage;
    p.turns++;
  }
}

// ---------- the run ----------

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const probeFile = path.join(dataDir, 'memory-probe.json');
  const logFile = path.join(dataDir, 'server.log');
  const nodeOptions = [...startOptions(), `--import=${PROBE}`, ...(ANALYSE ? ['--expose-gc'] : []), ...(process.env.MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
  const env = { MEMORY_PROBE_FILE: probeFile };
  const readings: Reading[] = [];
  let server: Server | undefined;

  const read = async (moment: string, note?: string) => {
    const pid = server!.pid;
    const reading: Reading = { moment, rss: rssOf(pid), split: await splitOf(pid, probeFile), ...(note && { note }) };
    readings.push(reading);
    console.error(`${moment}: ${MB(reading.rss)} MB${note ? ` (${note})` : ''}`);
  };
  const start = async () => {
    const started = Date.now();
    server = await startServer(dataDir, logFile, nodeOptions, env);
    return `ready in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  };

  try {
    const store = process.env.DATABASE_URL ? 'database' : 'data folder';
    await read(`first start on an empty ${store}, ready`, await start());
    await sleep(IDLE_SECONDS * 1000);
    await read(`first start, idle ${IDLE_SECONDS} s`);
    await server!.stop();

    await read(`restart on the same ${store}, ready`, await start());
    await sleep(IDLE_SECONDS * 1000);
    await read(`restart, idle ${IDLE_SECONDS} s`);

    const client = createClient(PORT, CONCURRENCY, 30_000);
    const participants: Participant[] = [];
    for (let i = 0; i < CONCURRENCY; i++) participants.push(await participant(client, i));

    const counts = new Map<string, number>();
    let failed = 0;
    const count: Count = (what, ok, status) => {
      const key = `${what}: ${ok ? 'ok' : 'FAILED'}, HTTP ${status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (!ok) failed++;
    };
    const pid = server!.pid;
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssOf(pid)), 1000);
    const loadStarted = Date.now();
    const end = loadStarted + LOAD_SECONDS * 1000;
    let requests = 0;
    await Promise.all(
      participants.map(async (p) => {
        while (Date.now() < end) {
          await visit(client, p, count);
          requests += REQUESTS_PER_VISIT;
        }
      }),
    );
    clearInterval(sampler);
    const seconds = (Date.now() - loadStarted) / 1000;
    const sorted = [...samples].sort((a, b) => a - b);
    const lastThird = samples.slice(Math.floor((samples.length * 2) / 3));
    await read(`under load, end of ${LOAD_SECONDS} s`, `${requests} requests, ${(requests / seconds).toFixed(0)}/s, ${CONCURRENCY} participants at once`);
    readings.push({ moment: 'under load, peak (1 s samples)', rss: sorted[sorted.length - 1] ?? 0 });
    readings.push({ moment: 'under load, mean of the last third', rss: lastThird.reduce((a, b) => a + b, 0) / Math.max(1, lastThird.length) });
    await sleep(IDLE_SECONDS * 1000);
    await read(`after load, idle ${IDLE_SECONDS} s`);
    client.close();

    const flags = [...startOptions(), ...(process.env.MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean)].join(' ');
    console.log(`\nMemory of node ${flags ? `${flags} ` : ''}server.mjs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), MB; RSS includes child processes\n`);
    if (ANALYSE) console.log('MEMORY_ANALYSE: the RSS of each reading is taken before the full collection that gives the last column\n');
    console.log(`| moment | RSS | heap used | heap total | external | of which array buffers | note |${ANALYSE ? ' heap used after a full GC |' : ''}`);
    console.log(`|---|---:|---:|---:|---:|---:|---|${ANALYSE ? '---:|' : ''}`);
    for (const r of readings) {
      const s = r.split;
      console.log(`| ${r.moment} | ${MB(r.rss)} | ${s ? MB(s.heapUsed) : ''} | ${s ? MB(s.heapTotal) : ''} | ${s ? MB(s.external) : ''} | ${s ? MB(s.arrayBuffers) : ''} | ${r.note ?? ''} |${ANALYSE ? ` ${s?.heapUsedAfterGc === undefined ? '' : MB(s.heapUsedAfterGc)} |` : ''}`);
    }
    console.log('\nV8 heap spaces of at least 1 MB, MB size/used:');
    for (const r of readings.filter((each) => each.split)) {
      console.log(`  ${r.moment}: ${Object.entries(r.split!.spaces).filter(([, space]) => space.size >= 2 ** 20).map(([name, space]) => `${name} ${MB(space.size)}/${MB(space.used)}`).join(', ')}`);
    }
    console.log('\nRequests during the load:');
    for (const [key, n] of [...counts].sort()) console.log(`  ${key}: ${n}`);
    if (failed > 0) {
      console.error(`\nsome requests did not succeed (see above); server log: ${logFile}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    if (!process.exitCode) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
