/**
 * npx tsx lib/scripts/backup-measure.ts — what `backup` and `restore` cost on PGlite, with ROWS
 * answer rows (default 1,000,000: 10,000 finished participants × 100 items) in a fresh folder.
 *
 * 1. The app stopped: the real command line (`node lib/admin/bin.mjs backup --output …`) takes the
 *    backup itself; its time and peak resident memory (VmHWM in /proc).
 * 2. The app running: this process opens the folder as the app does and listens on its admin
 *    channel; the real command line hands `backup` to it. Measured: how much this "app" process's
 *    RSS rises (sampled every 10 ms), the longest wait of a query sent every 5 ms meanwhile (as a
 *    participant's request waits while the copy is taken), and the longest stall of its event loop.
 * 3. `restore` of that backup into a fresh folder by the real command line: time and peak memory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAdminChannel } from '@/lib/admin/channel/server';
import { runCommandsOn } from '@/lib/admin/database';
import { runAdmin } from '@/lib/admin/main';
import { loadConfig } from '@/lib/config';
import { openDatabase } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { seedExportRows } from './exportBenchSeed';

const rows = Number(process.env.ROWS ?? 1_000_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-measure-'));
const dataDir = path.join(work, 'data');
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://assess.example' };
const BIN = path.join(process.cwd(), 'lib/admin/bin.mjs');
const MB = 1024 * 1024;

function peakRssKb(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The real command line as an operator runs it; its time, peak RSS and stderr. */
async function commandLine(args: string[], dataDirOf = dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...env, DATA_DIR: dataDirOf }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let peakKb = 0;
  const poll = setInterval(() => (peakKb = Math.max(peakKb, peakRssKb(child.pid!))), 20);
  const exit = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(poll);
  if (exit !== 0) throw new Error(`${args[0]} ended with ${exit}: ${stderr.trim()}`);
  return { seconds: (performance.now() - started) / 1000, peakRssMb: peakKb / 1024, stderr: stderr.trim() };
}

const folderBytes = (folder: string): number =>
  fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);

async function main() {
  console.error(`Filling PGlite in ${dataDir} with ${rows.toLocaleString('en')} answer rows …`);
  await seedExportRows(env, 'bench-backup', rows, 'B');
  const figures: Record<string, string> = { rows: rows.toLocaleString('en'), 'data folder': `${(folderBytes(path.join(dataDir, 'pgdata')) / MB).toFixed(0)} MB` };

  const stopped = await commandLine(['backup', '--output', path.join(work, 'stopped.tar.gz')]);
  figures['backup, app stopped'] = `${stopped.seconds.toFixed(1)} s, command line peak RSS ${stopped.peakRssMb.toFixed(0)} MB, file ${(fs.statSync(path.join(work, 'stopped.tar.gz')).size / MB).toFixed(1)} MB`;

  const db = await openDatabase({ dataDir });
  await migrate(db);
  runCommandsOn({ db, config: loadConfig(env) });
  const channel = await startAdminChannel(dataDir, env, runAdmin);
  if (!channel) throw new Error('the admin channel did not start');
  await db.query('select count(*) from answer');
  const baseRss = process.memoryUsage.rss();
  let peakRss = baseRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
  let longestWait = 0;
  let longestStall = 0;
  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - lastTick - 5);
    lastTick = now;
  }, 5);
  let querying = true;
  const queries = (async () => {
    while (querying) {
      const sent = performance.now();
      await db.query('select 1');
      longestWait = Math.max(longestWait, performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const running = await commandLine(['backup', '--output', path.join(work, 'running.tar.gz')]);
  querying = false;
  await queries;
  clearInterval(sampler);
  clearInterval(ticker);
  await channel.stop();
  runCommandsOn(undefined);
  await db.close();
  figures['backup, app running'] = `${running.seconds.toFixed(1)} s; the app's RSS +${((peakRss - baseRss) / MB).toFixed(0)} MB at most; a query waited at most ${longestWait.toFixed(0)} ms, the event loop stalled at most ${longestStall.toFixed(0)} ms; command line peak RSS ${running.peakRssMb.toFixed(0)} MB`;

  const restored = await commandLine(['restore', path.join(work, 'running.tar.gz')], path.join(work, 'restored'));
  figures.restore = `${restored.seconds.toFixed(1)} s, command line peak RSS ${restored.peakRssMb.toFixed(0)} MB (${restored.stderr.split('\n')[0]})`;
  console.table(figures);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(work, { recursive: true, force: true }));
