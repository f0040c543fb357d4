/**
 * A rolling restart under participant load, as docs/operations.md ("Stopping and restarting")
 * tells an operator to do it: two instances of the production server (`npm start`'s command) on
 * one PostgreSQL with one SESSION_SECRET and TRUST_PROXY_HOPS=1, behind nginx with the documented
 * site (e2e/support/nginx.ts). Participants work through nginx over HTTPS without pause (the
 * durability benchmark's participants: sign-in, a draft after each question, saving page turns, the
 * finish, then the next assessment). Meanwhile instance A is stopped with SIGTERM, waited for,
 * started again and waited for until /api/ready answers 200; then instance B likewise.
 *
 * Used by the PostgreSQL pass's journey (e2e/assessment/rolling-restart.spec.ts, short) and by
 * `npm run bench:rolling` (e2e/benchmarks/rolling.ts, longer).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '../../fuzz/http';
import { seededRandom } from '../../fuzz/random';
import { startServer, type RunningServer } from '../../fuzz/server';
import { cookieHeader, cookiesOf } from '../../fuzz/sessions';
import { startNginx, type Nginx, type UpstreamLine } from '../../support/nginx';
import { runParticipant, type AcknowledgedSave, type Recorder } from '../durability/participant';
import { createParticipants } from '../durability/participants';
import { readBack } from '../durability/readBack';
import { resendClosedIdle } from '../support/resendClosedIdle';

export type RollingOptions = {
  databaseUrl: string;
  participants: number;
  /** Assessments made for each participant; one who finishes takes the next. */
  assessmentsEach: number;
  thinkMs: readonly [number, number];
  /** Load before the first restart, between the two, and after the second. */
  settleMs: number;
  /**
   * Take the instance out of nginx (`down`, reload) before its stop and put it back once it is
   * ready, as docs/operations.md's procedure does; without it, nginx learns of the stop only from
   * the connections the stopping instance refuses.
   */
  drain: boolean;
  ports: { a: number; b: number; https: number; http: number };
  /** Settings of both instances beyond the shared ones (WEB_CONCURRENCY, SHUTDOWN_TIMEOUT_MS). */
  env?: Record<string, string>;
  logDir: string;
  seed: number;
};

export type Restart = {
  instance: 'A' | 'B';
  /** How the stopped process exited ("exit code 0"). */
  exit: string;
  /** With drain: from marking it `down` until nginx's old workers were gone. */
  drainMs?: number;
  /** SIGTERM until the process exited. */
  stopMs: number;
  /** Its start again until /api/ready answered 200. */
  startMs: number;
  /** Requests the restarted instance answered after it was ready again (nginx's log). */
  answeredAfter: number;
};

export type RollingResult = {
  /** Every request the participants sent through nginx. */
  requests: number;
  /** Requests sent again, as a browser does, after meeting a kept-alive connection nginx had closed as idle (unread). */
  resent: number;
  /** Requests without the answer they should have had (no answer, an HTTP error, statusCode other than Ok), by call and kind. */
  failed: number;
  failures: Record<string, number>;
  saves: { acknowledged: number; found: number; lost: number };
  draftsAcknowledged: number;
  assessmentsFinished: number;
  restarts: Restart[];
  /** What nginx saw: requests by the instance that answered them, those it passed on to the other after an error, and 5xx it answered. */
  proxy: { byInstance: Record<'A' | 'B', number>; passedOn: number; status5xx: number; errorLog: string[] };
  /** What a browser would see of the documented site before the load: see probeSite. */
  site: SiteProbe;
  loadMs: number;
};

/** How long a stop may take before the run calls it stuck: the app's limit is SHUTDOWN_TIMEOUT_MS (10 s by default). */
const STOP_LIMIT_MS = 30_000;

export type SiteProbe = {
  /** Plain http: the status and Location of GET /support. */
  redirect: { status: number; location: string | undefined };
  /** Over https: the cookies a page load set, each with whether it is Secure. */
  cookies: Array<{ name: string; secure: boolean }>;
  /** Over https: the HTTP status of a call that carries the Origin a browser sends (the port included). */
  callWithOrigin: number;
};

/**
 * The documented site as a browser meets it: plain http goes to https, the app sees https
 * (X-Forwarded-Proto, TRUST_PROXY_HOPS=1) and sets Secure __Host- cookies, and the Host header
 * passed on keeps the port, which the same-origin check compares with Origin.
 */
async function probeSite(nginx: Nginx): Promise<SiteProbe> {
  const plain = createClient(nginx.httpPort, 1, 10_000);
  const https = createClient(nginx.httpsPort, 1, 10_000, { tls: { ca: nginx.ca } });
  try {
    const redirect = await plain.send({ label: 'redirect', method: 'GET', path: '/support', headers: { host: `127.0.0.1:${nginx.httpPort}` } });
    const page = await https.send({ label: 'page', method: 'GET', path: '/support', headers: { accept: 'text/html' } });
    const setCookies = page.headers['set-cookie'] ?? [];
    const jar = new Map<string, string>();
    cookiesOf(page, jar);
    const call = await https.send({
      label: 'call',
      method: 'POST',
      path: '/api/submit/kodekodex/identcode',
      headers: {
        'content-type': 'application/json',
        origin: `https://127.0.0.1:${nginx.httpsPort}`,
        'sec-fetch-site': 'same-origin',
        'x-xsrf-token': decodeURIComponent([...jar].find(([name]) => name.endsWith('XSRF-TOKEN'))?.[1] ?? ''),
        cookie: cookieHeader(jar),
      },
      body: Buffer.from(JSON.stringify({ assessmentIdentCode: 'NOSUCHCODE1' })),
    });
    return {
      redirect: { status: Number(redirect.status), location: redirect.headers.location },
      cookies: setCookies.map((line) => ({ name: line.split('=')[0]!, secure: /;\s*secure/i.test(line) })),
      callWithOrigin: Number(call.status),
    };
  } finally {
    plain.close();
    https.close();
  }
}

async function untilReady(server: RunningServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${server.baseUrl}/api/ready`).then(
      (response) => response.body?.cancel().then(() => response.ok),
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${server.baseUrl}/api/ready did not answer 200 within 60 s`);
    await sleep(100);
  }
}

export async function rollingRestart(options: RollingOptions): Promise<RollingResult> {
  fs.mkdirSync(options.logDir, { recursive: true });
  const shared = {
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    TRUST_PROXY_HOPS: '1',
    ...options.env,
  };
  const dataDirs = { A: fs.mkdtempSync(path.join(os.tmpdir(), 'rolling-a-')), B: fs.mkdtempSync(path.join(os.tmpdir(), 'rolling-b-')) };
  const ports = { A: options.ports.a, B: options.ports.b };
  const starts = { A: 0, B: 0 };
  const start = async (name: 'A' | 'B') => {
    starts[name]++;
    const server = await startServer({ port: ports[name], dataDir: dataDirs[name], logFile: path.join(options.logDir, `${name}-${starts[name]}.log`), env: shared, pollMs: 50 });
    await untilReady(server);
    return server;
  };
  const servers: Record<'A' | 'B', RunningServer | undefined> = { A: undefined, B: undefined };
  let nginx: Nginx | undefined;
  let client: ReturnType<typeof resendClosedIdle> | undefined;
  try {
    [servers.A, servers.B] = await Promise.all([start('A'), start('B')]);
    nginx = await startNginx({ instances: [ports.A, ports.B], httpsPort: options.ports.https, httpPort: options.ports.http });
    const site = await probeSite(nginx);
    const pool = await createParticipants({ ...process.env, ...shared, DATA_DIR: dataDirs.A }, options.participants * options.assessmentsEach);

    // Every request and whether it got the answer it should have; the participants judge that and say so to the recorder.
    client = resendClosedIdle(createClient(nginx.httpsPort, options.participants, 30_000, { tls: { ca: nginx.ca } }));
    const saves: AcknowledgedSave[] = [];
    const failures = new Map<string, number>();
    let phase = 'before the restarts';
    let draftsAcknowledged = 0;
    let finished = 0;
    let over = false;
    const recorder: Recorder = {
      started: () => undefined,
      acknowledged: (save) => saves.push(save),
      draftAcknowledged: () => draftsAcknowledged++,
      draftChecked: () => undefined,
      failed: (call, kind) => failures.set(`${phase}: ${call}: ${kind}`, (failures.get(`${phase}: ${call}: ${kind}`) ?? 0) + 1),
      finished: () => finished++,
      over: () => over,
    };
    const random = seededRandom(options.seed);
    let next = 0;
    const loadBegan = performance.now();
    const load = Promise.all(
      Array.from({ length: options.participants }, async () => {
        while (!over && next < pool.length) {
          const index = next++;
          await runParticipant({ client: client!, created: pool[index]!, index, random, thinkMs: options.thinkMs, recorder });
        }
      }),
    );

    const restarts: Restart[] = [];
    const readySince: Partial<Record<'A' | 'B', number>> = {};
    for (const name of ['A', 'B'] as const) {
      await sleep(options.settleMs);
      phase = `restarting ${name}`;
      let t = performance.now();
      if (options.drain) await nginx.setDown(ports[name], true);
      const drainMs = options.drain ? Math.round(performance.now() - t) : undefined;
      t = performance.now();
      const exit = await servers[name]!.terminate(STOP_LIMIT_MS);
      const stopMs = performance.now() - t;
      t = performance.now();
      servers[name] = await start(name);
      restarts.push({ instance: name, ...(drainMs !== undefined && { drainMs }), exit, stopMs: Math.round(stopMs), startMs: Math.round(performance.now() - t), answeredAfter: 0 });
      if (options.drain) await nginx.setDown(ports[name], false);
      readySince[name] = Date.now();
      phase = name === 'A' ? 'between the restarts' : 'after the restarts';
    }
    await sleep(options.settleMs);
    over = true;
    await load;
    const loadMs = performance.now() - loadBegan;

    const lines: UpstreamLine[] = nginx.upstreamLines();
    const instanceOf = (address: string | undefined): 'A' | 'B' | undefined => (address?.endsWith(`:${ports.A}`) ? 'A' : address?.endsWith(`:${ports.B}`) ? 'B' : undefined);
    const byInstance = { A: 0, B: 0 };
    for (const line of lines) {
      const answered = instanceOf(line.upstreams.at(-1));
      if (!answered) continue;
      byInstance[answered]++;
      const restart = restarts.find((r) => r.instance === answered);
      if (restart && line.endedMs > readySince[answered]!) restart.answeredAfter++;
    }
    const found = await readBack({ ...process.env, ...shared }, saves);
    return {
      requests: client.counts.requests,
      resent: client.counts.resent,
      failed: [...failures.values()].reduce((a, b) => a + b, 0),
      failures: Object.fromEntries(failures),
      saves: { acknowledged: found.savesAcknowledged, found: found.savesFound, lost: found.savesAcknowledged - found.savesFound },
      draftsAcknowledged,
      assessmentsFinished: finished,
      restarts,
      proxy: { byInstance, passedOn: lines.filter((line) => line.upstreams.length > 1).length, status5xx: lines.filter((line) => line.status >= 500).length, errorLog: nginx.errorLog().split('\n').filter(Boolean) },
      site,
      loadMs: Math.round(loadMs),
    };
  } finally {
    client?.close();
    await nginx?.stop();
    await Promise.all([servers.A?.terminate(STOP_LIMIT_MS), servers.B?.terminate(STOP_LIMIT_MS)]);
    for (const dir of Object.values(dataDirs)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
