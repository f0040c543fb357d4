import fs from 'node:fs';
import path from 'node:path';
import type { FuzzRequest } from './http';
import type { Random } from './random';
import { abbreviate } from './http';
import type { Visitor } from './sessions';
import { DEMO_CODES, nastyString } from './values';
import { forgedAddressHeaders } from './headers';
import { ACTION_BODIES, realActionIds } from './actions';

const REAL_ACTION_IDS = realActionIds();

/** The build's scripts and styles as they are served: server.mjs answers them from their brotli and gzip copies (lib/edge/precompressed.mjs). */
const STATIC_FILES = (() => {
  const dir = path.join('.next', 'static');
  try {
    return fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(js|css)$/.test(name))
      .map((name) => `/_next/static/${name.split(path.sep).map(encodeURIComponent).join('/')}`);
  } catch {
    return [];
  }
})();

/** One of the build's files, as it is or bent to leave the folder, name its copy, or hide a NUL. */
function staticTarget(r: Random): string {
  const file = r.pick(STATIC_FILES);
  return r.weighted<() => string>([
    [4, () => file],
    [1, () => `${file}.br`],
    [1, () => `${file}%00`],
    [1, () => file.replace('/_next/static/', `/_next/static/${r.pick(['..', '%2e%2e', '.', '%2E%2E%2F..', '..%5C', ''])}/`)],
    [1, () => file.replace('/_next/static/', '/_next/static/../../../').replace(/\/[^/]+$/, '/package.json')],
    [1, () => file.replaceAll('/', '%2F')],
  ])();
}

/** A page route of app/: its fixed segments and, when it has one, its dynamic part. */
type Route = { segments: string[]; dynamic?: 'one' | 'catch-all' | 'optional-catch-all' };

/**
 * Every route with a page.tsx (or a route handler, such as the question images) under app/ but
 * app/api, read from the folders, so new flows are fuzzed as they come.
 */
export function pageRoutes(appDir = path.resolve('app')): Route[] {
  const routes: Route[] = [];
  const walk = (dir: string, segments: string[], dynamic?: Route['dynamic']) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && /^(page|route)\.(tsx|ts|jsx|js)$/.test(e.name))) routes.push({ segments, ...(dynamic && { dynamic }) });
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name === 'api') continue;
      const name = entry.name;
      const inner = path.join(dir, name);
      if (/^\(.*\)$/.test(name)) walk(inner, segments, dynamic);
      else if (name.startsWith('[[...')) walk(inner, segments, 'optional-catch-all');
      else if (name.startsWith('[...')) walk(inner, segments, 'catch-all');
      else if (name.startsWith('[')) walk(inner, segments, 'one');
      else walk(inner, [...segments, name], dynamic);
    }
  };
  walk(appDir, []);
  return routes;
}

/** Routes of the spec whose flows are not built yet, and paths no route has. */
const OTHER_PATHS = ['/ra/RADEMO01', '/kodew/KWDEMO01/en', '/kodegroupcode/KGDEMO01/de', '/portal/PTDEMO01/1', '/nope', '/api', '/api/', '/api/health', '/_next/static/x.js', '/_next/image?url=%2Flogo.svg&w=9999&q=1', '/favicon.ico', '/logo.svg', '/robots.txt', '/questionnaire-image/collaboration', '/questionnaire-image/collaboration?v=0123456789abcdef'];

/** encodeURIComponent, except that a lone surrogate goes out as its replacement character instead of throwing. */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

/** A path segment: a demo code, a language, or something odd (encodings, traversal, length). */
function segment(r: Random): string {
  return r.weighted<() => string>([
    [5, () => r.pick(DEMO_CODES)],
    [2, () => r.pick(['de', 'en', 'fr', 'it', 'cz', 'de-DE', 'xx', '1', '0', '-1'])],
    [3, () => r.string(r.between(1, 16))],
    [3, () => r.pick(['%ff', '%c0%af', '%', '%zz', '%e2%82', '%ed%a0%80', '%00', 'a%00b', '%2F', '%2e%2e', '..', '.', '%5C', '%0d%0aSet-Cookie:%20x=1', '%3Cscript%3E', '%25', '%u0041', '%C3%BC', '%F0%9F%98%80'])],
    [2, () => percentEncoded(nastyString(r))],
    [1, () => r.string(r.pick([500, 2000, 8000, 20_000]))],
    [1, () => Buffer.from(r.pick(['ü', '€', '😀', 'ß']), 'utf8').toString('latin1')],
    [1, () => r.pick(['__proto__', 'constructor', 'prototype', 'toString'])],
  ])();
}

function query(r: Random): string {
  if (r.chance(0.6)) return '';
  const pairs = r.weighted<() => string[]>([
    [3, () => [`sid=${r.pick(DEMO_CODES)}`, `lg=${r.pick(['de', 'en', 'fr', 'xx', ''])}`]],
    [3, () => [`statusCode=${r.pick(['13', '3', '1', '-1', '99999999999', 'x', ''])}`, `detailCode=${r.pick(['24', '20', '0', 'abc'])}`, `exceptionId=${r.pick(['ABCDEFGHJK', '<b>x</b>', '%00', 'a'.repeat(300)])}`]],
    [2, () => ['a=1', 'a=2', 'a[]=3', 'a[b]=4']],
    [2, () => ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', '__proto__=x']],
    [2, () => [`${segment(r)}=${segment(r)}`]],
    [1, () => ['q=%ff%fe', 'r=%', 's=%zz']],
    [1, () => [`long=${'q'.repeat(r.pick([1000, 6000]))}`]],
    [1, () => ['_rsc=1', 'x=%0d%0a']],
  ])();
  return `?${pairs.join('&')}`;
}

function routePath(route: Route, r: Random): string {
  const parts = [...route.segments];
  if (route.dynamic === 'one') parts.push(segment(r));
  if (route.dynamic === 'catch-all') for (let i = r.between(1, 4); i > 0; i--) parts.push(segment(r));
  if (route.dynamic === 'optional-catch-all') for (let i = r.between(0, 4); i > 0; i--) parts.push(segment(r));
  if (!route.dynamic && r.chance(0.15)) parts.push(segment(r));
  return `/${parts.join('/')}${r.chance(0.05) ? '/' : ''}`;
}

const NEXT_HEADERS: Array<Record<string, string>> = [
  { rsc: '1' },
  { rsc: '1', 'next-router-state-tree': encodeURIComponent(JSON.stringify(['', { children: ['home', {}] }, null, null, true])) },
  { rsc: '1', 'next-router-state-tree': 'not json' },
  { rsc: '1', 'next-router-state-tree': '%ff' },
  { rsc: '1', 'next-router-prefetch': '1' },
  { 'next-url': '/%ff' },
  { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
  { 'x-nextjs-data': '1' },
  { 'x-invoke-path': '/error' },
];

const ODD_HEADERS: Array<Record<string, string>> = [
  { 'accept-language': 'xx-YY,*;q=0.1' },
  { 'accept-language': 'fr-FR' },
  { 'accept-language': ';;;q=x'.repeat(50) },
  { accept: 'application/json' },
  { accept: '*/*' },
  { 'accept-encoding': 'gzip, deflate, br' },
  { 'accept-encoding': 'br;q=0, gzip;q=abc, *;q=0' },
  { 'accept-encoding': 'identity' },
  { 'accept-encoding': 'x-gzip;q=0.5, br;q=1.5, ;;;, =' },
  { 'accept-encoding': 'gzip', 'if-none-match': '*' },
  { range: 'bytes=0-10' },
  { range: 'bytes=99999999-' },
  { 'if-none-match': '"x"' },
  { 'if-modified-since': 'not a date' },
  { 'x-forwarded-proto': 'gopher' },
  { 'x-forwarded-host': 'evil.example' },
  { host: 'evil.example' },
  { host: '' },
  { 'user-agent': `${'A'.repeat(4000)}` },
  { referer: 'javascript:alert(1)' },
  { 'x-custom': Buffer.from('ünïcödé', 'utf8').toString('latin1') },
];

/** A page load (or a post to a page, as a server action would). */
export function pageRequest(r: Random, visitors: Visitor[], baseUrl: string, routes: Route[]): FuzzRequest {
  const visitor = r.pick(visitors);
  const staticFile = STATIC_FILES.length > 0 && r.chance(0.05);
  const target = staticFile ? staticTarget(r) : r.chance(0.1) ? r.pick(OTHER_PATHS) : routePath(r.pick(routes), r);
  const path = target.includes('?') ? target : `${target}${query(r)}`;
  const headers: Record<string, string> = { accept: 'text/html', ...forgedAddressHeaders(r) };
  if (staticFile) headers['accept-encoding'] = r.pick(['gzip, deflate, br, zstd', 'gzip', 'br', 'br;q=0.5, gzip;q=0.9']);
  if (visitor.cookie) headers.cookie = visitor.cookie;
  const notes: string[] = [visitor.name];
  if (r.chance(0.12)) {
    Object.assign(headers, r.pick(NEXT_HEADERS));
    notes.push('Next.js request headers');
  }
  if (r.chance(0.15)) {
    Object.assign(headers, r.pick(ODD_HEADERS));
    notes.push('odd header');
  }
  let method = r.weighted<string>([[85, 'GET'], [4, 'HEAD'], [7, 'POST'], [1, 'PUT'], [1, 'DELETE'], [1, 'OPTIONS'], [1, 'PATCH']]);
  let body: Buffer | undefined;
  if (method === 'POST' && r.chance(0.8)) {
    // A server action call: a random action id, or one of the build's, from this origin or from another one.
    const crossOrigin = r.chance(0.5);
    const real = REAL_ACTION_IDS.length > 0 && r.chance(0.3);
    Object.assign(headers, {
      'next-action': real ? r.pick(REAL_ACTION_IDS) : r.pick([r.string(40, '0123456789abcdef'), r.string(42, '0123456789abcdef'), '', 'x', '%ff', '../../']),
      'content-type': r.pick(['text/plain;charset=UTF-8', 'multipart/form-data; boundary=----fuzz', 'application/x-www-form-urlencoded']),
      origin: crossOrigin ? 'https://evil.example' : baseUrl,
      ...(crossOrigin ? { 'sec-fetch-site': 'cross-site' } : { 'sec-fetch-site': 'same-origin' }),
    });
    // A real action without the visitor's cookie: signing out or clearing a session would end the fuzz's own logins.
    if (real) delete headers.cookie;
    body = Buffer.from(r.pick(['[]', '["de-DE"]', '[{"__proto__":{"x":1}}]', '------fuzz\r\nContent-Disposition: form-data; name="1_$ACTION_ID_x"\r\n\r\n\r\n------fuzz--', 'a=1', '['.repeat(5000), ...ACTION_BODIES]));
    notes.push(`${real ? 'a real ' : ''}server action, ${crossOrigin ? 'cross-origin' : 'same origin'}`);
  } else if (method === 'POST') {
    const multipart = r.chance(0.5);
    body = Buffer.from(multipart ? r.pick(['a=1', '------fuzz\r\nContent-Disposition: form-data; name="code"\r\n\r\nP1DEMO01\r\n------fuzz--\r\n']) : 'a=1&b=2');
    headers['content-type'] = multipart ? 'multipart/form-data; boundary=----fuzz' : 'application/x-www-form-urlencoded';
    Object.assign(headers, { origin: baseUrl, 'sec-fetch-site': 'same-origin' });
    notes.push(multipart ? 'multipart form post' : 'form post');
  }
  if (method === 'GET' && r.chance(0.01)) method = 'TRACE';
  return { label: `page ${method} ${abbreviate(path)}: ${notes.join(', ')}`, method, path, headers, ...(body && { body }) };
}
