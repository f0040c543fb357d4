/**
 * npx tsx lib/scripts/export-memory-console.ts — how much the server's memory rises while the
 * console streams an export of 100,000 answer rows (the requirement: at most 50 MB), and whether a
 * client that leaves mid-download stops the export. Needs a build (npm run build).
 *
 * It fills a fresh PGlite folder (or, with DATABASE_URL, that PostgreSQL: it replaces the rows of
 * the questionnaires 'bench-small' and 'bench-large') with finished participants of 100 answer
 * items each, creates an owner with a console session, starts the server as `npm start` does
 * (on BENCH_PORT, default 3199), and downloads /admin/exports/answers with the session's cookie as CSV and
 * as JSON, sampling the server's resident memory (VmRSS in /proc) every 20 ms. The rise is the
 * peak during a download less the memory before it, once the server is quiet after its start
 * (its start work, not the export, takes it to its highest) and after a warm-up export of 1,000 rows. Then a
 * download is dropped after its first megabyte, and the server's CPU time over the next two seconds
 * shows whether the export went on. ROWS sets the large size (default 100000); FORMATS the order
 * of the downloads (default csv,json).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withAdminDatabase } from '@/lib/admin/database';
import { createOperator, setPasswordWithLink } from '@/lib/admin/operators/operators';
import { startSession } from '@/lib/admin/operators/sessions';
import { seedExportRows } from './exportBenchSeed';

const large = Number(process.env.ROWS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 3199);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-memory-console-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_MODE: 'on', NODE_ENV: 'production', PORT: String(port) };
const base = `http://localhost:${port}`;
const LIMIT_MB = 50;

function statusKb(pid: number, field: 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** User and system CPU time of a process, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function seedOwner(): Promise<string> {
  return withAdminDatabase(env, async ({ db }) => {
    const { operator, setupToken } = await createOperator(db, 'bench@example.org', 'owner');
    await setPasswordWithLink(db, setupToken, 'a password for the benchmark');
    return startSession(db, operator.id, { idleMinutes: 60, maxHours: 12 });
  });
}

async function startServer(): Promise<ChildProcess> {
  // As `npm start` runs it.
  const child = spawn(process.execPath, ['--max-old-space-size=384', '--max-semi-space-size=16', 'server.mjs', '-p', String(port)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until the server has finished what it does after its start (key layers, the purge): 1 s with under 50 ms of CPU. */
async function settle(pid: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuMs(pid) - before < 50 || Date.now() - started > 120_000) return Math.round((Date.now() - started) / 1000);
  }
}

type Download = { key: string; format: string; mb: number; seconds: number; beforeMb: number; peakMb: number; riseMb: number; status: number };

async function download(pid: number, cookie: string, key: string, format: string, stopAfterBytes?: number): Promise<Download> {
  const beforeKb = statusKb(pid, 'VmRSS');
  let peakKb = beforeKb;
  const poll = setInterval(() => (peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS'))), 20);
  const started = performance.now();
  const controller = new AbortController();
  const response = await fetch(`${base}/admin/exports/answers?questionnaire=${key}&format=${format}`, { headers: { cookie: `console=${cookie}` }, signal: controller.signal });
  let bytes = 0;
  try {
    for await (const chunk of response.body!) {
      bytes += (chunk as Uint8Array).byteLength;
      if (stopAfterBytes !== undefined && bytes >= stopAfterBytes) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  clearInterval(poll);
  peakKb = Math.max(peakKb, statusKb(pid, 'VmRSS'));
  return {
    key,
    format,
    mb: Math.round(bytes / 1024 / 102.4) / 10,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    beforeMb: Math.round(beforeKb / 1024),
    peakMb: Math.round(peakKb / 1024),
    riseMb: Math.round((peakKb - beforeKb) / 1024),
    status: response.status,
  };
}

async function main() {
  console.error(`Filling ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`} with 1,000 and ${large.toLocaleString('en')} answer rows …`);
  await seedExportRows(env, 'bench-small', 1_000, 'S');
  await seedExportRows(env, 'bench-large', large, 'L');
  const cookie = await seedOwner();
  const server = await startServer();
  const pid = server.pid!;
  try {
    const settled = await settle(pid);
    const runs: Download[] = [];
    // The first export loads the route's code and warms the database: not what an export costs.
    await download(pid, cookie, 'bench-small', 'csv');
    for (const format of (process.env.FORMATS ?? 'csv,json').split(',')) {
      runs.push(await download(pid, cookie, 'bench-small', format));
      runs.push(await download(pid, cookie, 'bench-large', format));
    }
    console.table(runs);
    console.error(`(the server was quiet ${settled} s after its start)`);
    // A client that leaves after its first megabyte: the export stops, the server goes quiet.
    const dropped = await download(pid, cookie, 'bench-large', 'csv', 1024 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cpuBefore = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const quietMs = Math.round(cpuMs(pid) - cpuBefore);
    const largeRuns = runs.filter((run) => run.key === 'bench-large');
    const worst = Math.max(...largeRuns.map((run) => run.riseMb));
    console.log(
      `console export of ${large.toLocaleString('en')} rows: server RSS rose by at most ${worst} MB (${largeRuns.map((run) => `${run.format} ${run.riseMb} MB, ${run.mb} MB in ${run.seconds} s`).join('; ')}) on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; a client leaving after ${dropped.mb} MB: ${quietMs} ms of server CPU in the next 2 s`,
    );
    if (runs.some((run) => run.status !== 200) || worst > LIMIT_MB) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
