import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CallPath } from '@/lib/api/catalogue';
import type { sendCall as SendCall } from './client';

/**
 * sendCall against a real HTTP stand-in for the upstream on 127.0.0.1. The configuration is read
 * from process.env once per process, so the environment is set and the cache cleared first.
 */
type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Received = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };

const CONFIG_KEY = Symbol.for('assessment-web.config');
const TIMEOUT_MS = 300;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJwcm9kdWN0IjoxfQ.secret-token-signature-4711';

let server: http.Server;
let baseUrl: string;
let reply: Reply;
let received: Received[] = [];
let sendCall: typeof SendCall;
let dataDir: string;
const sockets = new Set<import('node:net').Socket>();
const savedEnv = { ...process.env }; // eslint-disable-line no-restricted-properties -- tests set the upstream the config reads

function setEnvironment(upstream: string) {
  // eslint-disable-next-line no-restricted-properties -- tests set the upstream the config reads
  process.env = { ...savedEnv, UPSTREAM_API_URL: upstream, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), DATA_DIR: dataDir, SESSION_SECRET: 'c'.repeat(40) };
  delete (globalThis as Record<symbol, unknown>)[CONFIG_KEY];
}

const json = (status: number, body: unknown, contentType = 'application/json'): Reply => (_req, res) => {
  res.writeHead(status, { 'content-type': contentType });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-test-'));
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      reply(req, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  setEnvironment(baseUrl);
  ({ sendCall } = await import('./client'));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  // eslint-disable-next-line no-restricted-properties -- restore what the tests changed
  process.env = savedEnv;
  delete (globalThis as Record<symbol, unknown>)[CONFIG_KEY];
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let stderr: jest.SpyInstance;
let logLines: string[];
beforeEach(() => {
  received = [];
  logLines = [];
  stderr = jest.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    logLines.push(String(chunk));
    return true;
  }) as typeof process.stderr.write);
});
afterEach(() => stderr.mockRestore());

/** The one upstream_failure line logged for a failed call; fails unless there is exactly one. */
function expectOneFailureLog(exceptionId: string, failure: string, callPath: string) {
  expect(logLines).toHaveLength(1);
  const line = logLines[0]!;
  expect(line.endsWith('\n')).toBe(true);
  expect(line.trim().includes('\n')).toBe(false);
  const entry = JSON.parse(line) as Record<string, unknown>;
  expect(entry).toMatchObject({ level: 'error', event: 'upstream_failure', id: exceptionId, failure, path: callPath });
  expect(typeof entry.time).toBe('string');
  expect(line).not.toContain(TOKEN);
  return entry;
}

describe('sendCall against an HTTP upstream', () => {
  it('posts the JSON body to {UPSTREAM_API_URL}/{path} with the client address', async () => {
    reply = json(200, { statusCode: 1, detailCode: 0, translations: [] });
    await sendCall('pageinfo', { category: 'Home', token: TOKEN, uiLanguage: 'de-DE' }, { clientAddress: '203.0.113.9' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/pageinfo' });
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(JSON.parse(received[0]!.body)).toEqual({ category: 'Home', token: TOKEN, uiLanguage: 'de-DE' });
  });

  it('sends no X-Forwarded-For without a client address', async () => {
    reply = json(200, { statusCode: 1 });
    await sendCall('pageinfo', {});
    expect(received[0]!.headers).not.toHaveProperty('x-forwarded-for');
  });

  it('OK JSON is parsed: nulls become defaults, unknown fields are kept, nothing is logged', async () => {
    reply = json(200, { statusCode: 1, detailCode: null, token: 'new.token', translations: [{ key: 'A', value: null }], brandNew: { x: 1 } });
    const result = await sendCall('pageinfo', { token: TOKEN });
    expect(result.failure).toBeUndefined();
    expect(result.response).toEqual({ statusCode: 1, detailCode: 0, token: 'new.token', translations: [{ key: 'A', value: '' }], brandNew: { x: 1 } });
    expect(logLines).toHaveLength(0);
  });

  it('a non-Ok status from the upstream is an answer, not a failure', async () => {
    reply = json(200, { statusCode: 6, detailCode: 2 });
    const result = await sendCall('submit/kodekodex/identcode', { assessmentIdentCode: 'ABC' });
    expect(result).toEqual({ response: { statusCode: 6, detailCode: 2 } });
    expect(logLines).toHaveLength(0);
  });

  type Case = [string, string, CallPath, Reply];
  it.each<Case>([
    ['HTTP 500', 'http-error', 'pageinfo', json(500, { statusCode: 1 })],
    ['HTTP 410', 'http-error', 'submit/kodekodex/login', json(410, 'gone', 'text/plain')],
    ['HTTP 503 without body', 'http-error', 'pageinfo/questionnaire', (_q, res) => res.writeHead(503).end()],
    ['a redirect (not followed)', 'unreachable', 'pageinfo', (_q, res) => res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end()],
    ['an HTML page', 'not-json', 'pageinfo', json(200, '<html>maintenance</html>', 'text/html')],
    ['broken JSON', 'not-json', 'submit/kodekodex/login', json(200, '{"statusCode":1,', 'application/json')],
    ['an empty body', 'not-json', 'pageinfo', json(200, '')],
    ['statusCode as text', 'bad-shape', 'pageinfo', json(200, { statusCode: '1' })],
    ['no statusCode', 'bad-shape', 'submit/kodekodex/login', json(200, { detailCode: 0 })],
    ['the token echoed in a wrong field', 'bad-shape', 'pageinfo', json(200, { statusCode: TOKEN })],
    ['a JSON array', 'bad-shape', 'pageinfo', json(200, [1, 2])],
    ['translations not a list', 'bad-shape', 'pageinfo', json(200, { statusCode: 1, translations: 'x' })],
    ['a question without answers', 'bad-shape', 'pageinfo/questionnaire', json(200, { statusCode: 1, questions: [{ questionIndex: 1, id: 1 }] })],
    ['a slow answer', 'timeout', 'pageinfo', (_q, res) => setTimeout(() => json(200, { statusCode: 1 })(_q, res), TIMEOUT_MS * 4).unref()],
    ['headers in time, body too late', 'timeout', 'pageinfo', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"statusCode":');
      setTimeout(() => res.end('1}'), TIMEOUT_MS * 4).unref();
    }],
    ['a dropped connection', 'unreachable', 'pageinfo', (req) => req.socket.destroy()],
  ])('%s → Exception outcome, failure %s, one log line (%s)', async (_label, failure, callPath, upstreamReply) => {
    reply = upstreamReply;
    const body = callPath === 'submit/kodekodex/login' ? { passwordHash: 'enc', token: TOKEN } : { token: TOKEN };
    const result = await sendCall(callPath, body as never);
    expect(result.failure).toBe(failure);
    const response = result.response as { statusCode: number; detailCode: number; exceptionId?: string | null };
    expect(response.statusCode).toBe(13);
    expect(response.detailCode).toBe(24);
    expect(response.exceptionId).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expectOneFailureLog(response.exceptionId!, failure, callPath);
  });

  it('the failure outcome has the call\'s response shape (translations default to [])', async () => {
    reply = json(500, {});
    const result = await sendCall('pageinfo/headerfooter', { token: TOKEN });
    expect(result.response).toMatchObject({ statusCode: 13, detailCode: 24, translations: [] });
  });

  it('each failure gets its own exception id', async () => {
    reply = json(500, {});
    const first = await sendCall('pageinfo', {});
    const second = await sendCall('pageinfo', {});
    expect(first.response.exceptionId).not.toBe(second.response.exceptionId);
    expect(logLines).toHaveLength(2);
  });

  it('a timeout takes about UPSTREAM_TIMEOUT_MS, not the upstream\'s delay', async () => {
    reply = (_q, res) => setTimeout(() => json(200, { statusCode: 1 })(_q, res), 3000).unref();
    const started = Date.now();
    const result = await sendCall('pageinfo', {});
    const elapsed = Date.now() - started;
    expect(result.failure).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(2000);
  });

  describe('loadImage (a text answer)', () => {
    it('text/plain is returned as the text itself', async () => {
      reply = json(200, 'iVBORw0KGgoAAAANSUhEUg==', 'text/plain; charset=utf-8');
      const result = await sendCall('loadImage', { category: 'img-1', token: TOKEN });
      expect(result).toEqual({ response: 'iVBORw0KGgoAAAANSUhEUg==' });
    });

    it('a JSON status answer is returned as the object', async () => {
      reply = json(200, { statusCode: 3, detailCode: 23 });
      const result = await sendCall('loadImage', { category: 'img-1' });
      expect(result.response).toEqual({ statusCode: 3, detailCode: 23 });
    });

    it('JSON without statusCode is passed on as text', async () => {
      reply = json(200, '"aGVsbG8="');
      expect((await sendCall('loadImage', { category: 'img-1' })).response).toBe('"aGVsbG8="');
    });

    it('HTTP 500 is the JSON Exception outcome, logged once', async () => {
      reply = json(500, 'boom', 'text/plain');
      const result = await sendCall('loadImage', { category: 'img-1', token: TOKEN });
      expect(result.failure).toBe('http-error');
      const response = result.response as unknown as { statusCode: number; detailCode: number; exceptionId: string };
      expect(response).toEqual({ statusCode: 13, detailCode: 24, exceptionId: expect.any(String) });
      expectOneFailureLog(response.exceptionId, 'http-error', 'loadImage');
    });
  });
});

describe('sendCall to a call the upstream does not offer (HTTP 404)', () => {
  /** The warnings logged for unavailable calls; the set of logged paths lives for the whole process. */
  const notAvailableLines = () =>
    logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.event === 'upstream_call_not_available');

  it.each<[string, CallPath, Reply]>([
    ['the embedded API\'s JSON', 'submit/kodew/login', json(404, { error: "unknown call 'submit/kodew/login'" })],
    ['a plain-text 404', 'pageinfo/ra/personalinfo', json(404, 'not found', 'text/plain')],
    ['a 404 without body', 'submit/kodegroupcode/login', (_q, res) => res.writeHead(404).end()],
  ])('%s → failure not-available, the Exception outcome without an exception id', async (_label, callPath, upstreamReply) => {
    reply = upstreamReply;
    const body = callPath.endsWith('/login') ? { groupcode: 'enc', token: TOKEN } : { token: TOKEN };
    const result = await sendCall(callPath, body as never);
    expect(result.failure).toBe('not-available');
    expect(result.response).toMatchObject({ statusCode: 13, detailCode: 24 });
    expect(result.response).not.toHaveProperty('exceptionId');
    expect(notAvailableLines()).toEqual([{ time: expect.any(String), level: 'warn', event: 'upstream_call_not_available', path: callPath, reason: 'HTTP 404' }]);
    expect(logLines.join('')).not.toContain(TOKEN);
  });

  it('a page-info load keeps its response shape (translations default to [])', async () => {
    reply = json(404, { error: 'unknown call' });
    const result = await sendCall('pageinfo/kodew/assessmentselection', { token: TOKEN });
    expect(result.response).toMatchObject({ statusCode: 13, detailCode: 24, translations: [] });
  });

  it('loadImage: the JSON Exception outcome, not a text', async () => {
    reply = json(404, 'no such call', 'text/plain');
    const result = await sendCall('loadImage', { category: 'img-1' });
    expect(result).toEqual({ response: { statusCode: 13, detailCode: 24 }, failure: 'not-available' });
  });

  it('100 calls to one unavailable path log one line; another path logs its own', async () => {
    reply = json(404, { error: 'unknown call' });
    for (let i = 0; i < 100; i++) {
      expect((await sendCall('submit/kodew/sendaccesscode', { token: TOKEN } as never)).failure).toBe('not-available');
    }
    expect(received).toHaveLength(100);
    expect(logLines).toHaveLength(1);
    expect(notAvailableLines()).toEqual([expect.objectContaining({ path: 'submit/kodew/sendaccesscode' })]);
    await sendCall('submit/kodegroupcode/sendaccesscode', { token: TOKEN } as never);
    await sendCall('submit/kodew/sendaccesscode', { token: TOKEN } as never);
    expect(notAvailableLines().map((entry) => entry.path)).toEqual(['submit/kodew/sendaccesscode', 'submit/kodegroupcode/sendaccesscode']);
  });

  it('other HTTP errors stay logged every time', async () => {
    reply = json(500, 'boom', 'text/plain');
    await sendCall('submit/kodew/sendaccesscode', { token: TOKEN } as never);
    await sendCall('submit/kodew/sendaccesscode', { token: TOKEN } as never);
    expect(logLines.map((line) => JSON.parse(line).event)).toEqual(['upstream_failure', 'upstream_failure']);
  });
});

describe('sendCall with nothing listening', () => {
  let closedUrl: string;
  beforeAll(async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    setEnvironment(closedUrl);
  });
  afterAll(() => setEnvironment(baseUrl));

  it('a closed port → unreachable, Exception outcome, one log line without the token', async () => {
    const result = await sendCall('submit/kodekodex/login', { passwordHash: 'enc', token: TOKEN });
    expect(result.failure).toBe('unreachable');
    expect(result.response).toMatchObject({ statusCode: 13, detailCode: 24 });
    const entry = expectOneFailureLog(result.response.exceptionId!, 'unreachable', 'submit/kodekodex/login');
    expect(String(entry.reason)).toMatch(/ECONNREFUSED|fetch failed/);
  });
});
