import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processState } from './processState';

/**
 * PGlite on disk is one process per folder: a second process opening the same folder corrupts it.
 * So whoever opens it (the app, the admin command line) first takes `<data dir>/pgdata.lock`, a
 * file naming its holder. The file is created atomically with its content (written beside, then
 * hard-linked into place, which fails when the name exists). A lock whose process is gone is taken
 * over at once: after SIGKILL the restart must not wait for anyone to clean up. A holder that is
 * dying (killed, still being torn down) is waited for, up to DYING_WAIT_MS, and a zombie counts as
 * gone (processState.ts): a service manager restarting a killed app 100 ms later gets in.
 */

export type LockRole = 'app' | 'command line';

export type LockHolder = {
  role: LockRole;
  pid: number;
  host: string;
  /** ISO 8601 UTC: when it took the lock. */
  since: string;
  /** The process's start time in clock ticks (Linux /proc), so a reused pid is not taken for the holder. */
  startTicks?: string;
  /** Tells this lock apart from any later one by the same pid. */
  nonce: string;
};

export type FolderLock = { file: string; holder: LockHolder; release: () => void };

export type LockOptions = {
  role: LockRole;
  /** How long to wait while the folder is held by someone who lets go by themselves (a command, a holder on another host whose heartbeat may be stale). */
  waitMs?: number;
  /** Called once when waiting starts, with the holder being waited for. */
  onWait?: (holder: LockHolder) => void;
};

export const LOCK_FILE = 'pgdata.lock';
export const DEFAULT_WAIT_MS = 30_000;
/** The holder refreshes the file's time this often, so that a holder on another host can be judged gone. */
export const HEARTBEAT_MS = 5_000;
/** A lock from another host whose heartbeat is older than this is stale (its pid cannot be checked from here). */
export const FOREIGN_STALE_MS = 20_000;
/** How long a holder that is exiting (killed, torn down by the kernel) is waited for, whatever waitMs says. */
export const DYING_WAIT_MS = 10_000;
const POLL_MS = 200;
const DYING_POLL_MS = 10;

/** The folder is held by another process; nothing was opened. */
export class FolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
    readonly file: string,
    waitedMs: number,
    exiting = false,
  ) {
    super(busyMessage(dataDir, holder, file, waitedMs, exiting));
    this.name = 'FolderBusyError';
  }
}

export function describeHolder(holder: LockHolder): string {
  const who = holder.role === 'app' ? 'the app' : 'the admin command line';
  return `${who} (pid ${holder.pid} on host ${holder.host}, since ${holder.since})`;
}

function busyMessage(dataDir: string, holder: LockHolder | undefined, file: string, waitedMs: number, exiting: boolean): string {
  const waited = waitedMs >= 1000 ? `, still${exiting ? ' exiting' : ''} after waiting ${Math.round(waitedMs / 1000)} s` : '';
  if (!holder) {
    return `The data folder ${dataDir} is locked by ${file}, which names no holder this program can read${waited}. ` +
      'If no app or admin command runs on this folder, delete that file.';
  }
  const stop = holder.role === 'app'
    ? 'Stop it first, or run every instance on PostgreSQL (DATABASE_URL).'
    : 'Wait until the command has finished, then start again.';
  return `The data folder ${dataDir} is in use by ${describeHolder(holder)}${waited}: PGlite allows one process per folder. ${stop}`;
}

/** Locks held by this process, by file: a second open in the same process is refused as well. */
const heldHere = new Map<string, string>();

/** Takes the folder's lock, waiting as LockOptions says; throws FolderBusyError when it cannot. */
export async function lockFolder(dataDir: string, options: LockOptions): Promise<FolderLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    role: options.role,
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    ...(startTicksOf(process.pid) && { startTicks: startTicksOf(process.pid) }),
    nonce: crypto.randomBytes(12).toString('hex'),
  };
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const started = Date.now();
  let told = false;
  for (;;) {
    const outcome = tryLock(file, me);
    if (outcome === 'held') return hold(file, me);
    if (outcome === 'retry') continue;
    const { holder, dying } = outcome;
    if (dying) {
      // It runs no code of its own any more; what it wrote is written once the kernel is done with it.
      if (Date.now() - started >= Math.max(waitMs, DYING_WAIT_MS)) throw new FolderBusyError(dataDir, holder, file, Date.now() - started, true);
      await new Promise((resolve) => setTimeout(resolve, DYING_POLL_MS));
      continue;
    }
    const waitable = holder !== undefined && (holder.role === 'command line' || holder.host !== me.host);
    if (!waitable || Date.now() - started >= waitMs) throw new FolderBusyError(dataDir, holder, file, Date.now() - started);
    if (!told) {
      options.onWait?.(holder);
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

type Outcome = 'held' | 'retry' | { holder: LockHolder | undefined; dying?: boolean };

function tryLock(file: string, me: LockHolder): Outcome {
  const draft = `${file}.${me.pid}.${me.nonce}`;
  fs.writeFileSync(draft, JSON.stringify(me), { mode: 0o644 });
  try {
    fs.linkSync(draft, file);
    return 'held';
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    const holder = readHolder(file);
    if (holder === 'gone') return 'retry';
    if (holder === undefined) return { holder };
    const state = holderState(file, holder);
    if (state !== 'gone') return { holder, dying: state === 'dying' };
    takeOver(file, holder, draft);
    return 'retry';
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Removes a stale lock. Two processes may judge the same lock stale at once; the one that creates
 * `<lock>.takeover` removes it, and only if it is still the lock judged stale, so a fresh lock taken
 * meanwhile by the other is never removed.
 */
export function takeOver(file: string, stale: LockHolder, draft: string): void {
  const mutex = `${file}.takeover`;
  try {
    fs.linkSync(draft, mutex);
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    // Someone else is taking over; a takeover whose process died in between is removed for the next try.
    const other = readHolder(mutex);
    if (other === 'gone' || (other !== undefined && holderState(mutex, other) !== 'gone')) return;
    fs.rmSync(mutex, { force: true });
    return;
  }
  try {
    const current = readHolder(file);
    if (current !== 'gone' && current?.nonce === stale.nonce) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(mutex, { force: true });
  }
}

function hold(file: string, me: LockHolder): FolderLock {
  heldHere.set(file, me.nonce);
  const beat = setInterval(() => {
    const now = new Date();
    fs.utimes(file, now, now, () => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  // A normal exit (SIGTERM handled, process.exit) lets go; after SIGKILL the next opener takes over.
  const releaseOnExit = () => release();
  process.on('exit', releaseOnExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    clearInterval(beat);
    process.off('exit', releaseOnExit);
    heldHere.delete(file);
    const current = readHolder(file);
    if (current !== 'gone' && current?.nonce === me.nonce) fs.rmSync(file, { force: true });
  }
  return { file, holder: me, release };
}

/** The holder named in a lock file; 'gone' when there is no file (any more); undefined when it cannot be read. */
export function readHolder(file: string): LockHolder | 'gone' | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 'gone';
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    const valid = (parsed.role === 'app' || parsed.role === 'command line') && Number.isInteger(parsed.pid) &&
      typeof parsed.host === 'string' && typeof parsed.nonce === 'string' && typeof parsed.since === 'string';
    return valid ? (parsed as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * alive: it may still write to the folder. dying: killed or exiting, torn down by the kernel right
 * now (it runs no code of its own any more). gone: no such process, a zombie, or another process
 * under a reused pid.
 */
function holderState(file: string, holder: LockHolder): 'alive' | 'dying' | 'gone' {
  if (holder.host !== os.hostname()) {
    // Its pid means nothing here: judge by the heartbeat.
    try {
      return Date.now() - fs.statSync(file).mtimeMs < FOREIGN_STALE_MS ? 'alive' : 'gone';
    } catch {
      return 'gone';
    }
  }
  // Our own pid: alive only if this process holds it now (a container restarts its app with the same pid).
  if (holder.pid === process.pid) return heldHere.get(file) === holder.nonce ? 'alive' : 'gone';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if (codeOf(error) === 'ESRCH') return 'gone';
  }
  // Without /proc (not Linux) an existing pid is all there is to go by.
  const state = processState(holder.pid);
  if (!state) return 'alive';
  if ((holder.startTicks && state.startTicks !== holder.startTicks) || state.ended) return 'gone';
  return state.exiting ? 'dying' : 'alive';
}

/** Field 22 of /proc/<pid>/stat: when the process started; undefined where there is no /proc. */
function startTicksOf(pid: number): string | undefined {
  return processState(pid)?.startTicks;
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}
