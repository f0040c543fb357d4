/**
 * `npm run test:e2e:deployed`: keeps the BASE_URL mode (docs/operations.md, "QA against a deployed
 * instance") working. Starts one production server the way an operator would (the embedded API
 * with its demo data, the demo payment provider), then runs the journeys tagged @deployed against
 * it with BASE_URL (DEPLOYED_TAG in needs.ts: a sample of every flow and every way of getting
 * rows; the main pass runs all of them). A journey of the sample that declares with needs()
 * what such a run cannot have fails the check instead of quietly not running.
 * With DATABASE_URL set (the npm script runs it under lib/scripts/with-temp-postgres.sh) the
 * server uses that PostgreSQL and the journeys create their single-use rows through lib/admin
 * (E2E_ADMIN=1); without it, PGlite in a temporary folder, and the single-use journeys are left out
 * too. Prints per flow tag how many ran and how many were left out for which need. Fails when any
 * journey fails, is flaky or is skipped, or when none ran. Needs `npm run build` first.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../fuzz/server';
import { formatPerTag, journeysOf, perTag, sampleLeftOut, type JsonReport } from './deployedTally';
import { DEPLOYED_TAG, NEEDS, runSettings, unmetReason, type Need } from './needs';

const port = Number(process.env.E2E_PORT_BASE ?? 3100) + 60;
const baseUrl = `http://localhost:${port}`;
const databaseUrl = process.env.DATABASE_URL;
/** The server below pays with the demo provider, so the journeys that pay run (E2E_DEMO_PAYMENT). */
const runEnv: Record<string, string> = { BASE_URL: baseUrl, E2E_DEMO_PAYMENT: '1', ...(databaseUrl && { E2E_ADMIN: '1', DATABASE_URL: databaseUrl }) };
const report = path.resolve('test-results/deployed-check.json');

/** The journeys this run leaves out: those whose needs it cannot have, whatever the instance does. */
const unmet = (Object.keys(NEEDS) as Need[]).filter((need) => unmetReason([need], runSettings(runEnv)) !== undefined);
const grepInvert = `@needs-(${unmet.join('|')})\\b`;

// E2E_DEMO_RESET would let journeys use up demo rows the instance seeded: not what this run proves.
// E2E_DATABASE_URL (the PostgreSQL pass) would collect the two-instance journey, which starts servers of its own.
const playwrightEnv: NodeJS.ProcessEnv = { ...process.env, E2E_DEMO_RESET: '', E2E_DATABASE_URL: '', ...runEnv };

type Stats = { expected: number; skipped: number; unexpected: number; flaky: number };

/** Every journey of e2e/ as this run collects them, left-out ones included (for the count per tag). */
function listAll(): Promise<JsonReport> {
  return new Promise((resolve, reject) => {
    const list = spawn('npx', ['playwright', 'test', '--list', '--reporter=json'], { env: playwrightEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    list.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    list.once('error', reject);
    list.once('close', (code) => {
      if (code !== 0) return reject(new Error(`playwright test --list ended with ${code}`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonReport);
      } catch (error) {
        reject(new Error(`playwright test --list wrote no JSON: ${error instanceof Error ? error.message : String(error)}`));
      }
    });
  });
}

async function main(): Promise<number> {
  fs.mkdirSync('test-results', { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deployed-check-'));
  const started = Date.now();
  // Collecting the journeys takes a few seconds: done while the server starts.
  const listed = listAll();
  // Its failure is reported where it is awaited, after the server is up, so that the server is stopped.
  listed.catch(() => undefined);
  // PAYPAL_MODE=demo is the default without PayPal credentials; said here, since the payment journeys rely on it.
  const serverEnv = { PAYPAL_MODE: 'demo', ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  const server = await startServer({ port, dataDir, logFile: 'test-results/deployed-check-server.log', env: serverEnv });
  try {
    const all = journeysOf(await listed);
    const cannotRun = sampleLeftOut(all, unmet);
    if (cannotRun.length > 0) throw new Error(`${cannotRun.length} journeys tagged ${DEPLOYED_TAG} need what a run against BASE_URL cannot have (${grepInvert})`);
    console.log(`deployed check: ${baseUrl} on ${databaseUrl ? 'PostgreSQL (DATABASE_URL), fresh rows through lib/admin' : `PGlite in ${dataDir}`}; the journeys tagged ${DEPLOYED_TAG}`);
    const run = spawnSync('npx', ['playwright', 'test', '--grep', DEPLOYED_TAG, '--grep-invert', grepInvert, '--reporter=list,json'], {
      env: { ...playwrightEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      stdio: 'inherit',
    });
    if (run.status === null) throw new Error(`playwright did not finish (${run.signal ?? run.error?.message})`);
    const result = JSON.parse(fs.readFileSync(report, 'utf8')) as JsonReport & { stats: Stats };
    const { stats } = result;
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(['deployed check, per tag:', ...formatPerTag(perTag(all, journeysOf(result), unmet)).map((line) => `  ${line}`)].join('\n'));
    console.log(`deployed check: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.skipped} skipped in ${seconds} s`);
    if (stats.unexpected > 0 || stats.flaky > 0 || run.status !== 0) return 1;
    if (stats.skipped > 0) {
      console.error('deployed check: journeys were skipped; a journey that cannot run against a deployed instance must declare it with needs() (e2e/support/deployed.ts)');
      return 1;
    }
    if (stats.expected === 0) {
      console.error('deployed check: no journey ran');
      return 1;
    }
    return 0;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`deployed check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
