import { DetailCode, StatusCode } from '@/lib/api/codes';

/** Every refusal of the proxy: JSON {statusCode, detailCode, error} with a 4xx status. */
export function refuse(status: 400 | 403 | 404 | 405 | 413 | 415, error: string, headers: Record<string, string> = {}): Response {
  const statusCode = status === 400 || status === 413 || status === 415 ? StatusCode.PostDataIsInvalid : StatusCode.Undefined;
  return new Response(JSON.stringify({ statusCode, detailCode: DetailCode.NoDetails, error }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
