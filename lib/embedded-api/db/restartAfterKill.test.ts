import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { openDatabase } from './database';

/**
 * A service manager restarts a crashed app about 100 ms after it died (systemd's default) and gives
 * up after a few quick failures. The app killed with SIGKILL is then still being torn down by the
 * kernel, or a zombie that its new parent has not collected yet: neither may refuse the restart.
 */

const FIXTURE = path.join(__dirname, 'fixtures', 'holdFolder.mjs');
const ROUNDS = 20;

type App = { child: ChildProcessWithoutNullStreams; nextLine: () => Promise<string> };

const started: App[] = [];

/**
 * The app as `npm start` runs it: a shell with node under it, in a process group of their own.
 * It loads everything first and takes the folder only when told, so that the restart reaches the
 * lock within milliseconds of the kill (the real start's loading is what makes it slower).
 */
function startApp(dataDir: string): App {
  const child = spawn('sh', ['-c', '"$0" "$@"; exit $?', process.execPath, FIXTURE, dataDir, 'app', '0', 'ready'], {
    cwd: process.cwd(),
    detached: true,
  });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const app = { child, nextLine: async () => String((await lines.next()).value ?? 'ended') };
  started.push(app);
  return app;
}

function killGroup(app: App): void {
  try {
    process.kill(-app.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-after-kill-'));
afterAll(() => {
  started.forEach(killGroup);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(`the app killed with SIGKILL (its whole process group) and started again at once, ${ROUNDS} times in a row, is up every time; a second live app is still refused at once`, async () => {
  let running = startApp(dataDir);
  expect(await running.nextLine()).toBe('ready');
  running.child.stdin.write('go\n');
  const pids = [Number((await running.nextLine()).split(' ')[1])];
  expect(pids[0]).toBeGreaterThan(0);

  const outcomes: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const restart = startApp(dataDir);
    expect(await restart.nextLine()).toBe('ready');
    killGroup(running);
    restart.child.stdin.write('go\n');
    const line = await restart.nextLine();
    outcomes.push(line);
    // A refused restart has ended; the next round starts again beside the killed app.
    if (!line.startsWith('open ')) continue;
    pids.push(Number(line.split(' ')[1]));
    running = restart;
  }
  expect(outcomes).toEqual(Array(ROUNDS).fill(expect.stringMatching(/^open \d+$/)));

  // A second app while the last one lives: refused at once, naming it.
  const second = startApp(dataDir);
  expect(await second.nextLine()).toBe('ready');
  const asked = Date.now();
  second.child.stdin.write('go\n');
  expect(await second.nextLine()).toMatch(new RegExp(`^busy FolderBusyError: The data folder .* is in use by the app \\(pid ${pids.at(-1)} `));
  expect(Date.now() - asked).toBeLessThan(2_000);

  // Every app that was up wrote to the folder, and all of it is there.
  killGroup(running);
  const db = await openDatabase({ dataDir, lock: { role: 'command line', waitMs: 30_000 } });
  try {
    expect((await db.query<{ pid: number }>('select pid from held')).map((row) => row.pid).sort()).toEqual([...pids].sort());
  } finally {
    await db.close();
  }
}, 600_000);
