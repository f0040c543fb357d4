import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rollingRestart } from '../benchmarks/rolling/rollingRestart';
import { createParticipants } from '../benchmarks/durability/participants';
import { startServer, type RunningServer } from '../fuzz/server';
import { encryptCode } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { Visitor } from '../support/edgeServer';

/**
 * Restarts on PostgreSQL, collected only in the PostgreSQL pass (POSTGRES_SPECS in
 * playwright.config.ts), whose main server has emptied, migrated and seeded E2E_DATABASE_URL.
 *
 * The rolling restart of docs/operations.md ("Stopping and restarting") under participant load: two
 * instances with two workers each behind nginx running the documented site (e2e/support/nginx.ts),
 * one instance after the other taken out of nginx, stopped with SIGTERM, started and put back once
 * ready. `npm run bench:rolling` is the longer run, with figures in docs/measurements.md.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const LOG_DIR = path.resolve('test-results/rolling-restart');

test.describe('@assessment restarts on PostgreSQL', needs('own-server', 'server-files'), () => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.beforeAll(() => {
    if (!databaseUrl) throw new Error('the restart journeys need E2E_DATABASE_URL (the PostgreSQL pass)');
    fs.mkdirSync(LOG_DIR, { recursive: true });
  });

  test('a rolling restart behind nginx: no participant request fails, every acknowledged save is kept', async () => {
    test.setTimeout(240_000);
    const result = await rollingRestart({
      databaseUrl: databaseUrl!,
      participants: 4,
      assessmentsEach: 6,
      thinkMs: [50, 200],
      settleMs: 3_000,
      drain: true,
      ports: { a: BASE + 95, b: BASE + 96, https: BASE + 97, http: BASE + 100 },
      env: { WEB_CONCURRENCY: '2' },
      logDir: LOG_DIR,
      seed: 4711,
    });
    console.log(`rolling restart: ${JSON.stringify({ requests: result.requests, resent: result.resent, failed: result.failed, saves: result.saves, restarts: result.restarts, proxy: result.proxy.byInstance })}`);

    // The site as a browser meets it: https, the app seeing https through the proxy, Origin and Host agreeing.
    expect(result.site.redirect).toEqual({ status: 301, location: `https://127.0.0.1/support` });
    expect(result.site.cookies.find((cookie) => cookie.name === '__Host-session')).toEqual({ name: '__Host-session', secure: true });
    expect(result.site.callWithOrigin).toBe(200);

    expect(result.failures).toEqual({});
    expect(result.proxy.status5xx).toBe(0);
    expect(result.saves.acknowledged).toBeGreaterThan(10);
    expect(result.saves.lost).toBe(0);
    for (const restart of result.restarts) {
      expect(restart.exit, `instance ${restart.instance}'s stop`).toBe('exit code 0');
      // Back in nginx, it took participants' requests again.
      expect(restart.answeredAfter, `requests instance ${restart.instance} answered after its restart`).toBeGreaterThan(0);
    }
  });

  test('a worker stopping on the primary\'s SIGTERM still finishes its requests when the service\'s SIGTERM reaches it too', async () => {
    test.setTimeout(120_000);
    const env = { ...process.env, DATABASE_URL: databaseUrl! };
    const [created] = await createParticipants(env, 1);
    const port = BASE + 101;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-stop-'));
    let server: RunningServer | undefined;
    try {
      // One key check per assessment, then one every 4 s: the second wrong code waits about 4 s.
      server = await startServer({
        port,
        dataDir,
        logFile: path.join(LOG_DIR, 'workers.log'),
        env: { DATABASE_URL: databaseUrl!, WEB_CONCURRENCY: '2', ACCESS_CODE_CHECK_BURST: '1', ACCESS_CODE_CHECK_INTERVAL_SECONDS: '4' },
      });
      const guesser = new Visitor(port, '127.0.0.1');
      await guesser.startAssessment(created!.identCode);
      const first = await guesser.call('submit/kodekodex/login', { passwordHash: encryptCode('WRONG0001') });
      const waiting = guesser.call('submit/kodekodex/login', { passwordHash: encryptCode('WRONG0002') });
      await new Promise((resolve) => setTimeout(resolve, 500));

      // The primary first, as when its signal is handled before the workers' own: both workers stop on the SIGTERM it passes on.
      process.kill(server.pid, 'SIGTERM');
      const stopLines = () => server!.logLines().filter((line) => line === '> SIGTERM: finishing requests in flight, then stopping').length;
      await expect.poll(stopLines, { timeout: 10_000, intervals: [20] }).toBe(2);
      // Then the service manager's SIGTERM reaches the workers still running too (systemd signals every
      // process of the service); the one with the request in flight is among them.
      const workers = fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      expect(workers.length).toBeGreaterThan(0);
      for (const pid of workers) process.kill(pid, 'SIGTERM');

      const second = await waiting;
      expect({ status: second.status, answer: second.json() }).toEqual({ status: 200, answer: first.json() });
      await expect.poll(() => server!.exit(), { timeout: 30_000 }).toBe('exit code 0');
    } finally {
      await server?.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a worker past SHUTDOWN_TIMEOUT_MS is cut off, and the instance exits 1', async () => {
    test.setTimeout(120_000);
    const [created] = await createParticipants({ ...process.env, DATABASE_URL: databaseUrl! }, 1);
    const port = BASE + 103;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-timeout-'));
    let server: RunningServer | undefined;
    try {
      server = await startServer({
        port,
        dataDir,
        logFile: path.join(LOG_DIR, 'workers-timeout.log'),
        env: { DATABASE_URL: databaseUrl!, WEB_CONCURRENCY: '2', ACCESS_CODE_CHECK_BURST: '1', ACCESS_CODE_CHECK_INTERVAL_SECONDS: '6', SHUTDOWN_TIMEOUT_MS: '1000' },
      });
      const guesser = new Visitor(port, '127.0.0.1');
      await guesser.startAssessment(created!.identCode);
      await guesser.call('submit/kodekodex/login', { passwordHash: encryptCode('WRONG0001') });
      const waiting = guesser.call('submit/kodekodex/login', { passwordHash: encryptCode('WRONG0002') });
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The check would have its turn after about 6 s; the stop waits 1 s.
      const stopped = server.terminate(30_000);
      await expect(waiting).rejects.toThrow(/socket hang up|ECONNRESET/);
      expect(await stopped).toBe('exit code 1');
      expect(server.logLines().some((line) => line.includes('"event":"stop_timeout"'))).toBe(true);
    } finally {
      await server?.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
