/**
 * After `next build` (`npm run build` runs it): writes next to every text file Next serves from
 * /_next/static a brotli copy (a.js.br, quality 11) and a zopfli gzip copy (a.js.gz), each only when
 * smaller than the file; server.mjs answers with them (lib/edge/precompressed.mjs says why).
 * Both are too slow to run per request, and fast enough once per build: the files are shared between
 * at most two worker threads. A copy at least as new as its file is kept, so a second run only counts.
 * Prints one line: files, bytes as they are, as gzip and as brotli (what a client of each gets), seconds.
 *
 *   node lib/scripts/precompress.mjs [static folder, default .next/static, in NEXT_DIST_DIR's folder when set]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { distDirOf } from '../edge/build.mjs';
import { ENCODINGS, PRECOMPRESSED_TYPES } from '../edge/precompressed.mjs';

/** Zopfli's own default; more iterations gain under 0.1 % on these files. */
const ZOPFLI_ITERATIONS = 15;
const WORKERS = Math.min(2, os.availableParallelism());

const brotli = promisify(zlib.brotliCompress);
const gzip9 = promisify(zlib.gzip);

/** Which gzip made this worker's copies: the summary names a fallback rather than claim zopfli. */
let gzipMadeBy = 'zopfli';

async function zopfliGzip(raw) {
  try {
    const { default: zopfli } = await import('@gfx/zopfli');
    return Buffer.from(await zopfli.gzipAsync(raw, { numiterations: ZOPFLI_ITERATIONS }));
  } catch {
    gzipMadeBy = 'gzip -9, zopfli failed';
    return gzip9(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
  }
}

const COMPRESS = {
  br: (raw) =>
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  gzip: zopfliGzip,
};

async function statOf(file) {
  try {
    return await fs.stat(file);
  } catch {
    return undefined;
  }
}

/** One file's copies, made or kept: {raw, br, gzip (bytes each client gets), written}. */
async function precompress(file) {
  const original = await fs.stat(file);
  const sizes = { raw: original.size, br: original.size, gzip: original.size, written: 0, gzipMadeBy: undefined };
  let raw;
  for (const { encoding, suffix } of ENCODINGS) {
    const copy = file + suffix;
    const existing = await statOf(copy);
    if (existing && existing.mtimeMs >= original.mtimeMs) {
      sizes[encoding] = Math.min(existing.size, original.size);
      continue;
    }
    raw ??= await fs.readFile(file);
    const compressed = await COMPRESS[encoding](raw);
    if (compressed.length < raw.length) {
      // Written whole under another name first: a server running meanwhile never reads half a copy.
      await fs.writeFile(`${copy}.tmp`, compressed);
      await fs.rename(`${copy}.tmp`, copy);
      sizes[encoding] = compressed.length;
      sizes.written += 1;
      if (encoding === 'gzip') sizes.gzipMadeBy = gzipMadeBy;
    } else {
      await fs.rm(copy, { force: true });
    }
  }
  return sizes;
}

async function textFiles(dir) {
  const names = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return names
    .filter((entry) => entry.isFile() && Object.hasOwn(PRECOMPRESSED_TYPES, path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/** Hands the files to the workers one at a time, so a big file does not hold the others back. */
async function runPool(files) {
  const results = [];
  let next = 0;
  const runWorker = () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url));
      const give = () => {
        if (next >= files.length) return void worker.terminate().then(resolve, reject);
        worker.postMessage(files[next++]);
      };
      worker.on('message', (message) => {
        if (message.error) return reject(new Error(message.error));
        results.push(message.sizes);
        give();
      });
      worker.on('error', reject);
      give();
    });
  await Promise.all(Array.from({ length: Math.min(WORKERS, files.length) }, runWorker));
  return results;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const started = process.hrtime.bigint();
  const dir = path.resolve(process.argv[2] ?? path.join(distDirOf(process.env.NEXT_DIST_DIR), 'static'));
  if (!(await statOf(dir))?.isDirectory()) {
    console.error(`precompress: ${dir} is not a folder; run next build first`);
    process.exit(1);
  }
  const results = await runPool(await textFiles(dir));
  const total = (key) => results.reduce((sum, sizes) => sum + sizes[key], 0);
  const gzipBy = [...new Set(results.map((sizes) => sizes.gzipMadeBy).filter(Boolean))].join(' and ') || 'kept copies';
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `precompress: ${results.length} files in ${path.relative(process.cwd(), dir) || '.'}: ${kib(total('raw'))} raw, ` +
      `${kib(total('gzip'))} gzip (${gzipBy}), ${kib(total('br'))} brotli; ${total('written')} copies written in ${seconds.toFixed(1)} s`,
  );
}

if (isMainThread) {
  main().catch((error) => {
    console.error(`precompress: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
} else {
  parentPort.on('message', (file) =>
    precompress(file).then(
      (sizes) => parentPort.postMessage({ sizes }),
      (error) => parentPort.postMessage({ error: `${file}: ${error instanceof Error ? error.message : String(error)}` }),
    ),
  );
}
