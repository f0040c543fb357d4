// Plain JavaScript: server.mjs and lib/scripts/precompress.mjs import this before anything is compiled (see precompressed.d.mts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { belowBasePath } from './basePath.mjs';
import { pathOf } from './requestPath.mjs';
import { ifNoneMatchNames } from './ifNoneMatch.mjs';

/**
 * The build's scripts and styles, answered from copies compressed once at build time.
 *
 * Why: Next compresses /_next/static on the fly, with gzip only, at zlib's default level, on every
 * request. Phones on a weak connection pay for every byte of the first load: brotli at quality 11
 * is about 14 % smaller than that gzip, and zopfli's gzip (for clients without brotli) about 3 %
 * smaller than gzip -9, but both are far too slow to run per request. `npm run build` writes them
 * next to each file (lib/scripts/precompress.mjs: a.js → a.js.br, a.js.gz, each only when smaller);
 * server.mjs asks this module first and hands the request to Next unchanged whenever there is no
 * fitting copy: no copy, a copy older than its file, a client that takes neither encoding, a Range
 * request (server.mjs drops Range for files before asking, so there the copy is sent whole), an
 * If-Match or If-Unmodified-Since, a method other than GET and HEAD, or a path that is not plainly a
 * file under the folder. Deploying a build by copying .next must keep the files' times (cp -a,
 * rsync -a): a copy older than its file is left unused.
 */

/** The files Next serves from /_next/static that compress, with the Content-Type Next sends for them. */
export const PRECOMPRESSED_TYPES = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
};

/** The copies, best first: the order a client that takes both equally gets them in. */
export const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

const PREFIX = '/_next/static/';
/** What Next sends for /_next/static: the names carry the content's hash, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/**
 * The encodings of ENCODINGS a client takes, by its Accept-Encoding (RFC 9110 §12.5.3), best first:
 * highest q first, then br before gzip. q=0 refuses; "*" stands for every coding not named; x-gzip
 * is gzip. No header, an empty one or "identity" alone take neither (the file as it is, from Next).
 */
export function acceptedEncodings(acceptEncoding) {
  if (typeof acceptEncoding !== 'string') return [];
  const weights = new Map();
  for (const element of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = element.split(';').map((part) => part.trim());
    if (!name) continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, value = ''] = parameter.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'q') q = QVALUE.test(value) ? Number(value) : 0;
    }
    const coding = name.toLowerCase() === 'x-gzip' ? 'gzip' : name.toLowerCase();
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  const weightOf = (encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  return ENCODINGS.map(({ encoding }) => encoding)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/**
 * The file under staticDir a request target names, or undefined unless it is plainly one: under
 * <base path>/_next/static/, percent-decoding cleanly, with no empty, "." or ".." segment, no
 * backslash and no NUL (what Next would normalise or refuse is left to Next).
 */
export function staticFileOf(url, staticDir, basePath = '') {
  const target = belowBasePath(pathOf(url), basePath);
  if (!target?.startsWith(PREFIX)) return undefined;
  let relative;
  try {
    relative = decodeURIComponent(target.slice(PREFIX.length));
  } catch {
    return undefined;
  }
  if (relative.includes('\0') || relative.includes('\\')) return undefined;
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  const file = path.resolve(staticDir, ...segments);
  return file.startsWith(staticDir + path.sep) ? file : undefined;
}

/** A file's real path when it is a regular file inside root (symbolic links followed), else undefined. */
async function fileInside(file, root) {
  try {
    const real = await fs.realpath(file);
    if (!real.startsWith(root + path.sep)) return undefined;
    const stat = await fs.stat(real);
    return stat.isFile() ? { real, stat } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answerer for staticDir (the build's .next/static): `answer(req, res)` sends the precompressed
 * copy that fits and resolves true, or resolves false having written nothing, for Next to answer.
 * `headers` are the security headers Next adds to every path ([{key, value}], lib/edge/securityHeaders.mjs).
 * basePath is the build's (lib/edge/basePath.mjs). It never rejects: a file that cannot be read is Next's to answer.
 */
export function precompressedFiles(staticDir, headers, basePath = '') {
  const security = Object.fromEntries(headers.map(({ key, value }) => [key, value]));
  let root;

  async function choose(req) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (req.headers.range !== undefined) return undefined;
    // Preconditions this module does not evaluate (a 412 is Next's to give).
    if (req.headers['if-match'] !== undefined || req.headers['if-unmodified-since'] !== undefined) return undefined;
    const file = staticFileOf(req.url, path.resolve(staticDir), basePath);
    if (!file) return undefined;
    const type = PRECOMPRESSED_TYPES[path.extname(file).toLowerCase()];
    if (!type) return undefined;
    const encodings = acceptedEncodings(req.headers['accept-encoding']);
    if (encodings.length === 0) return undefined;
    root ??= await fs.realpath(staticDir).catch(() => undefined);
    if (!root) return undefined;
    const original = await fileInside(file, root);
    if (!original) return undefined;
    for (const encoding of encodings) {
      const { suffix } = ENCODINGS.find((entry) => entry.encoding === encoding);
      const copy = await fileInside(original.real + suffix, root);
      // A copy older than its file was made from other content.
      if (copy && copy.stat.mtimeMs >= original.stat.mtimeMs) return { type, encoding, copy };
    }
    return undefined;
  }

  return async function answer(req, res) {
    try {
      const chosen = await choose(req);
      if (!chosen) return false;
      const { type, encoding, copy } = chosen;
      const etag = `"${encoding}-${copy.stat.size.toString(36)}-${Math.trunc(copy.stat.mtimeMs).toString(36)}"`;
      const common = { ...security, 'Cache-Control': IMMUTABLE, Vary: 'Accept-Encoding', ETag: etag };
      if (ifNoneMatchNames(req.headers['if-none-match'], etag)) {
        res.writeHead(304, common);
        res.end();
        return true;
      }
      const body = req.method === 'HEAD' ? undefined : await fs.readFile(copy.real);
      res.writeHead(200, {
        ...common,
        'Content-Type': type,
        'Content-Encoding': encoding,
        'Content-Length': body ? body.length : copy.stat.size,
      });
      res.end(body);
      return true;
    } catch {
      return res.headersSent;
    }
  };
}
