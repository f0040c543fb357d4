import type { PageResult } from './results';
import { fetchAsGzipClient } from './sizes';

/** The Next/React runtime on its own: rootMainFiles fetched as a gzip-only client, and as they travelled in a cold load that had them all. */
export type RuntimeFloor = { files: string[]; gzipBytes: number; wireBytes?: number; notGzip: string[] };

export async function measureRuntimeFloor(base: string, files: readonly string[], results: readonly PageResult[]): Promise<RuntimeFloor> {
  let gzipBytes = 0;
  const notGzip: string[] = [];
  for (const file of files) {
    const got = await fetchAsGzipClient(`${base}/_next/${file}`);
    if (got.status !== 200) throw new Error(`/_next/${file}: ${got.status} to a gzip-only client`);
    gzipBytes += got.bytes;
    if (got.encoding !== 'gzip') notGzip.push(`${file} (${got.encoding})`);
  }
  const complete = results.find((result) => result.sizes?.runtime.files === files.length);
  return { files: [...files], gzipBytes, wireBytes: complete?.sizes?.runtime.wireBytes, notGzip };
}
