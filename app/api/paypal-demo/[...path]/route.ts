import { getConfig } from '@/lib/config';
import { logEvent } from '@/lib/log/logger';
import { demoProvider } from '@/lib/paypal-demo/provider';
import { DEMO_NOT_SERVED, demoProviderServed } from '@/lib/paypal-demo/served';
import { paypalError } from '@/lib/paypal/orderShape';
import { clientAddressOf, isFromOwnPage, readLimitedBody } from '@/lib/proxy/checks';
import { refuse } from '@/lib/proxy/refusal';

type Context = { params: Promise<{ path: string[] }> };

/** An order's body is a few hundred bytes; the token's a few dozen. */
const BODY_LIMIT_BYTES = 16 * 1024;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });

/** The demo provider's Orders API (lib/paypal-demo/ordersApi.ts); 404 unless PAYPAL_MODE=demo with the embedded API. */
async function serveDemo(request: Request, context: Context): Promise<Response> {
  const config = getConfig();
  if (!demoProviderServed(config)) return refuse(404, DEMO_NOT_SERVED);
  const { path } = await context.params;
  const body = request.method === 'POST' ? await readLimitedBody(request, BODY_LIMIT_BYTES) : '';
  if (body === 'aborted') return new Response(null, { status: 400 });
  if (body === 'too-large') return json(413, paypalError('INVALID_REQUEST', { issue: 'REQUEST_ENTITY_TOO_LARGE', location: 'body', description: `At most ${BODY_LIMIT_BYTES} bytes.` }));
  try {
    const api = await demoProvider(config);
    const answer = await api({
      method: request.method,
      path,
      headers: request.headers,
      body,
      clientAddress: clientAddressOf(request.headers) ?? 'unknown',
      sameOrigin: isFromOwnPage(request.headers, config.TRUST_PROXY_HOPS),
    });
    return json(answer.status, answer.body);
  } catch (error) {
    // The database out of reach: PayPal's 503, which the server's client takes as "try again".
    logEvent('error', 'paypal_demo_failure', { reason: error instanceof Error ? error.message : String(error) });
    return json(503, paypalError('SERVICE_UNAVAILABLE'));
  }
}

export const GET = serveDemo;
export const POST = serveDemo;
export const PUT = serveDemo;
export const PATCH = serveDemo;
export const DELETE = serveDemo;
export const OPTIONS = serveDemo;
