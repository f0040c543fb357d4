/**
 * Loaded into the server by the memory benchmark only (`node --import <this file> server.mjs`): on
 * SIGUSR2 it writes the process's own split of its memory to MEMORY_PROBE_FILE, so that the benchmark
 * can say where resident memory goes (JavaScript heap, or outside it: PGlite's WebAssembly memory
 * and Buffers count as external / arrayBuffers). Nothing of the server's own code changes.
 * For finding out what the heap holds (MEMORY_ANALYSE=1 in the benchmark, which starts node with
 * --expose-gc): the heap used after a full collection as well, and with MEMORY_PROBE_SNAPSHOTS=<folder>
 * a heap snapshot after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
const snapshots = process.env.MEMORY_PROBE_SNAPSHOTS;
let taken = 0;
if (file) {
  process.on('SIGUSR2', () => {
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, { size: space.space_size, used: space.space_used_size }]));
    const report = { ...process.memoryUsage(), spaces, at: Date.now() };
    if (typeof globalThis.gc === 'function') {
      globalThis.gc();
      report.heapUsedAfterGc = process.memoryUsage().heapUsed;
      if (snapshots) v8.writeHeapSnapshot(path.join(snapshots, `${process.pid}-${String(++taken).padStart(2, '0')}.heapsnapshot`));
    }
    // Written whole, then renamed: the benchmark never reads half a report.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}
