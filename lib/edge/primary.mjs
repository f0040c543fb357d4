import cluster from 'node:cluster';

/**
 * The primary process of a start with several workers (lib/edge/workers.mjs): it loads no Next and
 * opens no database. node:cluster hands the listening socket's connections to the workers in turn;
 * the primary starts them, starts a new one when one dies, and on a stop asks each to finish its
 * requests in flight (the same stop as a single process's, in server.mjs) before it exits itself.
 */

/** A worker that dies this often within the window is not started again: the start is broken, and the service manager should see it. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
/** What the primary waits beyond the workers' own time limit before it ends them. */
const GRACE_MS = 5_000;

/** A message from the primary that a worker stops as on SIGTERM (server.mjs). */
export const SHUTDOWN_MESSAGE = 'assessment-web:shutdown';

function log(level, event, fields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'info') console.log(line);
  else console.error(line);
}

/**
 * @param {{ workers: number, shutdownMs: number }} options
 */
export function runPrimary({ workers, shutdownMs }) {
  let stopping = false;
  let exitCode = 0;
  /** Moments of workers' unexpected exits within the crash window. */
  let crashes = [];

  const start = () => cluster.fork();
  for (let i = 0; i < workers; i++) start();
  log('info', 'workers_started', { workers, pid: process.pid });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // A worker that ran out of time (exit 1) or had to be killed fails the stop, as it would a single process.
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    log('error', 'worker_exited', { pid: worker.process.pid, ...(signal ? { signal } : { code }), restarting: crashes.length < MAX_CRASHES });
    if (crashes.length < MAX_CRASHES) return start();
    log('error', 'workers_keep_dying', { reason: `${MAX_CRASHES} workers died within ${CRASH_WINDOW_MS / 1000} s: stopping, see the lines before` });
    stopAll('crashes');
  });

  function stopAll(reason) {
    if (stopping) {
      // A second signal: no more waiting.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    if (reason === 'crashes') exitCode = 1;
    console.log(`> ${reason}: the workers finish their requests in flight, then stop`);
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(exitCode);
    for (const worker of running) {
      // A worker that has not finished starting cannot take a message yet; a signal stops it the same way.
      if (worker?.isConnected()) worker.send(SHUTDOWN_MESSAGE, () => undefined);
      else worker?.process.kill('SIGTERM');
    }
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownMs + GRACE_MS).unref();
  }

  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
}
