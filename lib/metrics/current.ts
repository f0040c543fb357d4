import { METRICS_KEY } from './request.mjs';
import type { Metrics } from './start.mjs';

/*
 * The running metrics, as the SQL layer, the upstream client and the mail sender reach them:
 * through globalThis, where ./start.mjs puts them when METRICS_PORT is set (server.mjs, before
 * Next loads). While metrics are off nothing is there, prom-client is not loaded, and each of them
 * pays one property read.
 */

export type { Metrics } from './start.mjs';

type Holder = { [METRICS_KEY]?: Metrics };

export function currentMetrics(): Metrics | undefined {
  return (globalThis as Holder)[METRICS_KEY];
}
