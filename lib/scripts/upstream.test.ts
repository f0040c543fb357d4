import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { sendCall as SendCall } from '@/lib/upstream/client';
import { StatusCode } from '@/lib/api/codes';
import { encryptAesCbc } from '@/lib/client/aesCbc';
import { createTestStore, expectedTestDatabaseKind, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { TEST_CRYPTO } from '@/lib/embedded-api/testApi';
import { decodeClaims } from '@/lib/session/claims';
import { main } from '@/lib/upstream/contractCheck/cli';

/**
 * `npm run upstream` (lib/scripts/upstream.ts) started as an operator starts it, in a process of
 * its own on the app's configuration: the PGlite folder of DATA_DIR, or with TEST_DATABASE_URL (the
 * PostgreSQL pass) a fresh database as DATABASE_URL. The app's own upstream client is then pointed
 * at it with UPSTREAM_API_URL, as a deployment in front of a real upstream is, and the contract
 * check is run against it.
 */
type Upstream = { child: ChildProcessWithoutNullStreams; url: string; line: string; stderr: () => string; exited: Promise<number | null> };

const CONFIG_KEY = Symbol.for('assessment-web.config');
const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upstream-script-'));
let store: TestStore | undefined;
const running = new Set<ChildProcessWithoutNullStreams>();

/** Node with tsx's loader in the same process (as lib/startup.test.ts starts the app), so that a signal reaches the script itself. */
async function startUpstream(demo: boolean): Promise<Upstream> {
  const env: NodeJS.ProcessEnv = {
    PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'u'.repeat(40),
    TEST_PGLITE_FROM_DUMP: 'on',
    ...(demo && { DEMO_MODE: 'on' }),
    ...(store?.databaseUrl && { DATABASE_URL: store.databaseUrl }),
  };
  const child = spawn(process.execPath, ['--liftoff-only', '--import', 'tsx', 'lib/scripts/upstream.ts', '--port', '0'], { cwd: process.cwd(), env });
  running.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => running.delete(child));
  for await (const line of readline.createInterface({ input: child.stdout })) {
    const listening = /^> Embedded API listening on (\S+) /.exec(line);
    if (listening) return { child, url: listening[1]!, line, stderr: () => stderr, exited };
  }
  throw new Error(`npm run upstream did not start: ${stderr}`);
}

/** The app's configuration in this process, pointed at the upstream (read once per process: the cache is cleared). */
async function appClient(url: string): Promise<typeof SendCall> {
  // The test sets the upstream the app's configuration reads.
  process.env = { ...savedEnv, UPSTREAM_API_URL: url, DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'app-')), SESSION_SECRET: 'a'.repeat(40) };
  delete (globalThis as Record<symbol, unknown>)[CONFIG_KEY];
  return (await import('@/lib/upstream/client')).sendCall;
}

beforeAll(async () => {
  if (expectedTestDatabaseKind() === 'postgres') store = await createTestStore();
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  // Restore what the tests changed.
  process.env = savedEnv;
  delete (globalThis as Record<symbol, unknown>)[CONFIG_KEY];
  await store?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run upstream', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream(true);
  }, 120_000);

  it('listens on 127.0.0.1 and says where, on which database, with demo data or not', () => {
    expect(upstream.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const database = store ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
    expect(upstream.line).toBe(`> Embedded API listening on ${upstream.url} (${database}; demo data on)`);
  });

  it('the app’s upstream client works against it: an ident code, the access code, a questionnaire page', async () => {
    const sendCall = await appClient(upstream.url);
    const ident = await sendCall('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
    expect(ident).toEqual({ response: expect.objectContaining({ statusCode: StatusCode.Ok, token: expect.any(String) }) });
    const login = await sendCall('submit/kodekodex/login', { passwordHash: encryptAesCbc('RANK4711', TEST_CRYPTO), token: ident.response.token! });
    expect(login.failure).toBeUndefined();
    expect(decodeClaims(login.response.token).isLoggedIn).toBe(true);
    const page = await sendCall('pageinfo/questionnaire', { token: login.response.token!, questionsPerPage: 4, questionStartIndex: 1, uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', product: 1 });
    expect(page.failure).toBeUndefined();
    expect(page.response.questions).toHaveLength(4);
  }, 60_000);

  it('the contract check passes against it with the demo codes', async () => {
    const lines: string[] = [];
    const code = await main(
      ['--url', upstream.url, '--ident-code', 'P1RESUME1', '--access-code', 'RESUME4711', '--group-code', 'KWDEMO01', '--group-code', 'ra:RADEMO01', '--group-code', 'kodegroupcode:KGDEMO01', '--portal', 'PTDEMO01/1'],
      {},
      { out: (text) => lines.push(text), err: (text) => lines.push(text) },
    );
    const report = lines.join('\n');
    expect(report).toMatch(/\nPASSED: \d+ of \d+ calls sent, 0 failures/);
    expect(code).toBe(0);
  }, 60_000);

  it('stops on SIGTERM with exit code 0, and a start without DEMO_MODE has no demo data, as the app’s has none', async () => {
    upstream.child.kill('SIGTERM');
    expect(await upstream.exited).toBe(0);
    const plain = await startUpstream(false);
    try {
      expect(plain.line).toContain('demo data off');
      const sendCall = await appClient(plain.url);
      const ident = await sendCall('submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' });
      expect(ident.response.statusCode).toBe(StatusCode.AssessmentIdentCodeIsInvalid);
    } finally {
      plain.child.kill('SIGTERM');
      expect(await plain.exited).toBe(0);
    }
  }, 120_000);
});
