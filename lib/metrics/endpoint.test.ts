import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRefusal, serveMetrics } from './endpoint.mjs';

const TOKEN = 'scrape-token-0123456789abcdef';
const TEXT = '# HELP assessment_worker_processes x\n# TYPE assessment_worker_processes gauge\nassessment_worker_processes 1\n';
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

/** The metrics port on a free port of 127.0.0.1, with the scrape given; its base URL. */
async function metricsPort(token: string | undefined, scrape = async () => ({ contentType: CONTENT_TYPE, body: TEXT })): Promise<string> {
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  const server = await serveMetrics({ port: 0, host: '127.0.0.1', token }, scrape);
  log.mockRestore();
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the metrics port: GET /metrics, nothing else, and with METRICS_TOKEN only for its bearer', () => {
  it('without a token: the registry’s text at /metrics, not cached', async () => {
    const base = await metricsPort(undefined);
    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(CONTENT_TYPE);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toBe(TEXT);
    const head = await fetch(`${base}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('anything but GET or HEAD /metrics is refused', async () => {
    const base = await metricsPort(undefined);
    const post = await fetch(`${base}/metrics`, { method: 'POST', body: 'x' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    for (const target of ['/', '/api/health', '/metrics/x', '/kodew/KWDEMO01']) expect([target, (await fetch(`${base}${target}`)).status]).toEqual([target, 404]);
    expect((await fetch(`${base}/metrics?name[]=x`)).status).toBe(200);
  });

  it('with METRICS_TOKEN: 401 without it, with another, or with another scheme, before anything else is said', async () => {
    const base = await metricsPort(TOKEN);
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const answer = await fetch(`${base}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
      expect([authorization, answer.status]).toEqual([authorization, 401]);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await answer.text()).not.toContain('assessment_');
    }
    // Not even whether a path or method exists.
    expect((await fetch(`${base}/elsewhere`, { method: 'DELETE' })).status).toBe(401);
    const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toBe(TEXT);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('a scrape that fails (a worker that did not answer) is a 503 saying why', async () => {
    const base = await metricsPort(undefined, async () => {
      throw new Error('Operation timed out.');
    });
    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(503);
    expect(await answer.text()).toBe('metrics not collected: Operation timed out.\n');
  });

  it('a port in use stops the start with the variables to change', async () => {
    const base = await metricsPort(undefined);
    const port = Number(new URL(base).port);
    await expect(serveMetrics({ port, host: '127.0.0.1', token: undefined }, async () => ({ contentType: CONTENT_TYPE, body: '' }))).rejects.toThrow(
      `Cannot serve metrics on 127.0.0.1, port ${port} (METRICS_HOST, METRICS_PORT): listen EADDRINUSE`,
    );
  });

  it('says so when it listens beyond this host without a token', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      servers.push(await serveMetrics({ port: 0, host: '0.0.0.0', token: undefined }, async () => ({ contentType: CONTENT_TYPE, body: '' })));
      servers.push(await serveMetrics({ port: 0, host: '0.0.0.0', token: TOKEN }, async () => ({ contentType: CONTENT_TYPE, body: '' })));
      const warnings = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
      expect(warnings).toEqual([expect.objectContaining({ level: 'warn', event: 'metrics_unprotected' })]);
      expect(String(warnings[0]!.reason)).toContain('without METRICS_TOKEN');
      expect(log.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)).toEqual([
        expect.objectContaining({ event: 'metrics_listening', token: false }),
        expect.objectContaining({ event: 'metrics_listening', token: true }),
      ]);
    } finally {
      errors.mockRestore();
      log.mockRestore();
    }
  });

  it('metricsRefusal reads the token from the Authorization header alone', () => {
    expect(metricsRefusal({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }, TOKEN)).toBeUndefined();
    expect(metricsRefusal({ method: 'GET', url: `/metrics?token=${TOKEN}`, headers: {} }, TOKEN)?.status).toBe(401);
    expect(metricsRefusal({ method: 'GET', url: '/metrics', headers: { cookie: `token=${TOKEN}` } }, TOKEN)?.status).toBe(401);
  });
});
