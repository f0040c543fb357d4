/**
 * npx tsx e2e/benchmarks/metrics.ts — what counting costs in the process (lib/metrics), next to
 * `npm run bench:classroom` with and without METRICS_PORT, which measures it on the whole server
 * (docs/measurements.md). Each figure is the mean of many calls after as many to warm up:
 *   - one request counted: its route pattern found in the build's manifest (lib/metrics/route.mjs)
 *     and the request histogram observed when its answer closes;
 *   - the route pattern alone;
 *   - one statement's duration, one login counted;
 *   - what a place pays with metrics off: one property read;
 *   - one scrape's text.
 * Needs `npm run build` first (the build's routes).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRoutePatterns } from '@/lib/edge/pageRoutes.mjs';
import { routeLabel } from '@/lib/metrics/route.mjs';
import { startMetrics } from '@/lib/metrics/start.mjs';

const metrics = startMetrics();
const build = { basePath: '', routes: readRoutePatterns('.next/app-path-routes-manifest.json'), publicFiles: new Set(['/logo.svg']) };

/** Microseconds per call, over n calls after n to warm up. */
function perCall(n: number, work: () => void): number {
  for (let i = 0; i < n; i++) work();
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) work();
  return Number(process.hrtime.bigint() - started) / n / 1000;
}

function countedRequest(): void {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true }) as unknown as ServerResponse;
  metrics.request({ url: '/kodew/KWDEMO01/en', method: 'GET' } as IncomingMessage, res, (url) => routeLabel(url, build));
  res.emit('close');
}

const off = Symbol.for('assessment-web.bench-nothing-here');
const figures = {
  'request counted': perCall(200_000, countedRequest),
  'route pattern alone': perCall(200_000, () => routeLabel('/api/submit/kodew/login', build)),
  'statement observed': perCall(500_000, () => metrics.query('SELECT', 0.0004)),
  'login counted': perCall(500_000, () => metrics.login('access_code', 'wrong_code')),
  'metrics off: one property read': perCall(5_000_000, () => (globalThis as { [off]?: { login(): void } })[off]?.login()),
};
for (const [what, us] of Object.entries(figures)) console.log(`${what}: ${us.toFixed(2)} µs`);
const started = process.hrtime.bigint();
void metrics.registry.metrics().then((text) => console.log(`one scrape: ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)} ms, ${text.length} bytes`));
