/**
 * The HTTP server in front of Next (`npm start`, `npm run dev`). Plain JavaScript, so that it runs
 * with node alone. Before Next sees a request it decides what Next cannot know or must not believe:
 *   - the client's address, from the socket's peer and TRUST_PROXY_HOPS (lib/edge/clientAddress.mjs),
 *     handed to the app as x-client-address; without trusted proxies the forwarding headers a client
 *     could forge are removed;
 *   - a path that is not valid percent-encoding becomes the 404 page (a JSON 400 under /api/), where
 *     Next would answer a plain-text 500;
 *   - methods Next cannot represent (TRACE, PROPFIND, …), and anything but GET and HEAD on a file
 *     (public/, /_next/), are a 405, where Next would answer a 500;
 *   - a file is sent whole whatever Range asks for: Next answers a range it cannot satisfy with a 500;
 *   - a route tree header (Next-Router-State-Tree) that Next could not parse is a JSON 400;
 *   - a POST to a page must be one of the build's server actions, from a page of this host, with
 *     arguments React can decode: an unknown action id, a form that names none or does not parse,
 *     any other POST is a JSON 4xx before Next logs a stack trace or answers a 500 for it.
 * After those checks, a production start answers the build's scripts and styles itself from the
 * brotli and zopfli copies `npm run build` made (lib/edge/precompressed.mjs), when the client takes one.
 * Paths are judged as Next routes them ("/api/../support" is the page /support), below the base path
 * the build was made for (BASE_PATH, docs/operations.md "Under a path"): with one, a request outside
 * it is the 404 page (a JSON 404 for anything but GET and HEAD), "/" among them. A production start
 * takes the build's base path and refuses a BASE_PATH that differs; NEXT_DIST_DIR names the build's folder.
 * Every refusal here is JSON {statusCode, detailCode, error}, as the proxy's, and logs nothing.
 * With METRICS_PORT every request, refusals too, is counted under its route pattern (lib/metrics),
 * on a port of its own; with workers the primary serves that port (lib/edge/primary.mjs).
 *
 *   node server.mjs [--dev] [-p|--port <port>] [-H|--hostname <host>]
 * PORT and HOSTNAME are read when the options are not given; the default is port 3000 on every interface.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyClientAddress, EDGE_SERVER_MARK, parseTrustedHops, untrustedProxyWarning } from './lib/edge/clientAddress.mjs';
import { actionBodyRefusal } from './lib/edge/actionBody.mjs';
import { belowBasePath, parseBasePath } from './lib/edge/basePath.mjs';
import { builtBasePath, distDirOf, startBasePath } from './lib/edge/build.mjs';
import { isStaticPath, methodRefusal, publicFilePaths } from './lib/edge/methods.mjs';
import { edgeRefusal } from './lib/edge/refusal.mjs';
import { hasMalformedPath, isApiPath, malformedPathRefusal, NOT_FOUND_PATH, routedPath } from './lib/edge/requestPath.mjs';
import { isReadableRouterState, ROUTER_STATE_HEADER } from './lib/edge/routerState.mjs';
import { pageOf, readPageRoutes, readRoutePatterns } from './lib/edge/pageRoutes.mjs';
import { rememberOwnOrigin } from './lib/edge/ownOrigin.mjs';
import { inRequestSpan } from './lib/edge/requestSpan.mjs';
import { pagePostDecision, readActions } from './lib/edge/serverActions.mjs';
import { precompressedFiles } from './lib/edge/precompressed.mjs';
import { securityHeaders } from './lib/edge/securityHeaders.mjs';
import { trackConnections } from './lib/edge/connections.mjs';
import { DRAINING } from './lib/edge/draining.mjs';
import { WORKER_NUMBER_VARIABLE } from './lib/edge/primary.mjs';
import { shutdownTimeoutMs, workerCount } from './lib/edge/workers.mjs';
import { measureRequest } from './lib/metrics/request.mjs';
import { routeLabel } from './lib/metrics/route.mjs';
import { metricsSettings } from './lib/metrics/settings.mjs';

function fail(message) {
  console.error(message);
  process.exit(1);
}

let options;
try {
  options = parseArgs({
    options: {
      dev: { type: 'boolean', default: false },
      port: { type: 'string', short: 'p' },
      hostname: { type: 'string', short: 'H' },
    },
  }).values;
} catch (error) {
  fail(`${error.message}\nUsage: node server.mjs [--dev] [-p|--port <port>] [-H|--hostname <host>]`);
}

const dev = options.dev;
// As `next start` and `next dev` do; the app's configuration (lib/config) reads it.
process.env.NODE_ENV ??= dev ? 'development' : 'production';

const portText = options.port ?? (process.env.PORT || '3000');
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) fail(`Invalid port '${portText}' (option -p or PORT): must be an integer from 0 to 65535`);
const hostname = options.hostname ?? (process.env.HOSTNAME || undefined);
// The app's configuration (lib/config) checks METRICS_PORT against the port it is served on, -p's too.
process.env.PORT = String(port);

let hops;
try {
  hops = parseTrustedHops(process.env.TRUST_PROXY_HOPS);
} catch (error) {
  fail(error.message);
}

const dir = path.dirname(new URL(import.meta.url).pathname);
let distDir;
let basePath;
try {
  distDir = path.join(dir, distDirOf(process.env.NEXT_DIST_DIR));
  // Development builds as it goes, with BASE_PATH as it is now; a production start runs the build's.
  basePath = dev ? parseBasePath(process.env.BASE_PATH) : startBasePath(process.env.BASE_PATH, builtBasePath(distDir));
} catch (error) {
  fail(error.code === 'ENOENT' ? `No build in ${distDir}: run npm run build first (with the same NEXT_DIST_DIR)` : error.message);
}
// next.config.mjs, read again by Next at start, and the app's configuration (lib/config) see the same.
process.env.BASE_PATH = basePath;

let workers;
let shutdownMs;
let metrics;
try {
  workers = workerCount(process.env, { dev, cores: os.availableParallelism() });
  shutdownMs = shutdownTimeoutMs(process.env.SHUTDOWN_TIMEOUT_MS);
  metrics = metricsSettings(process.env, port);
} catch (error) {
  fail(error.message);
}

if (cluster.isPrimary && workers > 1) {
  // Every core (lib/edge/workers.mjs): this process only starts the workers, which run what follows,
  // and serves their metrics, summed (METRICS_PORT).
  const { runPrimary } = await import('./lib/edge/primary.mjs');
  await runPrimary({ workers, shutdownMs, metrics });
} else {
  await serve();
}

async function serve() {
  if (metrics) {
    // Before Next and the database: every request and statement counts (lib/metrics/start.mjs). A
    // worker's metrics are served by the primary; a single process serves its own, on the metrics
    // port, never on the app's.
    const { startMetrics } = await import('./lib/metrics/start.mjs');
    const running = startMetrics({ worker: cluster.isWorker ? process.env[WORKER_NUMBER_VARIABLE] : undefined });
    if (cluster.isPrimary) {
      const { serveMetrics } = await import('./lib/metrics/endpoint.mjs');
      await serveMetrics(metrics, async () => ({ contentType: running.registry.contentType, body: await running.registry.metrics() })).catch((error) => fail(error.message));
    }
  }
  const { default: next } = await import('next');

  // The app believes x-client-address only while this mark says that this server set it.
  globalThis[EDGE_SERVER_MARK] = true;

  const server = createServer();
  // From the start, before Next is ready: a stop while the app still starts is a stop too.
  let stopping = false;
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Before the request handler below: a stop must know which connections have a request in flight.
  const connections = trackConnections(server);
  const app = next({ dev, dir, hostname: hostname ?? 'localhost', port, httpServer: server });
  const handle = app.getRequestHandler();
  const publicFiles = publicFilePaths(path.join(dir, 'public'));
  /** The build's server actions and its pages; in development they change as pages compile, so Next alone judges them. */
  let actions;
  let pageRoutes;
  /** The build's scripts and styles compressed at build time (lib/edge/precompressed.mjs); development serves them as Next does. */
  let precompressed;
  /** Every route pattern of the build, pages and route handlers: what the metrics count requests by (lib/metrics/route.mjs). */
  let routePatterns;
  const routeOf = (url) => routeLabel(url, { basePath, routes: routePatterns, publicFiles });

  function send(res, refusal) {
    res.writeHead(refusal.status, refusal.headers);
    res.end(refusal.body);
  }

  /**
   * The refusal for a request before Next sees it; 'aborted' when the client went away while its body
   * was read; undefined to hand it to Next (the body read, if it was, given back).
   */
  async function refusalFor(req, res) {
    // Judged by the path Next will route to, so that "/api/../support" is judged as the page it is.
    const routed = routedPath(req.url);
    if (routed === undefined) return edgeRefusal(400, 'the request target is not a URL');
    // Below the base path, as Next routes it; outside it nothing of the app's answers.
    let target = belowBasePath(routed, basePath);
    if (target === undefined) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return edgeRefusal(404, `no route outside the base path ${basePath}`);
      req.url = basePath + NOT_FOUND_PATH;
      return undefined;
    }
    const methodRefused = methodRefusal(req.method, target, publicFiles);
    if (methodRefused) return edgeRefusal(405, `method ${req.method} not allowed here`, { allow: methodRefused.allow });
    // Next 16.4 answers a Range it cannot satisfy or parse on a file ("bytes=99999999-") with a 500. The
    // files are small and nothing here needs a part of one: they are sent whole (RFC 9110 §14.2 allows it),
    // and the answer says so rather than Next's "Accept-Ranges: bytes".
    if (isStaticPath(target, publicFiles)) {
      delete req.headers.range;
      delete req.headers['if-range'];
      res.setHeader('Accept-Ranges', 'none');
    }
    if (hasMalformedPath(target)) {
      if (isApiPath(target)) return malformedPathRefusal();
      req.url = basePath + NOT_FOUND_PATH;
      target = NOT_FOUND_PATH;
    }
    if (!isReadableRouterState(req.headers[ROUTER_STATE_HEADER])) return edgeRefusal(400, 'the Next-Router-State-Tree header is not a route tree');
    if (req.method !== 'POST' || isApiPath(target) || !actions) return undefined;
    const decision = pagePostDecision(req.headers, actions.ids);
    if (decision.refusal || !decision.read) return decision.refusal;
    // A call from the page's script may name any action (Next forwards it to a page that has it); a form only its page's.
    const allowed = decision.read === 'form' ? (actions.byPage.get(pageOf(target, pageRoutes)) ?? new Set()) : actions.ids;
    return actionBodyRefusal(req, decision.read, allowed);
  }

  /** Said once per process: a proxy no setting trusts sends every request through it. */
  let proxyWarned = false;

  server.on('request', (req, res) => {
    // Stopping: this answer is the connection's last, so that a proxy or client takes the next request elsewhere.
    if (stopping) res.setHeader('connection', 'close');
    if (!proxyWarned) {
      const warning = untrustedProxyWarning(req.headers, hops);
      if (warning) {
        proxyWarned = true;
        console.error(JSON.stringify({ time: new Date().toISOString(), ...warning }));
      }
    }
    applyClientAddress(req.headers, req.socket.remoteAddress, hops);
    // With metrics on (METRICS_PORT), the request counts under its route pattern, from now to the end of its answer.
    measureRequest(req, res, routeOf);
    // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), the request's span is the root of its trace.
    inRequestSpan(req, res, () => answer(req, res));
  });

  /** A refusal, a precompressed file, or Next's answer. */
  function answer(req, res) {
    return refusalFor(req, res)
      .then(async (refusal) => {
        // Nobody is left to answer.
        if (refusal === 'aborted') return res.destroy();
        if (refusal) return send(res, refusal);
        if (precompressed && (await precompressed(req, res))) return;
        return handle(req, res);
      })
      .catch((error) => {
        // Next answers its own errors; this is only for a failure inside the handler itself.
        console.error(error instanceof Error ? error.message : String(error));
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end();
      });
  }

  // Node hands CONNECT (a proxy tunnel) to this event instead of 'request'; without it the socket just closes.
  server.on('connect', (req, socket) => {
    const refusal = edgeRefusal(405, 'method CONNECT not allowed here', { allow: 'GET, HEAD, POST', connection: 'close' });
    const head = Object.entries({ ...refusal.headers, 'content-length': Buffer.byteLength(refusal.body) }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.on('error', () => undefined);
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head.join('')}\r\n${refusal.body}`);
  });

  // A port in use or not permitted stops the start with the reason, as a wrong configuration does.
  server.on('error', (error) => fail(`Cannot listen on ${hostname ?? 'every interface'}, port ${port}: ${error.message}`));

  await app.prepare();
  if (!dev) {
    actions = readActions(path.join(distDir, 'server', 'server-reference-manifest.json'));
    pageRoutes = readPageRoutes(path.join(distDir, 'app-path-routes-manifest.json'));
    if (metrics) routePatterns = readRoutePatterns(path.join(distDir, 'app-path-routes-manifest.json'));
    // The same headers as next.config.mjs gives every path, by the same reading of NODE_ENV.
    precompressed = precompressedFiles(path.join(distDir, 'static'), securityHeaders(process.env.NODE_ENV === 'production'), basePath);
  }
  if (stopping) return;
  server.listen(port, hostname, () => {
    const address = server.address();
    rememberOwnOrigin(address);
    const shown = typeof address === 'object' && address ? `${hostname ?? 'localhost'}:${address.port}` : String(address);
    console.log(`> Ready on http://${shown}${basePath} (${dev ? 'development' : process.env.NODE_ENV}, TRUST_PROXY_HOPS=${hops})`);
  });

  /**
   * A stop (SIGTERM from a service manager, `docker stop` or the primary; Ctrl-C) lets the requests
   * in flight — a participant's save among them — finish: no new connection is taken, a request that
   * still arrives on an open one is answered and its connection closed, and the readiness probe says
   * draining (app/api/ready). Then the embedded API's database is closed, which on PGlite gives the
   * data folder back (the admin command line can run at once), and the demo PayPal provider's, so
   * that its PGlite folder is left as after a clean stop. A second signal ends the process at once;
   * SHUTDOWN_TIMEOUT_MS (10 s) cuts off what still runs, closes the databases and exits 1.
   */
  async function closeStarted(key) {
    const started = globalThis[Symbol.for(key)];
    if (!started) return;
    try {
      // The embedded API's close() also lets the confirmation mails under way finish (lib/embedded-api/index.ts).
      await (await started).close();
    } catch {
      // It never opened, or is closed already: nothing to give back.
    }
  }
  // Tracing, when on, sends the spans it still holds (lib/tracing/start.ts).
  function closeDatabases() {
    return Promise.all([closeStarted('assessment-web.embedded-api'), closeStarted('assessment-web.paypal-demo'), closeStarted('assessment-web.tracing')]);
  }
  function stop(signal) {
    if (stopping) {
      // A worker gets the service manager's signal (sent to every process of the service) and the
      // primary's SIGTERM, in either order: one stop. A second signal is the primary's to act on
      // (it ends the workers); a single process ends at once.
      if (cluster.isWorker) return;
      process.exit(1);
    }
    stopping = true;
    globalThis[DRAINING] = true;
    if (!server.listening) {
      // Stopped while starting: nothing is in flight.
      closeDatabases().finally(() => process.exit(0));
      return;
    }
    console.log(`> ${signal}: finishing requests in flight, then stopping`);
    const closing = setInterval(() => connections.closeIdle(), 200);
    let timedOut = false;
    const late = setTimeout(() => {
      // Past the time limit: what still runs is cut off, the databases are still closed cleanly, and the exit says it.
      timedOut = true;
      console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', event: 'stop_timeout', reason: `requests still in flight after SHUTDOWN_TIMEOUT_MS=${shutdownMs}: cut off` }));
      connections.closeAll();
      Promise.race([closeDatabases(), new Promise((resolve) => setTimeout(resolve, 2000))]).finally(() => process.exit(1));
    }, shutdownMs);
    // At the end of this turn of the event loop, so that a connection whose arrival it has seen
    // already is accepted and answered rather than reset with the listening socket.
    setImmediate(() =>
      connections.stopListening(() => {
        clearInterval(closing);
        clearTimeout(late);
        // Once cut off, the time limit's exit stands, whichever comes first.
        if (!timedOut) closeDatabases().finally(() => process.exit(0));
      }),
    );
    // A connection with a request in flight is closed once its answer is out (Connection: close); an
    // idle one on the interval's next look, after the event loop has read what may be on its way (lib/edge/connections.mjs).
    connections.closeIdle();
  }
}
