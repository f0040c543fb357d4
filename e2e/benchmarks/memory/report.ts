import type { Split } from './probe';

export type Reading = { moment: string; rss: number; split?: Split; note?: string };

export const MB = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The readings as a Markdown table, the V8 heap spaces of each, and the requests of the load by outcome. */
export function printReport(readings: readonly Reading[], counts: ReadonlyMap<string, number>, flags: string, analyse: boolean): void {
  console.log(`\nMemory of node ${flags ? `${flags} ` : ''}server.mjs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), MB; RSS includes child processes\n`);
  if (analyse) console.log('MEMORY_ANALYSE: the RSS of each reading is taken before the full collection that gives the last column\n');
  console.log(`| moment | RSS | heap used | heap total | external | of which array buffers | note |${analyse ? ' heap used after a full GC |' : ''}`);
  console.log(`|---|---:|---:|---:|---:|---:|---|${analyse ? '---:|' : ''}`);
  for (const r of readings) {
    const s = r.split;
    console.log(`| ${r.moment} | ${MB(r.rss)} | ${s ? MB(s.heapUsed) : ''} | ${s ? MB(s.heapTotal) : ''} | ${s ? MB(s.external) : ''} | ${s ? MB(s.arrayBuffers) : ''} | ${r.note ?? ''} |${analyse ? ` ${s?.heapUsedAfterGc === undefined ? '' : MB(s.heapUsedAfterGc)} |` : ''}`);
  }
  console.log('\nV8 heap spaces of at least 1 MB, MB size/used:');
  for (const r of readings.filter((each) => each.split)) {
    console.log(`  ${r.moment}: ${Object.entries(r.split!.spaces).filter(([, space]) => space.size >= 2 ** 20).map(([name, space]) => `${name} ${MB(space.size)}/${MB(space.used)}`).join(', ')}`);
  }
  console.log('\nRequests during the load:');
  for (const [key, n] of [...counts].sort()) console.log(`  ${key}: ${n}`);
}
