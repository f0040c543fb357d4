// Plain JavaScript: server.mjs imports this before anything is compiled (see request.d.mts).
/**
 * Where the running metrics live (./current.ts for the app's code): ./start.mjs puts them on
 * globalThis when METRICS_PORT is set; nothing is there, and prom-client is not loaded, while
 * metrics are off. On globalThis because Next bundles route handlers and pages apart: the SQL
 * layer, the upstream client and server.mjs must all count into the one registry.
 */
export const METRICS_KEY = Symbol.for('assessment-web.metrics');

/**
 * Counts one request, from the moment server.mjs has it to the end of its answer, under the route
 * pattern routeOf gives for its target (./route.mjs), taken now before anything rewrites it.
 * Without metrics it does nothing but read one property.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {(url: string | undefined) => string} routeOf
 */
export function measureRequest(req, res, routeOf) {
  globalThis[METRICS_KEY]?.request(req, res, routeOf);
}
