import { getConfig } from '@/lib/config';
import { embeddedApi } from '@/lib/embedded-api';

/**
 * For load balancers and operators: 200 when this instance can answer, 503 when it cannot. It says
 * nothing else: what runs behind it (database kind, upstream) is no business of the public.
 */
export async function GET(): Promise<Response> {
  const config = getConfig();
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (!config.embeddedApi) return new Response(JSON.stringify({ status: 'ok' }), { headers });
  try {
    const api = await embeddedApi();
    await api.db.query('select 1');
    return new Response(JSON.stringify({ status: 'ok' }), { headers });
  } catch {
    return new Response(JSON.stringify({ status: 'unavailable' }), { status: 503, headers });
  }
}
