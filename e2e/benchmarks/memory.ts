/**
 * npm run bench:memory — resident memory of the production server as `npm start` runs it
 * (`node [its options] server.mjs`, embedded API)
 * on a fresh data folder:
 *   1. ready after a first start on the empty folder (PGlite creates its database), and 10 s later;
 *   2. ready after a restart on the same folder, and 10 s later;
 *   3. during LOAD_SECONDS (default 30) of participant traffic, and 10 s after it.
 * The traffic is what participants cause, MEMORY_CONCURRENCY (default 8) of them at once, visit after
 * visit: a new session arrives by the deep link /home/<identcode>, sends the ident code, loads the
 * login page /accesscode, signs in with the access code (calls through the proxy with the session's
 * XSRF header, as the pages' scripts send them), loads /questionnaire and turns two pages (POST
 * /api/pageinfo/questionnaire with the answers of the page left, saved in the database).
 * RSS is the server process and its descendants (/proc/<pid>/status VmRSS); the split of its own
 * memory comes from a probe loaded with --import (e2e/benchmarks/support/memoryProbe.mjs).
 * Needs `npx next build` first. With DATABASE_URL set it measures on that PostgreSQL instead.
 * MEMORY_BENCH_PORT sets the port (default 3160); MEMORY_NODE_FLAGS adds node options to try (e.g.
 * "--max-semi-space-size=4").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '../fuzz/http';
import { startOptions } from '../fuzz/server';
import { runLoad } from './memory/load';
import { participant, type Participant } from './memory/participants';
import { splitOf } from './memory/probe';
import { MB, printReport, type Reading } from './memory/report';
import { startServer, type Server } from './memory/server';
import { rssOf } from './support/processMemory';

const PORT = Number(process.env.MEMORY_BENCH_PORT ?? 3160);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONCURRENCY = Number(process.env.MEMORY_CONCURRENCY ?? 8);
const IDLE_SECONDS = 10;
const PROBE = path.resolve('e2e/benchmarks/support/memoryProbe.mjs');
/** Diagnosis, not measurement: every reading also collects garbage first and reports what is left (and MEMORY_PROBE_SNAPSHOTS=<folder> writes heap snapshots). */
const ANALYSE = process.env.MEMORY_ANALYSE === '1';

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const probeFile = path.join(dataDir, 'memory-probe.json');
  const logFile = path.join(dataDir, 'server.log');
  const nodeOptions = [...startOptions(), `--import=${PROBE}`, ...(ANALYSE ? ['--expose-gc'] : []), ...(process.env.MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
  const env = { MEMORY_PROBE_FILE: probeFile };
  const readings: Reading[] = [];
  let server: Server | undefined;

  const read = async (moment: string, note?: string) => {
    const pid = server!.pid;
    const reading: Reading = { moment, rss: rssOf(pid), split: await splitOf(pid, probeFile, ANALYSE), ...(note && { note }) };
    readings.push(reading);
    console.error(`${moment}: ${MB(reading.rss)} MB${note ? ` (${note})` : ''}`);
  };
  const start = async () => {
    const started = Date.now();
    server = await startServer(PORT, dataDir, logFile, nodeOptions, env);
    return `ready in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  };

  try {
    const store = process.env.DATABASE_URL ? 'database' : 'data folder';
    await read(`first start on an empty ${store}, ready`, await start());
    await sleep(IDLE_SECONDS * 1000);
    await read(`first start, idle ${IDLE_SECONDS} s`);
    await server!.stop();

    await read(`restart on the same ${store}, ready`, await start());
    await sleep(IDLE_SECONDS * 1000);
    await read(`restart, idle ${IDLE_SECONDS} s`);

    const client = createClient(PORT, CONCURRENCY, 30_000);
    const participants: Participant[] = [];
    for (let i = 0; i < CONCURRENCY; i++) participants.push(await participant(client, i));

    const { counts, failed, requests, seconds, samples } = await runLoad(client, server!.pid, participants, LOAD_SECONDS);
    const sorted = [...samples].sort((a, b) => a - b);
    const lastThird = samples.slice(Math.floor((samples.length * 2) / 3));
    await read(`under load, end of ${LOAD_SECONDS} s`, `${requests} requests, ${(requests / seconds).toFixed(0)}/s, ${CONCURRENCY} participants at once`);
    readings.push({ moment: 'under load, peak (1 s samples)', rss: sorted[sorted.length - 1] ?? 0 });
    readings.push({ moment: 'under load, mean of the last third', rss: lastThird.reduce((a, b) => a + b, 0) / Math.max(1, lastThird.length) });
    await sleep(IDLE_SECONDS * 1000);
    await read(`after load, idle ${IDLE_SECONDS} s`);
    client.close();

    const flags = [...startOptions(), ...(process.env.MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean)].join(' ');
    printReport(readings, counts, flags, ANALYSE);
    if (failed > 0) {
      console.error(`\nsome requests did not succeed (see above); server log: ${logFile}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    if (!process.exitCode) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
