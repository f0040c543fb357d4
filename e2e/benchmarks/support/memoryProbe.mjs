/**
 * Loaded into the server by the memory benchmark only (`node --import <this file> server.mjs`): on
 * SIGUSR2 it writes the process's own split of its memory to MEMORY_PROBE_FILE, so that the benchmark
 * can say where resident memory goes (JavaScript heap, or outside it: PGlite's WebAssembly memory
 * and Buffers count as external / arrayBuffers). Nothing of the server's own code changes.
 */
import fs from 'node:fs';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const report = { ...usage, mallocedMemory: heap.malloced_memory, totalPhysicalSize: heap.total_physical_size, at: Date.now() };
    // Written whole, then renamed: the benchmark never reads half a report.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}
