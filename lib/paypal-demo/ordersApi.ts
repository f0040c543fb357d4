import { DEMO_PAYPAL_CLIENT_ID, DEMO_PAYPAL_CLIENT_SECRET } from '@/lib/config/paypal';
import { safeEqual } from '@/lib/crypto/hmac';
import { newPaypalId, ORDER_ID, orderRepresentation, paypalError } from '@/lib/paypal/orderShape';
import { isDemoBearer, issueDemoToken } from './accessTokens';
import { parseOrderBody } from './orderBody';
import type { DemoDatabase } from './database';
import { approveDemoOrder, captureDemoOrder, createDemoOrder, findDemoOrder } from './orderStore';

/**
 * The demo provider's stand-in of PayPal's Orders API v2, served by the app under
 * /api/paypal-demo (PAYPAL_MODE=demo with the embedded API): what the server asks (token, read,
 * capture, with the demo credentials and a Bearer token) and what the demo checkout script asks in
 * the buyer's browser (create, and approve, which on PayPal happens on PayPal's own pages). The
 * answers are PayPal's shapes, so that the embedded API verifies a demo payment with the very
 * client and checks it uses against PayPal, asking over HTTP as it asks PayPal.
 */

export type DemoRequest = {
  method: string;
  /** The path below /api/paypal-demo, split: ['v2', 'checkout', 'orders', id, 'capture']. */
  path: string[];
  headers: Headers;
  /** The body as text ('' for none). */
  body: string;
  /** The buyer's address (create counts orders by it). */
  clientAddress: string;
  /** Whether a browser sent it from a page of this app (create and approve come only from there). */
  sameOrigin: boolean;
};

export type DemoAnswer = { status: number; body: unknown };

export type DemoOrdersApiOptions = {
  /** The app's secret; tokens are signed with a key derived from it. */
  secret: string;
  now?: () => number;
};

const BASIC = `Basic ${Buffer.from(`${DEMO_PAYPAL_CLIENT_ID}:${DEMO_PAYPAL_CLIENT_SECRET}`).toString('base64')}`;

const notFound = (): DemoAnswer => ({ status: 404, body: paypalError('RESOURCE_NOT_FOUND', { issue: 'INVALID_RESOURCE_ID', location: 'path', description: 'Specified resource ID does not exist.' }) });
const methodNotSupported = (): DemoAnswer => ({ status: 405, body: paypalError('METHOD_NOT_SUPPORTED') });
const unauthorized = (): DemoAnswer => ({ status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } });
const crossOrigin = (): DemoAnswer => ({
  status: 403,
  body: paypalError('PERMISSION_DENIED', { issue: 'PERMISSION_DENIED', description: 'Orders of the demo provider are created and approved from pages of this app only.' }),
});

export function demoOrdersApi(db: DemoDatabase, { secret, now = Date.now }: DemoOrdersApiOptions) {
  function token(request: DemoRequest): DemoAnswer {
    if (request.method !== 'POST') return methodNotSupported();
    if (!safeEqual(request.headers.get('authorization') ?? '', BASIC)) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    const grant = new URLSearchParams(request.body).get('grant_type');
    if (grant !== 'client_credentials' || !request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const issued = issueDemoToken(secret, now());
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: issued.token,
        token_type: 'Bearer',
        app_id: 'APP-DEMO',
        expires_in: issued.expiresIn,
        nonce: newPaypalId(),
      },
    };
  }

  async function create(request: DemoRequest): Promise<DemoAnswer> {
    if (request.method !== 'POST') return methodNotSupported();
    if (!request.sameOrigin) return crossOrigin();
    const parsed = parseOrderBody(request.body);
    if (!parsed.ok) return { status: parsed.status, body: parsed.body };
    const order = await createDemoOrder(db, parsed.order, request.clientAddress, now());
    if (order === 'limit') return { status: 429, body: paypalError('RATE_LIMIT_REACHED') };
    return { status: 201, body: orderRepresentation(order) };
  }

  async function approve(request: DemoRequest, id: string): Promise<DemoAnswer> {
    if (!request.sameOrigin) return crossOrigin();
    const approved = await approveDemoOrder(db, id, now());
    if (approved === 'notFound') return notFound();
    if (approved === 'notApprovable') return { status: 422, body: paypalError('UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED') };
    return { status: 200, body: orderRepresentation(approved) };
  }

  async function capture(request: DemoRequest, id: string): Promise<DemoAnswer> {
    const requestId = request.headers.get('paypal-request-id') ?? undefined;
    const outcome = await captureDemoOrder(db, id, requestId, now());
    if ('captured' in outcome) return { status: 201, body: orderRepresentation(outcome.captured) };
    if (outcome.refused === 'notFound') return notFound();
    return { status: 422, body: paypalError('UNPROCESSABLE_ENTITY', outcome.refused) };
  }

  async function read(id: string): Promise<DemoAnswer> {
    const order = await findDemoOrder(db, id);
    return order ? { status: 200, body: orderRepresentation(order) } : notFound();
  }

  return async function answer(request: DemoRequest): Promise<DemoAnswer> {
    const [version, area, kind, id, action, ...rest] = request.path;
    if (version === 'v1' && area === 'oauth2' && kind === 'token' && id === undefined) return token(request);
    if (version !== 'v2' || area !== 'checkout' || kind !== 'orders' || rest.length > 0) return { status: 404, body: paypalError('RESOURCE_NOT_FOUND') };
    if (id === undefined) return create(request);
    if (!ORDER_ID.test(id)) return notFound();
    if (action === 'approve') return request.method === 'POST' ? approve(request, id) : methodNotSupported();
    // What the server asks needs the token of the demo credentials.
    if (action !== undefined && action !== 'capture') return { status: 404, body: paypalError('RESOURCE_NOT_FOUND') };
    const wanted = action === 'capture' ? 'POST' : 'GET';
    if (request.method !== wanted) return methodNotSupported();
    if (!isDemoBearer(request.headers.get('authorization'), secret, now())) return unauthorized();
    return action === 'capture' ? capture(request, id) : read(id);
  };
}
