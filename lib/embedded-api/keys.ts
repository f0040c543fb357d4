import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1 };

/**
 * How many scrypt computations may run at once by default: one per core. scrypt runs on libuv's
 * thread pool (4 threads) beside the event loop that renders pages and, on PGlite, runs every
 * query: four hashes at once on two cores leave that loop a fraction of a core, and they hold every
 * pool thread that file and zlib work also need. One core fewer was tried and is too few: a
 * classroom's keys then queue for longer than a call may take (npm run bench:classroom, README).
 * Hashes beyond the bound wait their turn, first come first served; the cost of each (N = 16384,
 * 16 MB) stays as it is.
 */
export const DEFAULT_KEY_HASH_CONCURRENCY = Math.max(1, os.availableParallelism());

type Limiter = { limit: number; running: number; waiting: Array<() => void> };
/** On globalThis: Next bundles pages and route handlers apart, and one bound must hold for the process. */
const LIMITER = Symbol.for('assessment-web.key-hash-limiter');

function limiter(): Limiter {
  const holder = globalThis as { [LIMITER]?: Limiter };
  holder[LIMITER] ??= { limit: DEFAULT_KEY_HASH_CONCURRENCY, running: 0, waiting: [] };
  return holder[LIMITER];
}

/** Sets the bound (KEY_HASH_CONCURRENCY); hashes already waiting keep their place. */
export function setKeyHashConcurrency(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('the key-hash concurrency must be a whole number of at least 1');
  const state = limiter();
  state.limit = limit;
  while (state.running < state.limit && state.waiting.length > 0) {
    state.running += 1;
    state.waiting.shift()!();
  }
}

/** Runs one scrypt computation within the bound. */
export async function inKeyHashSlot<T>(work: () => Promise<T>): Promise<T> {
  const state = limiter();
  if (state.running < state.limit) state.running += 1;
  else await new Promise<void>((resolve) => state.waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line, or is given back.
    const next = state.running <= state.limit ? state.waiting.shift() : undefined;
    if (next) next();
    else state.running -= 1;
  }
}

/** Personal keys and access codes are stored only as salted scrypt hashes. */
export async function hashKey(plain: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await inKeyHashSlot(() => scrypt(plain, salt, 32, PARAMS));
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyKey(plain: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await inKeyHashSlot(() => scrypt(plain, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) }));
  return crypto.timingSafeEqual(actual, expected);
}
