/**
 * The HTTP server in front of Next (`npm start`, `npm run dev`). Plain JavaScript, so that it runs
 * with node alone. Before Next sees a request it decides what Next cannot know or must not believe:
 *   - the client's address, from the socket's peer and TRUST_PROXY_HOPS (lib/edge/clientAddress.mjs),
 *     handed to the app as x-client-address; without trusted proxies the forwarding headers a client
 *     could forge are removed;
 *   - a path that is not valid percent-encoding becomes the 404 page (a JSON 400 under /api/), where
 *     Next would answer a plain-text 500.
 *
 *   node server.mjs [--dev] [-p|--port <port>] [-H|--hostname <host>]
 * PORT and HOSTNAME are read when the options are not given; the default is port 3000 on every interface.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyClientAddress, EDGE_SERVER_MARK, parseTrustedHops } from './lib/edge/clientAddress.mjs';
import { hasMalformedPath, isApiPath, malformedPathRefusal, NOT_FOUND_PATH } from './lib/edge/requestPath.mjs';

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

let hops;
try {
  hops = parseTrustedHops(process.env.TRUST_PROXY_HOPS);
} catch (error) {
  fail(error.message);
}

const { default: next } = await import('next');

// The app believes x-client-address only while this mark says that this server set it.
globalThis[EDGE_SERVER_MARK] = true;

const server = createServer();
const app = next({ dev, dir: path.dirname(new URL(import.meta.url).pathname), hostname: hostname ?? 'localhost', port, httpServer: server });
const handle = app.getRequestHandler();

server.on('request', (req, res) => {
  applyClientAddress(req.headers, req.socket.remoteAddress, hops);
  if (hasMalformedPath(req.url)) {
    if (isApiPath(req.url)) {
      res.writeHead(400, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(malformedPathRefusal());
      return;
    }
    req.url = NOT_FOUND_PATH;
  }
  handle(req, res).catch((error) => {
    // Next answers its own errors; this is only for a failure inside the handler itself.
    console.error(error instanceof Error ? error.message : String(error));
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end();
  });
});

// A port in use or not permitted stops the start with the reason, as a wrong configuration does.
server.on('error', (error) => fail(`Cannot listen on ${hostname ?? 'every interface'}, port ${port}: ${error.message}`));

await app.prepare();
server.listen(port, hostname, () => {
  const address = server.address();
  const shown = typeof address === 'object' && address ? `${hostname ?? 'localhost'}:${address.port}` : String(address);
  console.log(`> Ready on http://${shown} (${dev ? 'development' : process.env.NODE_ENV}, TRUST_PROXY_HOPS=${hops})`);
});
