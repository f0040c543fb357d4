// Plain JavaScript: server.mjs starts the metrics before Next loads (see start.d.mts).
import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import client from 'prom-client';
import { HTTP_METHODS, LOGIN_FLOWS, LOGIN_OUTCOMES, MAIL_KINDS, MAIL_OUTCOMES, PAGE_SAVE_KINDS, PAGE_SAVE_OUTCOMES, PAYMENT_OUTCOMES } from './labels.mjs';
import { METRICS_KEY } from './request.mjs';

/**
 * The metrics of one process serving requests (docs/operations.md#metrics), made once when
 * METRICS_PORT is set and put where the app's code finds them (./request.mjs, ./current.ts).
 * Counted in the process, in memory: what each count costs is measured in docs/measurements.md.
 *
 * In a cluster worker the registry answers the primary's requests over node:cluster's channel
 * (./cluster.mjs), which sums the counters and histograms of all workers; the process's own
 * figures (memory, event-loop lag, CPU) carry the worker's number instead, since a sum of them
 * means nothing. A single process serves its registry itself.
 */

/** Seconds; a page or a call takes tens to hundreds of milliseconds, a class's burst seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a statement takes well under a millisecond to tens of them, a transaction waiting for a lock longer. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

const METHODS = new Set(HTTP_METHODS);

/** Every combination of two closed label sets, so that each counter shows from the first scrape on, at 0. */
function startAtZero(counter, first, firstValues, second, secondValues) {
  for (const a of firstValues) for (const b of secondValues ?? [undefined]) counter.inc(second ? { [first]: a, [second]: b } : { [first]: a }, 0);
}

/**
 * @param {{ worker?: string }} options the worker's number in a cluster (lib/edge/primary.mjs), none in a single process
 */
export function startMetrics({ worker } = {}) {
  const running = globalThis[METRICS_KEY];
  if (running) return running;
  const registry = new client.Registry();
  // Memory, event-loop lag, CPU, heap, handles, garbage collection: prom-client's own, per process.
  client.collectDefaultMetrics({ register: registry, ...(worker !== undefined && { labels: { worker } }) });

  const registers = [registry];
  const requests = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests from their arrival to the end of their answer, by route pattern (never the path with its codes), method and status; "aborted" when the client left first',
    labelNames: ['route', 'method', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const queries = new client.Histogram({
    name: 'db_query_duration_seconds',
    help: "The database's statements by their first keyword, and whole transactions (TRANSACTION), from sending to the result",
    labelNames: ['operation'],
    buckets: QUERY_BUCKETS,
    registers,
  });
  const pageSaves = new client.Counter({
    name: 'assessment_page_saves_total',
    help: 'Answers sent with a page turn (page) or as a draft of the open page (draft), by outcome',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const logins = new client.Counter({ name: 'assessment_logins_total', help: 'Logins by flow and outcome', labelNames: ['flow', 'outcome'], registers });
  const mails = new client.Counter({ name: 'assessment_mails_total', help: 'Mails of the embedded API by kind and outcome', labelNames: ['kind', 'outcome'], registers });
  const payments = new client.Counter({ name: 'assessment_payments_total', help: "Buyers' reports of a payment, by outcome", labelNames: ['outcome'], registers });
  new client.Gauge({
    name: 'assessment_worker_processes',
    help: 'Processes serving requests that answered this scrape: the workers of a cluster, summed, or the one process',
    registers,
  }).set(1);
  startAtZero(pageSaves, 'kind', PAGE_SAVE_KINDS, 'outcome', PAGE_SAVE_OUTCOMES);
  startAtZero(logins, 'flow', LOGIN_FLOWS, 'outcome', LOGIN_OUTCOMES);
  startAtZero(mails, 'kind', MAIL_KINDS, 'outcome', MAIL_OUTCOMES);
  startAtZero(payments, 'outcome', PAYMENT_OUTCOMES);

  if (cluster.isWorker) {
    // Made for its side effect: in a worker, prom-client's constructor starts answering the primary's requests.
    new client.AggregatorRegistry();
    client.AggregatorRegistry.setRegistries([registry]);
  }

  const metrics = {
    registry,
    request(req, res, routeOf) {
      const started = performance.now();
      const url = req.url;
      const method = METHODS.has(req.method) ? req.method : '_OTHER';
      res.once('close', () => {
        const status = res.writableFinished ? String(res.statusCode) : 'aborted';
        requests.observe({ route: routeOf(url), method, status }, (performance.now() - started) / 1000);
      });
    },
    query: (operation, seconds) => queries.observe({ operation }, seconds),
    pageSave: (kind, outcome) => pageSaves.inc({ kind, outcome }),
    login: (flow, outcome) => logins.inc({ flow, outcome }),
    mail: (kind, outcome) => mails.inc({ kind, outcome }),
    payment: (outcome) => payments.inc({ outcome }),
  };
  globalThis[METRICS_KEY] = metrics;
  return metrics;
}

/** Ends the metrics of this process (tests): nothing is counted any more. */
export function stopMetrics() {
  const running = globalThis[METRICS_KEY];
  if (!running) return;
  delete globalThis[METRICS_KEY];
  running.registry.clear();
}
