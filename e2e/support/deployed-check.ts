/**
 * `npm run test:e2e:deployed`: keeps the BASE_URL mode (README "QA against a deployed instance")
 * working. Starts one production server the way an operator would, then runs
 * `playwright test --grep @assessment` against it with BASE_URL, leaving out (--grep-invert) only
 * the journeys whose needs such a run can never have. With DATABASE_URL set (the npm script runs
 * it under lib/scripts/with-temp-postgres.sh) the server uses that PostgreSQL and the journeys
 * create their single-use rows through lib/admin (E2E_ADMIN=1); without it, PGlite in a temporary
 * folder, and the single-use journeys are left out too. Fails when any journey fails or is skipped,
 * or when none ran. Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../fuzz/server';
import { NEEDS, runSettings, unmetReason, type Need } from './needs';

const port = Number(process.env.E2E_PORT_BASE ?? 3100) + 60;
const baseUrl = `http://localhost:${port}`;
const databaseUrl = process.env.DATABASE_URL;
const runEnv: Record<string, string> = { BASE_URL: baseUrl, ...(databaseUrl && { E2E_ADMIN: '1', DATABASE_URL: databaseUrl }) };
const report = path.resolve('test-results/deployed-check.json');

/** The journeys this run leaves out: those whose needs it cannot have, whatever the instance does. */
const unmet = (Object.keys(NEEDS) as Need[]).filter((need) => unmetReason([need], runSettings(runEnv)) !== undefined);
const grepInvert = `@needs-(${unmet.join('|')})\\b`;

type Stats = { expected: number; skipped: number; unexpected: number; flaky: number };

async function main(): Promise<number> {
  fs.mkdirSync('test-results', { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deployed-check-'));
  const started = Date.now();
  const server = await startServer({ port, dataDir, logFile: 'test-results/deployed-check-server.log', env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  try {
    console.log(`deployed check: ${baseUrl} on ${databaseUrl ? 'PostgreSQL (DATABASE_URL), fresh rows through lib/admin' : `PGlite in ${dataDir}`}; leaving out ${grepInvert}`);
    // E2E_DEMO_RESET would let journeys use up demo rows the instance seeded: not what this run proves.
    // E2E_DATABASE_URL (the PostgreSQL pass) would collect the two-instance journey, which starts servers of its own.
    const env: NodeJS.ProcessEnv = { ...process.env, E2E_DEMO_RESET: '', E2E_DATABASE_URL: '', ...runEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: report };
    const run = spawnSync('npx', ['playwright', 'test', '--grep', '@assessment', '--grep-invert', grepInvert, '--reporter=list,json'], { env, stdio: 'inherit' });
    if (run.status === null) throw new Error(`playwright did not finish (${run.signal ?? run.error?.message})`);
    const { stats } = JSON.parse(fs.readFileSync(report, 'utf8')) as { stats: Stats };
    const seconds = Math.round((Date.now() - started) / 1000);
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
