// Plain JavaScript: server.mjs and the primary (lib/edge/primary.mjs) serve the metrics with this (see endpoint.d.mts).
import crypto from 'node:crypto';
import { createServer } from 'node:http';
import { isLoopbackHost } from './settings.mjs';

/**
 * The metrics port (docs/operations.md#metrics): GET /metrics answers Prometheus' text format, and
 * nothing else is there. It is a server of its own, apart from the app's port, so that a proxy in
 * front of the app never passes a visitor to it. With METRICS_TOKEN every request must carry
 * `Authorization: Bearer <token>` (401 otherwise, before anything else is said); the comparison
 * takes the same time whatever the token sent.
 */

export const METRICS_PATH = '/metrics';

function log(level, event, fields) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'info') console.log(line);
  else console.error(line);
}

/** Equal or not, in a time that tells nothing about how much of the token was right, nor its length. */
function sameToken(sent, token) {
  const digest = (text) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(sent), digest(token));
}

/**
 * What to answer instead of the metrics, or undefined to serve them.
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} req
 * @param {string | undefined} token METRICS_TOKEN
 * @returns {{ status: number, headers: Record<string, string>, body: string } | undefined}
 */
export function metricsRefusal(req, token) {
  const text = (status, body, headers = {}) => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body: `${body}\n` });
  if (token !== undefined) {
    const match = /^Bearer +(\S+) *$/i.exec(String(req.headers.authorization ?? ''));
    if (!match || !sameToken(match[1], token)) return text(401, 'the metrics need the bearer token METRICS_TOKEN names', { 'www-authenticate': 'Bearer realm="metrics"' });
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, `method ${req.method} not allowed here`, { allow: 'GET, HEAD' });
  if ((req.url ?? '').split('?')[0] !== METRICS_PATH) return text(404, `nothing here: the metrics are at ${METRICS_PATH}`);
  return undefined;
}

/**
 * Listens on the metrics port; resolves once it does, and rejects with the reason it cannot.
 * @param {{ port: number, host: string, token: string | undefined }} settings
 * @param {() => Promise<{ contentType: string, body: string }>} scrape the registry's text at this moment
 * @returns {Promise<import('node:http').Server>}
 */
export function serveMetrics(settings, scrape) {
  const { port, host, token } = settings;
  const server = createServer((req, res) => {
    const refusal = metricsRefusal(req, token);
    if (refusal) {
      res.writeHead(refusal.status, { ...refusal.headers, 'cache-control': 'no-store' });
      res.end(refusal.body);
      return;
    }
    scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error) => {
        // A worker that did not answer in time (starting, stopping): this scrape has a gap, the next one will not.
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end(`metrics not collected: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`Cannot serve metrics on ${host}, port ${port} (METRICS_HOST, METRICS_PORT): ${error.message}`)));
    server.listen(port, host, () => {
      log('info', 'metrics_listening', { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${METRICS_PATH}`, token: token !== undefined });
      if (!isLoopbackHost(host) && token === undefined) {
        log('warn', 'metrics_unprotected', { reason: `METRICS_HOST=${host} without METRICS_TOKEN: whoever reaches port ${port} reads the metrics. Set METRICS_TOKEN, or keep the port behind a firewall` });
      }
      resolve(server);
    });
  });
}
