import { isDraining } from '@/lib/edge/draining.mjs';
import { getConfig } from '@/lib/config';
import { upstreamIsReady } from '@/lib/upstream/health';

/**
 * The readiness probe, beside /api/health (liveness): whether a load balancer should send new
 * participants here. 503 "draining" once a stop began (server.mjs: the requests in flight still
 * finish), 503 when the embedded API cannot read its database; 200 otherwise. Like /api/health it
 * names nothing of what runs behind it beyond that.
 */
export async function GET(): Promise<Response> {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  const answer = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers });
  if (isDraining()) return answer(503, { status: 'draining' });
  if (!getConfig().embeddedApi) return answer(200, { status: 'ready' });
  if (!(await upstreamIsReady())) return answer(503, { status: 'unavailable', database: 'unavailable' });
  // A stop may have begun while the database answered.
  return isDraining() ? answer(503, { status: 'draining' }) : answer(200, { status: 'ready', database: 'ok' });
}
