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

/**
 * The worker's number, 1 to the worker count, handed to it in this variable: a worker started in
 * place of one that died takes its number, so that the metrics' worker label keeps as many values
 * as there are workers (lib/metrics/start.mjs).
 */
export const WORKER_NUMBER_VARIABLE = 'ASSESSMENT_WEB_WORKER';

function log(level, event, fields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'info') console.log(line);
  else console.error(line);
}

/**
 * @param {{ workers: number, shutdownMs: number, metrics?: import('../metrics/settings.mjs').MetricsSettings }} options
 *   metrics: the primary serves the workers' metrics, summed (lib/metrics/cluster.mjs), before it starts them
 */
export async function runPrimary({ workers, shutdownMs, metrics }) {
  let stopping = false;
  let exitCode = 0;
  /** Moments of workers' unexpected exits within the crash window. */
  let crashes = [];

  if (metrics) {
    try {
      const { serveClusterMetrics } = await import('../metrics/cluster.mjs');
      await serveClusterMetrics(metrics);
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
  }

  /** Each worker's number (WORKER_NUMBER_VARIABLE), by its cluster id. */
  const numbers = new Map();
  const start = (number) => {
    numbers.set(cluster.fork({ [WORKER_NUMBER_VARIABLE]: String(number) }).id, number);
  };
  for (let number = 1; number <= workers; number++) start(number);
  log('info', 'workers_started', { workers, pid: process.pid });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // A worker that ran out of time (exit 1) or had to be killed fails the stop, as it would a single
      // process; one that SIGTERM ended while it still started held nothing.
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    log('error', 'worker_exited', { pid: worker.process.pid, ...(signal ? { signal } : { code }), restarting: crashes.length < MAX_CRASHES });
    const number = numbers.get(worker.id);
    numbers.delete(worker.id);
    if (crashes.length < MAX_CRASHES) {
      start(number);
      return;
    }
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
    // A signal, not a message: a worker still starting has no listener for a message yet, while
    // SIGTERM ends it at once (it holds no request) or, once it serves, starts its stop (server.mjs).
    for (const worker of running) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownMs + GRACE_MS).unref();
  }

  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
}
