// Plain JavaScript: server.mjs imports this before anything is compiled (see refusal.d.mts).

/**
 * Every refusal, server.mjs's and the proxy's (lib/proxy/refusal.ts builds its Response from this):
 * JSON {statusCode, detailCode, error}; detailCode 0 unless a refusal has its own. statusCode 5 (PostDataIsInvalid) says the request itself was
 * wrong, 0 (Undefined) anything else; the numbers are lib/api/codes.ts's (checked by
 * lib/proxy/refusal.test.ts), written out because plain JavaScript cannot import it.
 */
export function edgeRefusal(status, error, headers = {}, detailCode = 0) {
  const statusCode = status === 400 || status === 413 || status === 415 ? 5 : 0;
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers },
    body: JSON.stringify({ statusCode, detailCode, error }),
  };
}
