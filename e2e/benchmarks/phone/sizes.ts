import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { LoadFigures, Resource } from './pages';

/**
 * The size budget is in gzip bytes ("first-load JavaScript ≤ 150 KB gzip"), while the
 * browser may be sent brotli: the bytes as they travelled to Chromium depend on the server's
 * choice of encoding. So each first-load script and style sheet is fetched again from the server as
 * a client that accepts only gzip would (node:http, `Accept-Encoding: gzip`), and its body is
 * counted as it came, not decoded.
 */
export type GzipFetch = { status: number; bytes: number; encoding: string };

export function fetchAsGzipClient(url: string): Promise<GzipFetch> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, encoding: String(response.headers['content-encoding'] ?? 'none') }));
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${url}: no answer in 30 s`)));
    request.on('error', reject);
  });
}

/** The Next/React runtime every App Router page loads: `rootMainFiles` of .next/build-manifest.json (paths under /_next/). */
export function rootMainFiles(dir = '.next'): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'build-manifest.json'), 'utf8')) as { rootMainFiles?: unknown };
  if (!Array.isArray(manifest.rootMainFiles)) throw new Error(`${dir}/build-manifest.json has no rootMainFiles`);
  return manifest.rootMainFiles.map(String);
}

/** Whether a fetched resource is one of the runtime's files (its path is /_next/<file>, whatever the query). */
export function isRuntimeFile(url: string, runtime: ReadonlySet<string>): boolean {
  const pathname = decodeURIComponent(new URL(url).pathname);
  return pathname.startsWith('/_next/') && runtime.has(pathname.slice('/_next/'.length));
}

export type SizeGroup = {
  files: number;
  /** Encoded bodies as they travelled to Chromium (whatever encoding the server chose). */
  wireBytes: number;
  /** The same URLs as a gzip-only client gets them, bodies not decoded. */
  gzipBytes: number;
  /** Files a gzip-only client got in another encoding (counted as they came): names the encodings. */
  notGzip: string[];
};

export type PageSizes = {
  js: SizeGroup;
  css: SizeGroup;
  /** The first-load JS split into the Next/React runtime (rootMainFiles) and the app's own. */
  runtime: SizeGroup;
  app: SizeGroup;
};

function group(resources: readonly Resource[]): SizeGroup {
  return {
    files: resources.length,
    wireBytes: resources.reduce((total, resource) => total + resource.bodyWireBytes, 0),
    gzipBytes: resources.reduce((total, resource) => total + (resource.gzipBytes ?? 0), 0),
    notGzip: resources.filter((resource) => resource.gzipEncoding !== 'gzip').map((resource) => `${new URL(resource.url).pathname} (${resource.gzipEncoding ?? 'not fetched'})`),
  };
}

/** Fetches every first-load script and style sheet of a cold load as a gzip-only client; notes the bytes on each resource and sums them. */
export async function measureSizes(load: LoadFigures, runtime: ReadonlySet<string>): Promise<PageSizes> {
  const scripts = load.resources.filter((resource) => resource.type === 'Script' && !resource.fromCache);
  const sheets = load.resources.filter((resource) => resource.type === 'Stylesheet' && !resource.fromCache);
  for (const resource of [...scripts, ...sheets]) {
    const got = await fetchAsGzipClient(resource.url);
    if (got.status !== 200) throw new Error(`${resource.url}: ${got.status} to a gzip-only client`);
    resource.gzipBytes = got.bytes;
    resource.gzipEncoding = got.encoding;
  }
  return {
    js: group(scripts),
    css: group(sheets),
    runtime: group(scripts.filter((resource) => isRuntimeFile(resource.url, runtime))),
    app: group(scripts.filter((resource) => !isRuntimeFile(resource.url, runtime))),
  };
}
