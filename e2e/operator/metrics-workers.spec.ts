import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort, startServer, type RunningServer } from '../fuzz/server';
import { expect, needs } from '../support/deployed';
import { getOnNewConnection, listeningPorts, scrape, total, type Sample } from '../support/metrics';
import { participantJourney, secretsIn, unknownRoutes } from '../support/metricsJourney';

/**
 * Metrics with workers (docs/operations.md#metrics): on PostgreSQL, `npm start` with two workers;
 * the primary serves the metrics port and sums what each worker counted (prom-client's
 * AggregatorRegistry over node:cluster's channel). Requests sent each on a connection of its own
 * go to the workers in turn, so a count of all of them is the sum over both; each worker's own
 * memory and event-loop lag stay apart under its number. Collected only in the PostgreSQL pass
 * (E2E_DATABASE_URL, playwright.config.ts POSTGRES_SPECS), whose main server has migrated and
 * seeded that database; the row P1-READY is used by no other journey of that pass.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const TOKEN = crypto.randomBytes(24).toString('base64url');
const FRESH_CONNECTIONS = 20;

test.describe('@operator metrics of two workers on PostgreSQL, summed by the primary', needs('own-server'), () => {
  test.describe.configure({ timeout: 180_000 });
  const databaseUrl = process.env.E2E_DATABASE_URL;

  test('every worker’s counts in one scrape: requests on fresh connections all counted, a wrong code and a page turn, each worker’s memory apart', async ({ browser }) => {
    if (!databaseUrl) throw new Error('the workers’ metrics journey needs E2E_DATABASE_URL (the PostgreSQL pass)');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-workers-e2e-'));
    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    let server: RunningServer | undefined;
    try {
      server = await startServer({
        port: BASE + 94,
        dataDir: path.join(folder, 'data'),
        logFile: path.join(folder, 'server.log'),
        env: { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN },
      });
      const workersStarted = server.logLines().find((line) => line.includes('"workers_started"'));
      expect(workersStarted).toContain('"workers":2');
      // The primary holds both ports; the workers open none of their own.
      expect(listeningPorts(server.pid)).toEqual([server.port, metricsPort].sort((a, b) => a - b));
      expect((await fetch(`${metricsUrl}/metrics`)).status).toBe(401);
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);

      const first = await scrape(metricsUrl, TOKEN);
      // Both workers answer the primary: two processes, each with its own memory and lag.
      expect(total(first.samples, 'assessment_worker_processes')).toBe(2);
      const workersOf = (samples: Sample[], name: string) => samples.filter((s) => s.name === name).map((s) => s.labels.worker).sort();
      expect(workersOf(first.samples, 'process_resident_memory_bytes')).toEqual(['1', '2']);
      expect(workersOf(first.samples, 'nodejs_eventloop_lag_p99_seconds')).toEqual(['1', '2']);

      // Each on a connection of its own: node:cluster hands them to the workers in turn.
      const health = { route: '/api/health', method: 'GET', status: '200' };
      const before = total(first.samples, 'http_request_duration_seconds_count', health);
      for (let i = 0; i < FRESH_CONNECTIONS; i++) expect(await getOnNewConnection(`${server.baseUrl}/api/health`)).toBe(200);
      await expect.poll(async () => total((await scrape(metricsUrl, TOKEN)).samples, 'http_request_duration_seconds_count', health) - before).toBe(FRESH_CONNECTIONS);

      const beforeJourney = (await scrape(metricsUrl, TOKEN)).samples;
      await participantJourney(browser, server.baseUrl);
      const after = await scrape(metricsUrl, TOKEN);
      const moved = (name: string, labels: Record<string, string>) => total(after.samples, name, labels) - total(beforeJourney, name, labels);
      expect(moved('assessment_logins_total', { flow: 'access_code', outcome: 'wrong_code' })).toBe(1);
      expect(moved('assessment_logins_total', { flow: 'access_code', outcome: 'ok' })).toBe(1);
      expect(moved('assessment_page_saves_total', { kind: 'page', outcome: 'saved' })).toBe(1);
      expect(moved('db_query_duration_seconds_count', { operation: 'SELECT' })).toBeGreaterThan(0);
      // The app's counters are summed, never split by worker.
      expect(after.samples.filter((s) => s.name.startsWith('assessment_logins') && 'worker' in s.labels)).toEqual([]);
      expect(unknownRoutes(after.samples)).toEqual([]);
      expect(secretsIn(after.text)).toEqual([]);
    } finally {
      await server?.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
