import { getConfig } from '@/lib/config';
import { embeddedApi } from '@/lib/embedded-api';

/** For load balancers and operators: 200 when this instance can answer, 503 when it cannot. */
export async function GET(): Promise<Response> {
  const config = getConfig();
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (!config.embeddedApi) return new Response(JSON.stringify({ status: 'ok', upstream: 'external' }), { headers });
  try {
    const api = await embeddedApi();
    await api.db.query('select 1');
    return new Response(JSON.stringify({ status: 'ok', upstream: 'embedded', database: api.db.kind }), { headers });
  } catch {
    return new Response(JSON.stringify({ status: 'unavailable', upstream: 'embedded' }), { status: 503, headers });
  }
}
