import { edgeRefusal } from '@/lib/edge/refusal.mjs';

/**
 * Every refusal of the proxy: JSON {statusCode, detailCode, error} with a 4xx status, built by the
 * same helper as server.mjs's refusals (plain JavaScript, so that server.mjs runs without a build).
 */
export function refuse(status: 400 | 403 | 404 | 405 | 413 | 415, error: string, headers: Record<string, string> = {}, detailCode = 0): Response {
  const refusal = edgeRefusal(status, error, headers, detailCode);
  return new Response(refusal.body, { status: refusal.status, headers: refusal.headers });
}
