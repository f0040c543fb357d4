/**
 * npx tsx lib/scripts/export-memory.ts — how much memory `export` takes for 100,000 answer rows,
 * against 1,000: if the export streams, the peaks are about the same.
 *
 * It fills a fresh PGlite folder (or, with DATABASE_URL, that PostgreSQL: it replaces the rows of
 * the questionnaires 'bench-small' and 'bench-large') with finished participants of 100 answer
 * items each, then runs the real command line, `node lib/admin/bin.mjs export --questionnaire …
 * --output <file>`, once per size and format, and reads the child's peak resident memory (VmHWM in
 * /proc) while it runs; then the same as CSV with --anonymous. ROWS sets the large size (default 100000).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedExportRows } from './exportBenchSeed';

const large = Number(process.env.ROWS ?? 100_000);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-memory-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
const BIN = path.join(process.cwd(), 'lib/admin/bin.mjs');

const seed = (key: string, rows: number) => seedExportRows(env, key, rows, key === 'bench-small' ? 'S' : 'L');

type Run = { rows: string; format: string; anonymous: boolean; seconds: number; peakRssMb: number; fileMb: number; exit: number | null };

function readPeakRssKb(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function measure(key: string, format: 'csv' | 'json', anonymous = false): Promise<Run> {
  const file = path.join(dataDir, `${key}${anonymous ? '-anonymous' : ''}.${format}`);
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'export', '--questionnaire', key, '--format', format, ...(anonymous ? ['--anonymous'] : []), '--output', file], {
    env, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let peakKb = 0;
  // VmHWM is the high-water mark: polling it often enough catches the peak up to the last poll.
  const poll = setInterval(() => (peakKb = Math.max(peakKb, readPeakRssKb(child.pid!) ?? 0)), 20);
  const exit = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(poll);
  const rows = /Exported (\d+) answer items/.exec(stderr)?.[1] ?? `? (${stderr.trim()})`;
  return {
    rows,
    format,
    anonymous,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    peakRssMb: Math.round(peakKb / 1024),
    fileMb: fs.existsSync(file) ? Math.round(fs.statSync(file).size / 1024 / 102.4) / 10 : 0,
    exit,
  };
}

async function main() {
  console.error(`Filling ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`} with 1,000 and ${large.toLocaleString('en')} answer rows …`);
  await seed('bench-small', 1_000);
  await seed('bench-large', large);
  const runs: Run[] = [];
  for (const format of ['csv', 'json'] as const) {
    runs.push(await measure('bench-small', format));
    runs.push(await measure('bench-large', format));
  }
  // The anonymous export (issue 29) reads participant by participant, in an order drawn anew.
  runs.push(await measure('bench-small', 'csv', true));
  runs.push(await measure('bench-large', 'csv', true));
  console.table(runs);
  const [smallCsv, largeCsv] = runs;
  console.log(`export of ${largeCsv!.rows} rows (CSV): peak RSS ${largeCsv!.peakRssMb} MB in ${largeCsv!.seconds} s; ` +
    `of ${smallCsv!.rows} rows: ${smallCsv!.peakRssMb} MB (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  if (runs.some((run) => run.exit !== 0)) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
