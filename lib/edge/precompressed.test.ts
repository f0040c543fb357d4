import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { acceptedEncodings, precompressedFiles, staticFileOf } from './precompressed.mjs';
import { securityHeaders } from './securityHeaders.mjs';

const SCRIPT = 'const answer = 42;\n'.repeat(400);
const STYLE = 'main { color: #123456; }\n'.repeat(200);

let root: string;
let staticDir: string;
let server: http.Server;
let base: string;

/** What the stand-in for Next answers with: anything this module leaves alone reaches it. */
const NEXT_ANSWER = 'next answered';

function write(relative: string, content: string | Buffer) {
  const file = path.join(staticDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  staticDir = path.join(root, '.next', 'static');
  const script = write('chunks/app.js', SCRIPT);
  write('chunks/app.js.br', zlib.brotliCompressSync(SCRIPT));
  write('chunks/app.js.gz', zlib.gzipSync(SCRIPT, { level: 9 }));
  write('css/site.css', STYLE);
  write('css/site.css.gz', zlib.gzipSync(STYLE));
  write('chunks/plain.js', SCRIPT);
  write('chunks/[slug] page.js', SCRIPT);
  write('chunks/[slug] page.js.br', zlib.brotliCompressSync(SCRIPT));
  // A copy older than its file was made from other content.
  write('chunks/stale.js', SCRIPT);
  const staleCopy = write('chunks/stale.js.br', zlib.brotliCompressSync('old'));
  fs.utimesSync(staleCopy, new Date(2000, 0, 1), new Date(2000, 0, 1));
  // Files outside the folder, reachable only by a path that leaves it.
  fs.writeFileSync(path.join(root, 'secret.js'), SCRIPT);
  fs.writeFileSync(path.join(root, 'secret.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.symlinkSync(path.join(root, 'secret.js'), path.join(staticDir, 'chunks', 'link.js'));
  fs.symlinkSync(path.join(root, 'secret.js.br'), path.join(staticDir, 'chunks', 'link.js.br'));
  expect(fs.statSync(script).isFile()).toBe(true);

  const answer = precompressedFiles(staticDir, securityHeaders(true));
  server = http.createServer((req, res) => {
    void answer(req, res).then((answered) => {
      if (!answered) res.end(NEXT_ANSWER);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw request: the target is sent as written and nothing is decompressed. */
function request(target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(`${base}/`, { method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const isNext = (answer: Answer) => answer.body.toString() === NEXT_ANSWER;

describe('acceptedEncodings: what the client takes, best first', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['br', ['br']],
    ['gzip', ['gzip']],
    ['x-gzip', ['gzip']],
    ['GZIP, BR', ['br', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['br; q=0.000, gzip;q=0.5', ['gzip']],
    ['gzip;q=1.0, br;q=0.8', ['gzip', 'br']],
    ['gzip;q=0.5, br;q=0.5', ['br', 'gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip;q=0', ['br']],
    ['br;q=0, gzip;q=0', []],
    ['*;q=0', []],
    ['identity', []],
    ['identity, deflate', []],
    ['', []],
    [undefined, []],
    ['br;q=2, gzip', ['gzip']],
    ['br;q=abc', []],
  ])('%j → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('staticFileOf: only a plain path to a file under the folder', () => {
  const dir = '/srv/app/.next/static';
  it.each([
    ['/_next/static/chunks/app.js', `${dir}/chunks/app.js`],
    ['/_next/static/chunks/app.js?dpl=1', `${dir}/chunks/app.js`],
    ['/_next/static/chunks/%5Bslug%5D.js', `${dir}/chunks/[slug].js`],
  ])('%s → %s', (url, file) => expect(staticFileOf(url, dir)).toBe(file));

  it.each([
    '/_next/static/../../package.json',
    '/_next/static/chunks/../../../package.json',
    '/_next/static/%2e%2e/%2e%2e/package.json',
    '/_next/static/chunks%2f..%2f..%2fsecret.js',
    '/_next/static/chunks/..%5c..%5csecret.js',
    '/_next/static/chunks/app.js%00.br',
    '/_next/static/./chunks/app.js',
    '/_next/static//etc/passwd',
    '/_next/static/%ff.js',
    '/_next/static/',
    '/_next/image?url=/x.js',
    '/public/app.js',
    'http://evil.example/_next/static/chunks/app.js',
  ])('%s → none', (url) => expect(staticFileOf(url, dir)).toBeUndefined());

  it.each([
    ['/assessment/_next/static/chunks/app.js', `${dir}/chunks/app.js`],
    ['/assessment/_next/static/chunks/app.js?dpl=1', `${dir}/chunks/app.js`],
  ])('under the base path /assessment: %s → %s', (url, file) => expect(staticFileOf(url, dir, '/assessment')).toBe(file));

  it.each(['/_next/static/chunks/app.js', '/assessmentx/_next/static/chunks/app.js', '/assessment/_next/static/../../../package.json', '/other/_next/static/chunks/app.js'])(
    'under the base path /assessment: %s → none',
    (url) => expect(staticFileOf(url, dir, '/assessment')).toBeUndefined(),
  );
});

describe('precompressedFiles: the build copies, or Next', () => {
  it('a browser that takes brotli gets the brotli copy, with the headers Next would send', async () => {
    const answer = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=UTF-8',
      'content-length': String(answer.body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      'strict-transport-security': 'max-age=31536000',
    });
    expect(answer.headers.etag).toMatch(/^"br-/);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('a client that takes gzip only (or prefers it) gets the gzip copy', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const answer = await request('/_next/static/chunks/app.js', { 'accept-encoding': acceptEncoding });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(answer.body).toString()).toBe(SCRIPT);
    }
  });

  it('styles get their type, and the copy there is when the better one is missing', async () => {
    const answer = await request('/_next/static/css/site.css', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'text/css; charset=UTF-8' });
    expect(zlib.gunzipSync(answer.body).toString()).toBe(STYLE);
  });

  it('a percent-encoded name is the file it names', async () => {
    const answer = await request('/_next/static/chunks/%5Bslug%5D%20page.js', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('an ETag it gave comes back as a 304 without a body; another ETag gets the file', async () => {
    const first = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    const again = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': `"x", W/${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers).toMatchObject({ etag, vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff' });
    // The gzip copy is another representation: the brotli copy's ETag does not stand for it.
    const gzip = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
  });

  it('HEAD gets the headers and the length of the copy, no body', async () => {
    const get = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    const head = await request('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers).toMatchObject({ 'content-encoding': 'br', 'content-length': String(get.body.length), etag: get.headers.etag });
  });

  it.each([
    ['no copy of the file', '/_next/static/chunks/plain.js', { 'accept-encoding': 'br, gzip' }, 'GET'],
    ['a copy older than its file', '/_next/static/chunks/stale.js', { 'accept-encoding': 'br' }, 'GET'],
    ['no such file', '/_next/static/chunks/missing.js', { 'accept-encoding': 'br, gzip' }, 'GET'],
    ['a copy asked for by its own name', '/_next/static/chunks/app.js.br', { 'accept-encoding': 'br' }, 'GET'],
    ['a client without brotli or gzip', '/_next/static/chunks/app.js', { 'accept-encoding': 'identity' }, 'GET'],
    ['a client that names no encoding', '/_next/static/chunks/app.js', {}, 'GET'],
    ['a client that refuses both', '/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0, gzip;q=0' }, 'GET'],
    ['a Range request', '/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-9' }, 'GET'],
    ['an If-Match (a 412 is Next\'s to give)', '/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-match': '"other"' }, 'GET'],
    ['an If-Unmodified-Since', '/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' }, 'GET'],
    ['a POST', '/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'POST'],
    ['an OPTIONS', '/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'OPTIONS'],
    ['a path that leaves the folder', '/_next/static/../../secret.js', { 'accept-encoding': 'br' }, 'GET'],
    ['an encoded path that leaves the folder', '/_next/static/chunks/%2e%2e/%2e%2e/%2e%2e/secret.js', { 'accept-encoding': 'br' }, 'GET'],
    ['an encoded slash that leaves the folder', '/_next/static/chunks%2f..%2f..%2f..%2fsecret.js', { 'accept-encoding': 'br' }, 'GET'],
    ['a NUL in the path', '/_next/static/chunks/app.js%00', { 'accept-encoding': 'br' }, 'GET'],
    ['a symbolic link out of the folder', '/_next/static/chunks/link.js', { 'accept-encoding': 'br' }, 'GET'],
    ['a path outside /_next/static', '/chunks/app.js', { 'accept-encoding': 'br' }, 'GET'],
  ])('%s: Next answers', async (_case, target, headers, method) => {
    expect(isNext(await request(target, headers, method))).toBe(true);
  });

  it('a folder that is not there (no build) leaves everything to Next', async () => {
    const answer = precompressedFiles(path.join(root, 'none'), securityHeaders(false));
    const res = { headersSent: false, writeHead: jest.fn(), end: jest.fn() };
    const req = { method: 'GET', url: '/_next/static/chunks/app.js', headers: { 'accept-encoding': 'br' } };
    await expect(answer(req as never, res as never)).resolves.toBe(false);
    expect(res.writeHead).not.toHaveBeenCalled();
  });
});

describe('securityHeaders', () => {
  it('HSTS only in production; the rest always', () => {
    const keys = (production: boolean) => securityHeaders(production).map(({ key }) => key);
    expect(keys(false)).toEqual(['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Permissions-Policy']);
    expect(keys(true)).toEqual([...keys(false), 'Strict-Transport-Security']);
  });
});
