/**
 * How many processes serve requests (`npm start`, docs/operations.md "Every core"), and how long a
 * stop waits for the requests in flight. Plain JavaScript: server.mjs decides this before Next loads.
 *
 * On PostgreSQL every core gets a worker process (node:cluster; the primary only hands out
 * connections and restarts workers). Limits, sessions, payments and the guessing counters are in the
 * database, so nothing one worker knows must be known by another. PGlite is a database inside one
 * process: without DATABASE_URL there is one process, whatever the core count (docs/measurements.md
 * "Workers on PGlite" says why no other design was chosen).
 */

const MAX_WORKERS = 64;
const MAX_SHUTDOWN_MS = 600_000;
export const DEFAULT_SHUTDOWN_MS = 10_000;

/**
 * What is wrong with WEB_CONCURRENCY, said after its name, or undefined: lib/config/schema.ts
 * reports it among the other settings, workerCount stops the start with it.
 * @param {Record<string, string | undefined>} env
 * @returns {string | undefined}
 */
export function webConcurrencyProblem(env) {
  const text = env.WEB_CONCURRENCY;
  if (text === undefined || text === '') return undefined;
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || count > MAX_WORKERS) return `must be an integer from 1 to ${MAX_WORKERS} (worker processes); it is '${text}'`;
  if (count > 1 && !env.DATABASE_URL && !env.UPSTREAM_API_URL) {
    return `${count} workers need DATABASE_URL (PostgreSQL): PGlite, the default database, lives inside one process. Unset it, set it to 1, or set DATABASE_URL`;
  }
  return undefined;
}

/**
 * The number of worker processes: WEB_CONCURRENCY when set (1 to 64), else one per core on
 * PostgreSQL and one on PGlite; development always one. Throws with the message a wrong setting stops the start with.
 * @param {Record<string, string | undefined>} env
 * @param {{ dev: boolean, cores: number }} host
 * @returns {number}
 */
export function workerCount(env, { dev, cores }) {
  const problem = webConcurrencyProblem(env);
  if (problem) throw new Error(`Invalid configuration: WEB_CONCURRENCY: ${problem}`);
  if (env.WEB_CONCURRENCY) return dev ? 1 : Number(env.WEB_CONCURRENCY);
  if (dev) return 1;
  // In front of a real upstream no database is held here: every core serves, as on PostgreSQL.
  return env.DATABASE_URL || env.UPSTREAM_API_URL ? Math.max(1, Math.min(cores, MAX_WORKERS)) : 1;
}

/**
 * What is wrong with SHUTDOWN_TIMEOUT_MS, said after its name, or undefined.
 * @param {string | undefined} text
 * @returns {string | undefined}
 */
export function shutdownTimeoutProblem(text) {
  if (text === undefined || text === '') return undefined;
  return /^\d+$/.test(text) && Number(text) <= MAX_SHUTDOWN_MS ? undefined : `must be an integer from 0 to ${MAX_SHUTDOWN_MS} (milliseconds); it is '${text}'`;
}

/**
 * How long a stop lets the requests in flight finish before the process ends anyway.
 * @param {string | undefined} text SHUTDOWN_TIMEOUT_MS
 * @returns {number}
 */
export function shutdownTimeoutMs(text) {
  const problem = shutdownTimeoutProblem(text);
  if (problem) throw new Error(`Invalid configuration: SHUTDOWN_TIMEOUT_MS: ${problem}`);
  return text === undefined || text === '' ? DEFAULT_SHUTDOWN_MS : Number(text);
}
