import { Worker } from 'node:worker_threads';
import { logEvent } from '@/lib/log/logger';
import type { Database } from './db/database';
import { needsStrengthening, STRONG, STRONG_KEY_BYTES, STRONG_SCRYPT_OPTIONS, strengthenKeyHash } from './keys';

/**
 * Puts the strong scrypt layer over the quick hashes of new personal keys (keys.ts), one at a
 * time, on a thread of its own at the lowest CPU priority. Why: when a class of 200 sets its keys
 * within seconds, 200 strong hashes (~45 ms each) on libuv's four threads took the cores from the
 * event loop that serves every request; now the requests go first and the hashes follow as soon
 * as a core is free (npm run bench:classroom). A key is never weaker than the quick layer, and
 * the work survives a restart: start() picks up every hash still waiting.
 */
export type KeyStrengthening = {
  /**
   * Strengthens this assessor's key hash if it still waits; resolves when it is done (or was not
   * needed). At most one turn per assessor waits in the queue: a newer key joins the turn already
   * waiting, which reads the hash when it starts, so a participant changing keys in a loop cannot
   * fill the queue.
   */
  strengthen(assessorId: number): Promise<void>;
  /** Strengthens every hash that still waits (after a restart); resolves when all are done. */
  strengthenWaiting(): Promise<void>;
  /** Resolves once nothing is queued any more. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/*
 * The thread's code, plain CommonJS run with eval so that no bundler has to find a file for it.
 * Linux gives each thread its own nice value: the thread lowers its own priority to 19, which needs
 * no privilege. Elsewhere it runs at normal priority, which is merely what libuv's pool did.
 */
const THREAD_CODE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, 19);
} catch {}
parentPort.on('message', ({ id, input, salt, keylen, options }) => {
  try {
    const hash = crypto.scryptSync(Buffer.from(input), Buffer.from(salt), keylen, options);
    parentPort.postMessage({ id, hash });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

/** A derivation sent to a thread; `by` is that thread, since an ended thread fails only its own. */
type Pending = { resolve: (hash: Buffer) => void; reject: (error: Error) => void; by: Worker };

/** How long the thread may wait for more work before it ends (a burst of keys keeps it; a quiet server has none). */
const IDLE_MS = 2000;

function lowPriorityScrypt() {
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  // A thread that ends when idle can report its exit after a new thread took new work: that work is
  // not its to fail.
  const failAllOf = (ended: Worker, error: Error) => {
    for (const [id, entry] of pending) {
      if (entry.by !== ended) continue;
      pending.delete(id);
      entry.reject(error);
    }
  };
  const end = async () => {
    clearTimeout(idleTimer);
    const running = worker;
    worker = undefined;
    await running?.terminate();
  };
  const thread = () => {
    clearTimeout(idleTimer);
    if (worker) return worker;
    const started = new Worker(THREAD_CODE, { eval: true });
    // Waiting work is in the database: the thread never keeps the process alive.
    started.unref();
    started.on('message', (message: { id: number; hash?: Uint8Array; error?: string }) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.hash) entry.resolve(Buffer.from(message.hash));
      else entry.reject(new Error(message.error ?? 'scrypt failed'));
      if (pending.size === 0) {
        idleTimer = setTimeout(() => void end(), IDLE_MS);
        idleTimer.unref();
      }
    });
    started.on('error', (error) => failAllOf(started, error));
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failAllOf(started, new Error('the key-strengthening thread ended'));
    });
    worker = started;
    return started;
  };
  return {
    derive(input: Buffer, salt: Buffer): Promise<Buffer> {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const by = thread();
        pending.set(id, { resolve, reject, by });
        by.postMessage({ id, input, salt, keylen: STRONG_KEY_BYTES, options: STRONG_SCRYPT_OPTIONS });
      });
    },
    close: end,
  };
}

const PER_DATABASE = new WeakMap<Database, KeyStrengthening>();

/** The one strengthening queue of a database: every request handler on it shares it. */
export function keyStrengtheningOf(db: Database): KeyStrengthening {
  let keys = PER_DATABASE.get(db);
  if (!keys) {
    keys = keyStrengthening(db);
    PER_DATABASE.set(db, keys);
  }
  return keys;
}

export function keyStrengthening(db: Database): KeyStrengthening {
  const scrypt = lowPriorityScrypt();
  // One after the other: a single low-priority thread is all this work may take.
  let queue: Promise<void> = Promise.resolve();

  async function strengthenNow(assessorId: number): Promise<void> {
    // A closed database (the server stopping): the hash stays quick and valid until the next start.
    if (db.closed) return;
    const [row] = await db.query<{ key_hash: string | null }>('select key_hash from assessor where id = $1', [assessorId]);
    if (!row?.key_hash || !needsStrengthening(row.key_hash)) return;
    const strong = await strengthenKeyHash(row.key_hash, (input, salt) => scrypt.derive(input, salt));
    // Only if the key was not changed meanwhile: a newer key has its own turn in the queue.
    await db.query('update assessor set key_hash = $2 where id = $1 and key_hash = $3', [assessorId, strong, row.key_hash]);
  }

  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const turn = queue.then(work).catch((error: unknown) => {
      // The hash stays quick and valid; the next start (strengthenWaiting) tries again.
      if (db.closed) return;
      logEvent('error', 'key_strengthening_failed', { reason: error instanceof Error ? error.message : String(error) });
    });
    queue = turn;
    return turn;
  };

  // The turns not started yet, by assessor: a turn that has started reads no newer key, so a key
  // set meanwhile waits for a turn of its own.
  const waiting = new Map<number, Promise<void>>();
  const strengthen = (assessorId: number): Promise<void> => {
    const queued = waiting.get(assessorId);
    if (queued) return queued;
    const turn = enqueue(() => {
      waiting.delete(assessorId);
      return strengthenNow(assessorId);
    });
    waiting.set(assessorId, turn);
    return turn;
  };

  return {
    strengthen,
    strengthenWaiting: () =>
      enqueue(async () => {
        const rows = await db.query<{ id: number }>(
          `select id from assessor where split_part(key_hash, '$', 1) = 'scrypt' and split_part(key_hash, '$', 2) ~ '^[0-9]{1,9}$'
              and split_part(key_hash, '$', 2)::int < $1 order by id`,
          [STRONG.N],
        );
        for (const { id } of rows) {
          if (db.closed) return;
          await strengthenNow(id);
        }
      }),
    idle: () => queue,
    close: async () => {
      await queue;
      await scrypt.close();
    },
  };
}
