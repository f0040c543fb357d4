import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { openDatabase, reopenDatabase, type Database } from './database';
import { FolderBusyError, HEARTBEAT_MS, LOCK_FILE, lockFolder, takeOver, type LockHolder, type LockRole } from './folderLock';

const FIXTURE = path.join(__dirname, 'fixtures', 'holdFolder.mjs');

type Held = { child: ChildProcessWithoutNullStreams; firstLine: Promise<string>; exited: Promise<number | null> };

/** A real second process opening the folder, as the app (or the command line) does. */
function holdFolder(dataDir: string, role: LockRole = 'app'): Held {
  const child = spawn(process.execPath, [FIXTURE, dataDir, role, '0'], { cwd: process.cwd() });
  const lines = readline.createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolve) => lines.once('line', resolve));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exited };
}

async function opened(held: Held): Promise<number> {
  const line = await held.firstLine;
  expect(line).toMatch(/^open \d+$/);
  return Number(line.split(' ')[1]);
}

async function closeHeld(held: Held): Promise<void> {
  held.child.stdin.write('close\n');
  expect(await held.exited).toBe(0);
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'folder-lock-'));
const lockFile = (dataDir: string) => path.join(dataDir, LOCK_FILE);
const readLock = (dataDir: string) => JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8')) as LockHolder;
const writeLock = (dataDir: string, holder: Partial<LockHolder>) =>
  fs.writeFileSync(lockFile(dataDir), JSON.stringify({ role: 'app', host: os.hostname(), since: '2030-01-01T00:00:00.000Z', nonce: 'x', ...holder }));
/** A pid that surely belonged to a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
const folder = () => {
  const dir = tempDir();
  folders.push(dir);
  return dir;
};

describe('the PGlite folder lock, with real second processes', () => {
  it('refuses a second process while the app holds the folder, and takes over at once after the app was killed with SIGKILL', async () => {
    const dataDir = folder();
    const app = holdFolder(dataDir);
    const appPid = await opened(app);
    expect(readLock(dataDir)).toMatchObject({ role: 'app', pid: appPid, host: os.hostname() });

    // Another process (a second app) is refused with who holds it and what to do.
    const second = holdFolder(dataDir);
    expect(await second.firstLine).toBe(
      `busy FolderBusyError: The data folder ${dataDir} is in use by the app (pid ${appPid} on host ${os.hostname()}, since ${readLock(dataDir).since}): ` +
        'PGlite allows one process per folder. Stop it first, or run every instance on PostgreSQL (DATABASE_URL).',
    );
    expect(await second.exited).toBe(3);

    app.child.kill('SIGKILL');
    await app.exited;
    expect(readLock(dataDir).pid).toBe(appPid);

    // The restart, which may not wait at all (wait 0), takes the dead app's lock and finds its data.
    const restart = holdFolder(dataDir);
    const restartPid = await opened(restart);
    expect(readLock(dataDir)).toMatchObject({ role: 'app', pid: restartPid });
    await closeHeld(restart);
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
    const db = await openDatabase({ dataDir });
    expect((await db.query<{ pid: number }>('select pid from held order by pid')).map((r) => r.pid).sort()).toEqual([appPid, restartPid].sort());
    await db.close();
  }, 120_000);

  it('a killed app that is a zombie (its parent does not collect it) does not hold the folder: the restart takes it at once', async () => {
    const dataDir = folder();
    // The shell starts the holder, then becomes `sleep`, which never collects a child that ended.
    const parent = spawn('sh', ['-c', '"$0" "$@" & exec sleep 600', process.execPath, FIXTURE, dataDir, 'app', '0'], { cwd: process.cwd() });
    try {
      const line = await new Promise<string>((resolve) => readline.createInterface({ input: parent.stdout }).once('line', resolve));
      expect(line).toMatch(/^open \d+$/);
      const appPid = Number(line.split(' ')[1]);
      process.kill(appPid, 'SIGKILL');
      const stateOf = () => fs.readFileSync(`/proc/${appPid}/stat`, 'utf8').split(') ')[1]!.split(' ')[0];
      while (stateOf() !== 'Z') await new Promise((resolve) => setTimeout(resolve, 10));

      const asked = Date.now();
      const lock = await lockFolder(dataDir, { role: 'app', waitMs: 0 });
      expect(Date.now() - asked).toBeLessThan(1_000);
      expect(stateOf()).toBe('Z');
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  }, 120_000);

  it('an app does not wait for another app: it fails at once', async () => {
    const dataDir = folder();
    const app = holdFolder(dataDir);
    await opened(app);
    const onWait = jest.fn();
    await expect(openDatabase({ dataDir, lock: { role: 'app', waitMs: 600_000, onWait } })).rejects.toThrow(FolderBusyError);
    expect(onWait).not.toHaveBeenCalled();
    await closeHeld(app);
  }, 120_000);

  it("the app's start waits while an admin command holds the folder, and opens once the command is done", async () => {
    const dataDir = folder();
    const command = holdFolder(dataDir, 'command line');
    const commandPid = await opened(command);

    // Without time to wait, the start fails saying who holds it and what to do.
    await expect(openDatabase({ dataDir, lock: { role: 'app', waitMs: 0 } })).rejects.toThrow(
      `is in use by the admin command line (pid ${commandPid} on host ${os.hostname()}`,
    );

    let waitingFor: LockHolder | undefined;
    let startedWaiting!: () => void;
    const waiting = new Promise<void>((resolve) => (startedWaiting = resolve));
    const start = openDatabase({ dataDir, lock: { role: 'app', waitMs: 600_000, onWait: (holder) => ((waitingFor = holder), startedWaiting()) } });
    await waiting;
    expect(waitingFor).toMatchObject({ role: 'command line', pid: commandPid });
    await closeHeld(command);
    const db = await start;
    expect(readLock(dataDir)).toMatchObject({ role: 'app', pid: process.pid });
    await db.close();
  }, 120_000);

  it('lets exactly one of several processes take over a stale lock at the same moment', async () => {
    const dataDir = folder();
    writeLock(dataDir, { pid: deadPid(), nonce: 'stale' });
    const racers = Array.from({ length: 4 }, () => holdFolder(dataDir));
    const first = await Promise.all(racers.map((racer) => racer.firstLine));
    expect(first.filter((line) => line.startsWith('open '))).toHaveLength(1);
    expect(first.filter((line) => line.startsWith('busy FolderBusyError: '))).toHaveLength(3);
    const winner = racers[first.findIndex((line) => line.startsWith('open '))]!;
    expect(readLock(dataDir).pid).toBe(winner.child.pid);
    await closeHeld(winner);
  }, 180_000);
});

describe('opening the folder again (reopenDatabase)', () => {
  it('keeps the lock throughout: no command takes the folder between the close and the new open; the data is there; close gives it back', async () => {
    const dataDir = folder();
    const db = await openDatabase({ dataDir });
    await db.query('create table kept (n int)');
    await db.query('insert into kept values (42)');
    let reopened: Database | undefined;
    const reopening = reopenDatabase(db).then((again) => (reopened = again));
    // A command that tries again and again while the app reopens: every try is refused.
    const tries: string[] = [];
    while (!reopened) {
      tries.push(await lockFolder(dataDir, { role: 'command line', waitMs: 0 }).then((lock) => (lock.release(), 'taken'), (error: Error) => error.constructor.name));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await reopening;
    expect(tries.length).toBeGreaterThan(3);
    expect(new Set(tries)).toEqual(new Set(['FolderBusyError']));
    expect(reopened).not.toBe(db);
    expect(await reopened.query('select n from kept')).toEqual([{ n: 42 }]);
    expect(readLock(dataDir).pid).toBe(process.pid);
    await reopened.close();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  }, 60_000);
});

describe('who counts as holding the folder', () => {
  it('a live process on this host holds it; the same process cannot open it twice', async () => {
    const dataDir = folder();
    const lock = await lockFolder(dataDir, { role: 'command line' });
    await expect(lockFolder(dataDir, { role: 'command line', waitMs: 0 })).rejects.toThrow('in use by the admin command line');
    lock.release();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
    (await lockFolder(dataDir, { role: 'app' })).release();
  });

  it('a dead pid, or our own pid left over from a previous life (a container restarts with the same pid), is stale', async () => {
    for (const pid of [deadPid(), process.pid]) {
      const dataDir = folder();
      writeLock(dataDir, { pid });
      const lock = await lockFolder(dataDir, { role: 'app', waitMs: 0 });
      expect(readLock(dataDir).nonce).toBe(lock.holder.nonce);
      lock.release();
    }
  });

  it('a reused pid is not taken for the holder: the start time must match too', async () => {
    const startTicks = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    const held = folder();
    writeLock(held, { pid: process.ppid, startTicks });
    await expect(lockFolder(held, { role: 'app', waitMs: 0 })).rejects.toThrow(FolderBusyError);
    const reused = folder();
    writeLock(reused, { pid: process.ppid, startTicks: '1' });
    (await lockFolder(reused, { role: 'app', waitMs: 0 })).release();
  });

  it('a lock from another host counts while its heartbeat is fresh, and is stale once it stopped', async () => {
    const dataDir = folder();
    writeLock(dataDir, { pid: 1, host: 'elsewhere.example' });
    await expect(lockFolder(dataDir, { role: 'command line', waitMs: 0 })).rejects.toThrow('pid 1 on host elsewhere.example');
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(dataDir), longAgo, longAgo);
    (await lockFolder(dataDir, { role: 'command line', waitMs: 0 })).release();
  });

  it('a takeover removes only the stale lock it judged, never a fresh one taken meanwhile, and never while another takeover runs', () => {
    const dataDir = folder();
    const draft = path.join(dataDir, 'draft');
    fs.writeFileSync(draft, JSON.stringify({ role: 'app', pid: process.pid, host: os.hostname(), since: 'now', nonce: 'mine' }));
    const stale: LockHolder = { role: 'app', pid: deadPid(), host: os.hostname(), since: 'then', nonce: 'stale' };
    // Another process took the lock between our judging it stale and our taking it over.
    writeLock(dataDir, { pid: process.ppid, nonce: 'fresh' });
    takeOver(lockFile(dataDir), stale, draft);
    expect(readLock(dataDir).nonce).toBe('fresh');
    // A live process is taking over right now: we leave it to that one.
    writeLock(dataDir, stale);
    fs.writeFileSync(`${lockFile(dataDir)}.takeover`, JSON.stringify({ ...stale, pid: process.ppid, nonce: 'other' }));
    takeOver(lockFile(dataDir), stale, draft);
    expect(readLock(dataDir).nonce).toBe('stale');
    // Nobody else: the stale lock goes, and so does our takeover mark.
    fs.rmSync(`${lockFile(dataDir)}.takeover`);
    takeOver(lockFile(dataDir), stale, draft);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['draft']);
  });

  it('a holder keeps its heartbeat fresh, so that another host does not take a live lock for stale', async () => {
    const dataDir = folder();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const lock = await lockFolder(dataDir, { role: 'app' });
      const longAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(lockFile(dataDir), longAgo, longAgo);
      jest.advanceTimersByTime(HEARTBEAT_MS);
      while (fs.statSync(lockFile(dataDir)).mtimeMs <= longAgo.getTime()) await new Promise((resolve) => setImmediate(resolve));
      expect(fs.statSync(lockFile(dataDir)).mtimeMs).toBeGreaterThan(Date.now() - HEARTBEAT_MS);
      lock.release();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a lock file nobody can read is left alone, with advice', async () => {
    const dataDir = folder();
    fs.writeFileSync(lockFile(dataDir), 'garbage');
    await expect(lockFolder(dataDir, { role: 'app', waitMs: 0 })).rejects.toThrow(
      `The data folder ${dataDir} is locked by ${lockFile(dataDir)}, which names no holder this program can read. If no app or admin command runs on this folder, delete that file.`,
    );
    expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe('garbage');
  });
});
