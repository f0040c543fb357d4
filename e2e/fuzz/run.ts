/**
 * npm run test:fuzz — sends seeded random requests to a production server of its own and fails on
 * any 5xx, any stack trace or machine path in an answer, a server that stops, or a flooded log.
 *
 *   FUZZ_N      requests to send (default 2000)
 *   FUZZ_SEED   the seed (default 4711; printed at start: the same seed sends the same requests)
 *   FUZZ_CONCURRENCY  requests in flight at once (default 4)
 *   FUZZ_REPLAY the number of one failing request (#…): sends only that one and prints it in full
 *
 * Needs `npm run build` first. The server runs on a free port and a fresh data folder, its output
 * goes to test-results/fuzz-server.log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiRequest } from './api';
import { directedRequests } from './directed';
import { createClient, type FuzzRequest, type FuzzResponse } from './http';
import { failureClass, judge, leakPatterns } from './oracle';
import { pageRequest, pageRoutes } from './pages';
import { parseSeed, seededRandom, type Random } from './random';
import { freePort, startServer } from './server';
import { portalRequests } from './portal';
import { prepareVisitors, stillSignedIn, type Visitor } from './sessions';
import { consoleDirected, consoleFormRequest, prepareConsole, type ConsoleForm } from './console';
import { startOrdersStandin } from '@/lib/embedded-api/payments/ordersStandin';

const N = Number(process.env.FUZZ_N ?? 2000);
const SEED_TEXT = process.env.FUZZ_SEED ?? '4711';
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const REPLAY = process.env.FUZZ_REPLAY === undefined ? undefined : Number(process.env.FUZZ_REPLAY);
const REQUEST_TIMEOUT_MS = 30_000;
/** The app may log one line per this many requests; more is a flood anyone could cause. */
const REQUESTS_PER_LOG_LINE = 10;
const LOG_FILE = path.resolve('test-results/fuzz-server.log');

type Failure = { index: number; request: FuzzRequest; response: FuzzResponse; problems: string[] };

/** Aborted uploads: a body announced in full and broken off half-way. */
function abortedUpload(r: Random, visitors: Visitor[]): FuzzRequest {
  const visitor = r.pick(visitors);
  const body = Buffer.from(JSON.stringify({ category: 'x'.repeat(r.between(1000, 100_000)) }));
  return {
    label: `aborted upload after ${Math.floor(body.length / 2)} of ${body.length} bytes (${visitor.name})`,
    method: 'POST',
    path: '/api/pageinfo',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'sec-fetch-site': 'same-origin', 'x-xsrf-token': visitor.xsrf, ...(visitor.cookie && { cookie: visitor.cookie }) },
    body,
    abortAfterBytes: Math.floor(body.length / 2),
  };
}

function nextRequest(r: Random, visitors: Visitor[], baseUrl: string, routes: ReturnType<typeof pageRoutes>, consoleForms: ConsoleForm[]): FuzzRequest {
  return r.weighted<() => FuzzRequest>([
    [55, () => apiRequest(r, visitors, baseUrl)],
    [36, () => pageRequest(r, visitors, baseUrl, routes)],
    [8, () => (consoleForms.length ? consoleFormRequest(r, visitors, consoleForms, baseUrl) : pageRequest(r, visitors, baseUrl, routes))],
    [1, () => abortedUpload(r, visitors)],
  ])();
}

/** How a log line is counted in the report: its event name, or its first words. */
function logKey(line: string): string {
  try {
    const entry = JSON.parse(line) as { event?: string; level?: string; failure?: string; path?: string };
    if (entry.event) return `${entry.level ?? ''} ${entry.event}${entry.failure ? ` ${entry.failure}` : ''}${entry.path ? ` ${entry.path}` : ''}`.trim();
  } catch {
    // not JSON: Next's own output
  }
  return line.replace(/\d+/g, '#').slice(0, 100);
}

async function main(): Promise<number> {
  const seed = parseSeed(SEED_TEXT);
  console.log(`fuzz: ${N} requests, seed ${SEED_TEXT}${String(seed) === SEED_TEXT ? '' : ` (${seed})`}, ${CONCURRENCY} in flight — repeat with FUZZ_SEED=${SEED_TEXT} FUZZ_N=${N}`);
  if (!fs.existsSync('.next/BUILD_ID')) {
    console.error('fuzz: no production build; run `npm run build` first');
    return 2;
  }
  fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-data-'));
  const port = await freePort();
  const started = Date.now();
  // PayPal is a stand-in of its Orders API in this process, holding an order of each kind for the portal's reports.
  const paypal = await startOrdersStandin({ clientSecret: `fuzz-secret-${seed}-do-not-log` });
  const paypalEnv = { PAYPAL_MODE: 'sandbox', PAYPAL_API_BASE: paypal.url, PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_TIMEOUT_MS: '5000' };
  const server = await startServer({ port, dataDir, logFile: LOG_FILE, env: paypalEnv }).catch(async (error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await paypal.close();
    throw error;
  });
  // The server runs in its own process group: an interrupted fuzz must still stop it.
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // process.on, not once: a second signal (tsx relays the first one) must not end us before the server.
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      void server.stop().finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(130);
      });
    });
  }
  const client = createClient(port, CONCURRENCY, REQUEST_TIMEOUT_MS);
  const failures: Failure[] = [];
  const statuses = new Map<string, number>();
  const byKind = new Map<string, Map<string, number>>();
  let sent = 0;
  let unsendable = 0;
  try {
    const routes = pageRoutes();
    const operators = await prepareConsole(client, server.baseUrl, dataDir, routes);
    const visitors = [...(await prepareVisitors(client)), ...operators.visitors];
    console.log(`fuzz: server ready on port ${port} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${routes.length} page routes, ${operators.forms.length} console forms, visitors: ${visitors.map((v) => v.name).join(', ')}`);
    const logBaseline = server.logLines().length;
    const patterns = leakPatterns([dataDir]);
    const r = seededRandom(seed);
    // The directed hazards first, then random requests up to N: one sequence, numbered as sent.
    const directed = [...directedRequests(r, visitors, server.baseUrl, routes), ...portalRequests(r, visitors, server.baseUrl, paypal), ...consoleDirected(r, visitors, operators.forms, server.baseUrl)];
    const generate = (index: number) => directed[index] ?? nextRequest(r, visitors, server.baseUrl, routes, operators.forms);
    console.log(`fuzz: ${Math.min(N, directed.length)} directed requests first, then ${Math.max(0, N - directed.length)} random ones`);
    if (REPLAY !== undefined) return await replay(REPLAY, generate, client, patterns);
    const fuzzStarted = Date.now();
    let index = 0;
    let lastProgress = Date.now();

    const worker = async () => {
      while (index < N && !server.exit()) {
        const current = index++;
        let request: FuzzRequest;
        try {
          request = generate(current);
        } catch (error) {
          throw new Error(`generating request #${current} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        const response = await client.send(request);
        if (response.error?.startsWith('not sendable')) {
          unsendable++;
          continue;
        }
        sent++;
        const status = String(response.status);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const kind = request.label.split(' ')[0]!;
        const kindStatuses = byKind.get(kind) ?? new Map<string, number>();
        kindStatuses.set(status, (kindStatuses.get(status) ?? 0) + 1);
        byKind.set(kind, kindStatuses);
        const problems = judge(response, patterns, request);
        if (problems.length) failures.push({ index: current, request, response, problems });
        if (Date.now() - lastProgress > 15_000) {
          lastProgress = Date.now();
          console.log(`fuzz: ${sent} sent, ${failures.length} failing, ${((Date.now() - fuzzStarted) / 1000).toFixed(0)} s`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const fuzzSeconds = (Date.now() - fuzzStarted) / 1000;

    // The server must still be there and healthy.
    const health = server.exit() ? undefined : await client.send({ label: 'health', method: 'GET', path: '/api/health', headers: {} });
    const signedIn = server.exit() ? [] : await stillSignedIn(client, visitors);
    // Give the server a moment to write what it logs for the last requests.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const logLines = server.logLines().slice(logBaseline);
    const logCounts = new Map<string, number>();
    for (const line of logLines) logCounts.set(logKey(line), (logCounts.get(logKey(line)) ?? 0) + 1);

    const fiveHundreds = [...statuses].filter(([s]) => Number(s) >= 500).reduce((sum, [, n]) => sum + n, 0);
    const format = (counts: Map<string, number>) => [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s === 'aborted' ? 'aborted on purpose' : s}: ${n}`).join(', ');
    console.log('');
    console.log(`fuzz summary (seed ${SEED_TEXT})`);
    console.log(`  requests sent: ${sent} in ${fuzzSeconds.toFixed(1)} s (${(sent / fuzzSeconds).toFixed(0)}/s)${unsendable ? `; ${unsendable} not sendable by Node, skipped` : ''}`);
    console.log(`  per status: ${format(statuses)}`);
    for (const [kind, counts] of byKind) console.log(`    ${kind}: ${format(counts)}`);
    console.log(`  ${fiveHundreds} × 5xx`);
    console.log(`  answers with a stack trace or machine path: ${failures.filter((f) => f.problems.some((p) => p.includes(' in the body'))).length}`);
    console.log(`  server: ${server.exit() ? `STOPPED (${server.exit()})` : `still running, /api/health ${health?.status}`}`);
    console.log(`  still signed in at the end (the fuzz kept its sessions): ${signedIn.join(', ') || 'none'}`);
    console.log(`  log lines while fuzzing: ${logLines.length} (${(logLines.length / Math.max(1, sent)).toFixed(3)} per request; allowed 1 per ${REQUESTS_PER_LOG_LINE}) in ${LOG_FILE}`);
    for (const [key, count] of [...logCounts].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`    ${count} × ${key}`);

    const problems: string[] = [];
    if (failures.length) problems.push(`${failures.length} requests failed`);
    if (server.exit()) problems.push(`the server stopped (${server.exit()})`);
    else if (health?.status !== 200) problems.push(`/api/health answered ${health?.status} after the fuzz`);
    if (logLines.length * REQUESTS_PER_LOG_LINE > sent) problems.push(`the log grew by ${logLines.length} lines for ${sent} requests`);
    if (sent + unsendable < N && !server.exit()) problems.push(`only ${sent} of ${N} requests could be sent`);
    // The PayPal client secret and the access tokens it got are never logged.
    const paypalSecrets = [paypal.clientSecret, ...new Set(paypal.requests.map((q) => /^Bearer (.+)$/.exec(q.authorization ?? '')?.[1]).filter((t): t is string => t !== undefined))];
    const leakedSecrets = server.logLines().filter((line) => paypalSecrets.some((secret) => line.includes(secret)));
    console.log(`  PayPal stand-in asked ${paypal.requests.length} times; log lines with its secret or a token: ${leakedSecrets.length}`);
    if (leakedSecrets.length) problems.push(`${leakedSecrets.length} log lines hold the PayPal client secret or an access token`);

    if (failures.length) {
      const classes = new Map<string, Failure[]>();
      for (const failure of failures.sort((a, b) => a.index - b.index)) {
        const name = failureClass(failure.request);
        classes.set(name, [...(classes.get(name) ?? []), failure]);
      }
      console.log('');
      console.log(`failing requests by kind (the first 3 of each; FUZZ_REPLAY=<#> FUZZ_SEED=${SEED_TEXT} shows one in full):`);
      for (const [name, group] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
        const kinds = new Map<string, number>();
        for (const failure of group) kinds.set(failure.request.label.split(' ')[0]!, (kinds.get(failure.request.label.split(' ')[0]!) ?? 0) + 1);
        console.log(`  ${group.length} × ${name} (${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')})`);
        for (const failure of group.slice(0, 3)) {
          console.log(`    #${failure.index} ${failure.request.label}`);
          console.log(`      → ${failure.response.status}: ${failure.problems.join('; ').slice(0, 300)}`);
          if (failure.request.body) console.log(`      body (${failure.request.body.length} bytes): ${JSON.stringify(failure.request.body.subarray(0, 120).toString('utf8'))}`);
          const body = failure.response.body.replace(/\s+/g, ' ');
          if (body) console.log(`      answer: ${body.slice(0, 160)}`);
        }
      }
    }
    console.log('');
    console.log(problems.length ? `fuzz FAILED: ${problems.join('; ')}` : `fuzz passed: ${sent} requests, 0 × 5xx, no leaks, server up, ${logLines.length} log lines`);
    return problems.length ? 1 : 0;
  } finally {
    client.close();
    await server.stop();
    await paypal.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Generates the requests up to number index exactly as a run does, and sends only that one. */
async function replay(index: number, generate: (index: number) => FuzzRequest, client: ReturnType<typeof createClient>, patterns: ReturnType<typeof leakPatterns>) {
  let request = generate(0);
  for (let i = 1; i <= index; i++) request = generate(i);
  const response = await client.send(request);
  const show = (text: string) => JSON.stringify(text.length > 3000 ? `${text.slice(0, 3000)}… (${text.length} characters)` : text);
  console.log(`#${index} ${request.label}`);
  console.log(`${request.method} ${show(request.path)}`);
  for (const [name, value] of Object.entries(request.headers)) console.log(`${name}: ${show(String(value))}`);
  if (request.body) console.log(`body: ${show(request.body.toString('utf8'))}`);
  console.log(`→ ${response.status}${response.error ? ` (${response.error})` : ''}`);
  for (const [name, value] of Object.entries(response.headers)) console.log(`${name}: ${String(value)}`);
  console.log(show(response.body));
  const problems = judge(response, patterns, request);
  console.log(problems.length ? `problems: ${problems.join('; ')}` : 'no problem');
  return problems.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('fuzz: could not run:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
