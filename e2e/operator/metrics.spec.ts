import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort, startServer, type RunningServer } from '../fuzz/server';
import { expect, needs } from '../support/deployed';
import { listeningPorts, scrape, total } from '../support/metrics';
import { participantJourney, secretsIn, unknownRoutes } from '../support/metricsJourney';

/**
 * Metrics as an operator turns them on (docs/operations.md#metrics), on PGlite, where the app is
 * one process: the production server started as `npm start` starts it, with METRICS_PORT and
 * METRICS_TOKEN. A participant in Chromium types a wrong access code, the right one, and turns a
 * page; Prometheus' scrape of the metrics port then shows the logins, the page saved, the requests
 * by route pattern, the statements, the event-loop lag and the memory, without a code anywhere.
 * The public port has no /metrics; without METRICS_PORT nothing listens but the app's port and
 * prom-client is not even loaded. The same on PostgreSQL with two workers: metrics-workers.spec.ts.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const TOKEN = crypto.randomBytes(24).toString('base64url');
const PROBE = path.resolve('e2e/support/loadedModules.mjs');

/** The production server on a fresh data folder, with the probe of what it loads (e2e/support/loadedModules.mjs). */
async function start(env: Record<string, string>) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-e2e-'));
  const loadedFile = path.join(folder, 'loaded.json');
  const server = await startServer({
    port: BASE + 93,
    dataDir: path.join(folder, 'data'),
    logFile: path.join(folder, 'server.log'),
    env: { ...env, NODE_OPTIONS: `--import=${PROBE}`, LOADED_MODULES_FILE: loadedFile },
  });
  return {
    server,
    /** Stops the server: the packages it had loaded. */
    stop: async (): Promise<string[]> => {
      await server.stop();
      const { loaded } = JSON.parse(fs.readFileSync(loadedFile, 'utf8')) as { loaded: string[] };
      fs.rmSync(folder, { recursive: true, force: true });
      return loaded;
    },
  };
}

/** What the public port answers for /metrics: the app's 404 page, no metrics. */
async function publicMetrics(server: RunningServer) {
  const answer = await fetch(`${server.baseUrl}/metrics`);
  return { status: answer.status, text: await answer.text() };
}

test.describe('@operator metrics: Prometheus on a port of their own', needs('own-server'), () => {
  test.describe.configure({ timeout: 180_000 });

  test('with METRICS_PORT on PGlite: a wrong code, a login and a page turn show in the scrape, by route pattern, without codes', async ({ browser }) => {
    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    const started = await start({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN });
    const { server } = started;
    let loaded: string[];
    try {
      // The two ports, and nothing else: the metrics never on the public one.
      expect(listeningPorts(server.pid)).toEqual([server.port, metricsPort].sort((a, b) => a - b));
      const refused = await fetch(`${metricsUrl}/metrics`);
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain('assessment_');
      const onPublic = await publicMetrics(server);
      expect(onPublic.status).toBe(404);
      expect(onPublic.text).not.toContain('http_request_duration_seconds');

      const before = (await scrape(metricsUrl, TOKEN)).samples;
      await participantJourney(browser, server.baseUrl);
      const after = await scrape(metricsUrl, TOKEN);
      const moved = (name: string, labels: Record<string, string> = {}) => total(after.samples, name, labels) - total(before, name, labels);

      expect(moved('assessment_logins_total', { flow: 'access_code', outcome: 'wrong_code' })).toBe(1);
      expect(moved('assessment_logins_total', { flow: 'access_code', outcome: 'ok' })).toBe(1);
      expect(moved('assessment_logins_total', { flow: 'ident_code', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
      expect(moved('assessment_logins_total', { outcome: 'locked' })).toBe(0);
      expect(moved('assessment_page_saves_total', { kind: 'page', outcome: 'saved' })).toBe(1);
      expect(moved('assessment_page_saves_total', { outcome: 'failed' })).toBe(0);

      // Requests by route pattern: the deep link's page, the calls through the proxy, the build's files.
      const requests = (labels: Record<string, string>) => moved('http_request_duration_seconds_count', labels);
      expect(requests({ route: '/home/[[...params]]', method: 'GET' })).toBeGreaterThanOrEqual(1);
      expect(requests({ route: '/api/[...path]', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(3);
      expect(requests({ route: '/_next/static', method: 'GET' })).toBeGreaterThanOrEqual(1);
      expect(moved('http_request_duration_seconds_sum')).toBeGreaterThan(0);
      expect(unknownRoutes(after.samples)).toEqual([]);

      // The statements of the page turn, by kind; the process's lag and memory.
      expect(moved('db_query_duration_seconds_count', { operation: 'SELECT' })).toBeGreaterThan(0);
      expect(moved('db_query_duration_seconds_count', { operation: 'INSERT' }) + moved('db_query_duration_seconds_count', { operation: 'UPDATE' })).toBeGreaterThan(0);
      expect(total(after.samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
      expect(total(after.samples, 'process_resident_memory_bytes')).toBeGreaterThan(50_000_000);
      expect(total(after.samples, 'assessment_worker_processes')).toBe(1);
      expect(after.samples.filter((s) => 'worker' in s.labels)).toEqual([]);

      expect(secretsIn(after.text)).toEqual([]);
    } finally {
      loaded = await started.stop();
    }
    expect(loaded.some((file) => file.includes('/node_modules/prom-client/'))).toBe(true);
  });

  test('without METRICS_PORT: nothing listens but the app’s port, prom-client is not loaded, the public port has no /metrics', async ({ browser }) => {
    const started = await start({});
    let loaded: string[];
    try {
      await participantJourney(browser, started.server.baseUrl);
      expect(listeningPorts(started.server.pid)).toEqual([started.server.port]);
      expect((await publicMetrics(started.server)).status).toBe(404);
    } finally {
      loaded = await started.stop();
    }
    expect(loaded.filter((file) => file.includes('/node_modules/prom-client/'))).toEqual([]);
  });
});
