import { upstreamIsReady } from '@/lib/upstream/health';

/**
 * For load balancers and operators: 200 when this instance can answer, 503 when it cannot. It says
 * nothing else: what runs behind it (database kind, upstream) is no business of the public.
 */
export async function GET(): Promise<Response> {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (await upstreamIsReady()) return new Response(JSON.stringify({ status: 'ok' }), { headers });
  return new Response(JSON.stringify({ status: 'unavailable' }), { status: 503, headers });
}
