import net from 'node:net';
import { captureOutput } from '@/lib/log/captureOutput';
import { MAX_BODY_BYTES, serveEmbeddedApi, type ServedApi } from './serve';

/**
 * The HTTP side of a served embedded API (npm run upstream): what a request carries reaches the
 * handler as the Web Request it takes, and its Response goes back as it is. The handler here only
 * records what it got; lib/scripts/upstream.test.ts and the contract check's tests serve the real one.
 */
type Got = { method: string; url: string; contentType: string | null; forwardedFor: string | null; body: string };

let served: ServedApi;
let got: Got[] = [];
let answer: () => Response | Promise<Response>;

beforeAll(async () => {
  served = await serveEmbeddedApi(async (request) => {
    got.push({
      method: request.method,
      url: request.url,
      contentType: request.headers.get('content-type'),
      forwardedFor: request.headers.get('x-forwarded-for'),
      body: request.method === 'POST' ? await request.text() : '',
    });
    return answer();
  });
});

beforeEach(() => {
  got = [];
  answer = () => new Response(JSON.stringify({ statusCode: 1, detailCode: 0 }), { headers: { 'content-type': 'application/json; charset=utf-8' } });
});

afterAll(() => served.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${served.url}/${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

it('listens on 127.0.0.1 by default, at an address ending in /api (the spec’s {api})', () => {
  expect(served.address.address).toBe('127.0.0.1');
  expect(served.url).toBe(`http://127.0.0.1:${served.address.port}/api`);
});

it('hands the call to the handler as it came, and its answer back as it is', async () => {
  answer = () => new Response('aGVsbG8=', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const response = await post('loadImage', '{"category":"slider-1"}');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await response.text()).toBe('aGVsbG8=');
  expect(got).toEqual([{ method: 'POST', url: 'http://upstream.invalid/api/loadImage', contentType: 'application/json', forwardedFor: '127.0.0.1', body: '{"category":"slider-1"}' }]);
});

it('the participant’s address the app names (X-Forwarded-For) is the one the handler counts by', async () => {
  await post('submit/kodekodex/identcode', '{}', { 'x-forwarded-for': '203.0.113.7' });
  expect(got[0]!.forwardedFor).toBe('203.0.113.7');
});

it(`a body of more than ${MAX_BODY_BYTES} bytes is refused with 413 before the handler sees it`, async () => {
  const response = await post('pageinfo', JSON.stringify({ category: 'x'.repeat(MAX_BODY_BYTES) }));
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ error: `body is larger than ${MAX_BODY_BYTES} bytes` });
  expect(got).toEqual([]);
});

it('a handler that fails answers a JSON 500, logged without what the request carried', async () => {
  answer = () => {
    throw new Error('the adapter broke');
  };
  const output = captureOutput();
  let response: Response;
  try {
    response = await post('pageinfo', '{"token":"secret-token"}');
  } finally {
    output.restore();
  }
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({ error: 'internal error' });
  expect(output.events()).toEqual([expect.objectContaining({ level: 'error', event: 'upstream_server_failure', reason: 'the adapter broke' })]);
  expect(output.text()).not.toContain('secret-token');
});

it('a request target that is no path (absolute form, malformed) is a JSON 400: no call, no failure logged', async () => {
  const raw = (target: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(served.address.port, '127.0.0.1', () => socket.end(`POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
  const output = captureOutput();
  let answers: string[];
  try {
    answers = [await raw('http://upstream.example:notaport/api/pageinfo'), await raw('*')];
  } finally {
    output.restore();
  }
  for (const text of answers) {
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toContain('{"error":"the request target is not a path"}');
  }
  expect(got).toEqual([]);
  expect(output.events()).toEqual([]);
});
