import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValueWithName } from 'prom-client';
import { currentMetrics } from './current';
import { LOGIN_FLOWS, LOGIN_OUTCOMES, MAIL_KINDS, MAIL_OUTCOMES, PAGE_SAVE_KINDS, PAGE_SAVE_OUTCOMES, PAYMENT_OUTCOMES } from './labels.mjs';
import { startMetrics, stopMetrics } from './start.mjs';

afterEach(() => stopMetrics());

/** The value of one series in Prometheus' text format, or undefined when the text has no such line. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A server that counts each request as server.mjs does, under the route the test names, and answers as told. */
async function countingServer(answer: (res: import('node:http').ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    currentMetrics()?.request(req, res, (url) => (url?.startsWith('/kodew/') ? '/kodew/[[...params]]' : 'unmatched'));
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the metrics of one process (lib/metrics/start.mjs)', () => {
  it('are put where the app finds them, once; stopped, nothing is there', () => {
    expect(currentMetrics()).toBeUndefined();
    const metrics = startMetrics();
    expect(currentMetrics()).toBe(metrics);
    expect(startMetrics()).toBe(metrics);
    stopMetrics();
    expect(currentMetrics()).toBeUndefined();
  });

  it('show every counter from the first scrape on, at 0, for each value its labels can take', async () => {
    const text = await startMetrics().registry.metrics();
    for (const kind of PAGE_SAVE_KINDS) for (const outcome of PAGE_SAVE_OUTCOMES) expect(valueOf(text, `assessment_page_saves_total{kind="${kind}",outcome="${outcome}"}`)).toBe(0);
    for (const flow of LOGIN_FLOWS) for (const outcome of LOGIN_OUTCOMES) expect(valueOf(text, `assessment_logins_total{flow="${flow}",outcome="${outcome}"}`)).toBe(0);
    for (const kind of MAIL_KINDS) for (const outcome of MAIL_OUTCOMES) expect(valueOf(text, `assessment_mails_total{kind="${kind}",outcome="${outcome}"}`)).toBe(0);
    for (const outcome of PAYMENT_OUTCOMES) expect(valueOf(text, `assessment_payments_total{outcome="${outcome}"}`)).toBe(0);
    expect(valueOf(text, 'assessment_worker_processes')).toBe(1);
    // prom-client's process figures: memory and event-loop lag among them, without a worker label in a single process.
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('count what the app tells them', async () => {
    const metrics = startMetrics();
    metrics.login('access_code', 'wrong_code');
    metrics.login('access_code', 'wrong_code');
    metrics.login('ident_code', 'ok');
    metrics.pageSave('page', 'saved');
    metrics.mail('accessCode', 'unreachable');
    metrics.payment('confirmed');
    metrics.query('SELECT', 0.002);
    metrics.query('TRANSACTION', 0.3);
    const text = await metrics.registry.metrics();
    expect(valueOf(text, 'assessment_logins_total{flow="access_code",outcome="wrong_code"}')).toBe(2);
    expect(valueOf(text, 'assessment_logins_total{flow="ident_code",outcome="ok"}')).toBe(1);
    expect(valueOf(text, 'assessment_page_saves_total{kind="page",outcome="saved"}')).toBe(1);
    expect(valueOf(text, 'assessment_mails_total{kind="accessCode",outcome="unreachable"}')).toBe(1);
    expect(valueOf(text, 'assessment_payments_total{outcome="confirmed"}')).toBe(1);
    expect(valueOf(text, 'db_query_duration_seconds_count{operation="SELECT"}')).toBe(1);
    expect(valueOf(text, 'db_query_duration_seconds_bucket{le="0.0025",operation="SELECT"}')).toBe(1);
    expect(valueOf(text, 'db_query_duration_seconds_bucket{le="0.25",operation="TRANSACTION"}')).toBe(0);
    expect(valueOf(text, 'db_query_duration_seconds_bucket{le="0.5",operation="TRANSACTION"}')).toBe(1);
  });

  it('count each request under its route pattern, method and status once its answer is out; one the client left is "aborted"', async () => {
    const metrics = startMetrics();
    let holding: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let left: (() => void) | undefined;
    const gone = new Promise<void>((resolve) => (left = resolve));
    const { server, url } = await countingServer((res) => {
      // Never answered: the client leaves first.
      if (res.req.url?.includes('held')) {
        res.once('close', () => setImmediate(left!));
        return holding!();
      }
      res.statusCode = res.req.url?.includes('missing') ? 404 : 200;
      res.end('ok');
    });
    try {
      expect((await fetch(`${url}/kodew/KWDEMO01/en`)).status).toBe(200);
      expect((await fetch(`${url}/kodew/KWDEMO02`)).status).toBe(200);
      expect((await fetch(`${url}/kodew/missing`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${url}/elsewhere`, { method: 'PROPFIND' })).status).toBe(200);
      // The client gives up before the answer.
      const req = httpRequest(`${url}/kodew/held`).on('error', () => undefined);
      req.end();
      await held;
      req.destroy();
      await gone;
      const text = await metrics.registry.metrics();
      expect(valueOf(text, 'http_request_duration_seconds_count{route="/kodew/[[...params]]",method="GET",status="200"}')).toBe(2);
      expect(valueOf(text, 'http_request_duration_seconds_count{route="/kodew/[[...params]]",method="POST",status="404"}')).toBe(1);
      expect(valueOf(text, 'http_request_duration_seconds_count{route="unmatched",method="_OTHER",status="200"}')).toBe(1);
      expect(valueOf(text, 'http_request_duration_seconds_count{route="/kodew/[[...params]]",method="GET",status="aborted"}')).toBe(1);
      // No path, no code: only the patterns.
      expect(text).not.toMatch(/KWDEMO0|elsewhere|held/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a cluster worker's process figures carry its number; the app's counters do not, so that the primary sums them (prom-client's AggregatorRegistry)", async () => {
    const worker = async (number: string, wrongCodes: number) => {
      const metrics = startMetrics({ worker: number });
      for (let i = 0; i < wrongCodes; i++) metrics.login('group_code', 'wrong_code');
      metrics.query('SELECT', 0.001);
      const json = await metrics.registry.getMetricsAsJSON();
      stopMetrics();
      return json;
    };
    const summed = await AggregatorRegistry.aggregate([await worker('1', 2), await worker('2', 3)]).getMetricsAsJSON();
    const values = (name: string): MetricValueWithName<string>[] => (summed.find((metric) => metric.name === name) as MetricObjectWithValues<MetricValueWithName<string>>).values;
    expect(values('assessment_logins_total').find((v) => v.labels.flow === 'group_code' && v.labels.outcome === 'wrong_code')?.value).toBe(5);
    expect(values('assessment_worker_processes')).toEqual([expect.objectContaining({ value: 2 })]);
    expect(values('db_query_duration_seconds').find((v) => v.metricName === 'db_query_duration_seconds_count')?.value).toBe(2);
    expect(values('process_resident_memory_bytes').map((v) => v.labels.worker).sort()).toEqual(['1', '2']);
    expect(values('assessment_logins_total').every((v) => !('worker' in v.labels))).toBe(true);
  });
});
