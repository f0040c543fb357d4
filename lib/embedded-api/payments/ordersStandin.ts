import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newPaypalId, orderRepresentation, paypalError, type OrderState } from '@/lib/paypal/orderShape';

/**
 * A stand-in of PayPal's Orders API v2, an HTTP server in this process on a free loopback port,
 * for the integration tests of the payment verification: the token endpoint (Basic auth with the
 * configured client id and secret), reading and capturing orders (Bearer token it issued), in
 * PayPal's shapes, with the answers a verification must cope with. It records what it was asked.
 *
 * Order scenarios (addOrder):
 *  - completed: COMPLETED, with a COMPLETED capture of its amount;
 *  - approved: APPROVED, not captured; a capture makes it COMPLETED with a COMPLETED capture;
 *  - approvedThenDeclined: APPROVED; a capture makes it COMPLETED with a DECLINED capture;
 *  - declined: COMPLETED with a DECLINED capture;
 *  - pendingCapture: COMPLETED with a capture PENDING (for instance an eCheck not cleared);
 *  - created: CREATED, the buyer has not approved (a capture answers 422 ORDER_NOT_APPROVED);
 *  - voided: VOIDED;
 *  - hang: reading or capturing it never answers;
 *  - serverError: reading or capturing it answers 500 INTERNAL_SERVER_ERROR;
 *  - malformed: reading or capturing it answers 200 with JSON that is no order.
 * A wrong amount or currency is an order added with that amount or currency.
 */

export type StandinScenario = 'completed' | 'approved' | 'approvedThenDeclined' | 'declined' | 'pendingCapture' | 'created' | 'voided' | 'hang' | 'serverError' | 'malformed';

export type StandinOrderInit = {
  scenario: StandinScenario;
  /** Goes into custom_id. */
  transactionId?: string;
  /** Goes into invoice_id. */
  invoiceId?: string;
  /** PayPal's amount string, "345.67". */
  value: string;
  currency?: string;
};

export type RecordedRequest = { method: string; path: string; authorization?: string; requestId?: string; body: string };

export type OrdersStandin = {
  /** The API base, http://127.0.0.1:<port>. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request in the order it came. */
  requests: RecordedRequest[];
  /** What the token endpoint does: answer, hang, 500, or refuse the credentials (401). */
  tokenAnswer: 'ok' | 'hang' | 'serverError' | 'refuse';
  /** expires_in of the tokens it issues, in seconds. */
  tokenTtlSeconds: number;
  addOrder(init: StandinOrderInit): string;
  /** The order as it stands now (PayPal's JSON), or undefined. */
  order(id: string): Record<string, unknown> | undefined;
  /** Forgets every token issued: the next call with one answers 401, as for an expired token. */
  revokeTokens(): void;
  close(): Promise<void>;
};

type StoredOrder = OrderState & { scenario: StandinScenario };

const newId = () => newPaypalId();

export async function startOrdersStandin(options: { clientId?: string; clientSecret?: string } = {}): Promise<OrdersStandin> {
  const clientId = options.clientId ?? 'standin-client-id';
  const clientSecret = options.clientSecret ?? 'standin-client-secret';
  const orders = new Map<string, StoredOrder>();
  const tokens = new Set<string>();
  /** Answers of captures by PayPal-Request-Id: the same request id gets the same answer. */
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];

  const state = { tokenAnswer: 'ok' as OrdersStandin['tokenAnswer'], tokenTtlSeconds: 32_400 };

  const representation = (order: StoredOrder) => orderRepresentation(order);
  const error = paypalError;

  function send(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  function handleToken(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    if (state.tokenAnswer === 'hang') return;
    if (state.tokenAnswer === 'serverError') return send(response, 500, error('INTERNAL_SERVER_ERROR'));
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const grant = new URLSearchParams(body).get('grant_type');
    if (state.tokenAnswer === 'refuse' || request.headers.authorization !== expected) {
      return send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (grant !== 'client_credentials' || !request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return send(response, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${crypto.randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    send(response, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-STANDIN',
      expires_in: state.tokenTtlSeconds,
      nonce: newId(),
    });
  }

  function capture(order: StoredOrder): { status: number; body: unknown } {
    if (order.status === 'COMPLETED') return { status: 422, body: error('UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED') };
    if (order.status !== 'APPROVED') return { status: 422, body: error('UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED') };
    order.status = 'COMPLETED';
    order.captures = [{ id: newId(), status: order.scenario === 'approvedThenDeclined' ? 'DECLINED' : 'COMPLETED' }];
    return { status: 201, body: representation(order) };
  }

  function handleOrders(request: http.IncomingMessage, path: string, response: http.ServerResponse) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return send(response, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? orders.get(match[1]!) : undefined;
    if (!match || !order) return send(response, 404, error('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
    if (order.scenario === 'hang') return;
    if (order.scenario === 'serverError') return send(response, 500, error('INTERNAL_SERVER_ERROR'));
    if (order.scenario === 'malformed') return send(response, 200, { id: order.id, purchase_units: 'none' });
    if (!match[2]) return request.method === 'GET' ? send(response, 200, representation(order)) : send(response, 405, error('METHOD_NOT_SUPPORTED'));
    if (request.method !== 'POST') return send(response, 405, error('METHOD_NOT_SUPPORTED'));
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${order.id}/${requestId}` : undefined;
    const answer = (key && replays.get(key)) || capture(order);
    if (key) replays.set(key, answer);
    send(response, answer.status, answer.body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = new URL(request.url ?? '/', 'http://standin.invalid').pathname;
      const requestId = request.headers['paypal-request-id'];
      requests.push({
        method: request.method ?? '',
        path,
        ...(request.headers.authorization && { authorization: request.headers.authorization }),
        ...(typeof requestId === 'string' && { requestId }),
        body,
      });
      if (path === '/v1/oauth2/token' && request.method === 'POST') return handleToken(request, body, response);
      if (path.startsWith('/v2/checkout/orders/')) return handleOrders(request, path, response);
      send(response, 404, error('RESOURCE_NOT_FOUND'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const initialStatus: Record<StandinScenario, string> = {
    completed: 'COMPLETED',
    approved: 'APPROVED',
    approvedThenDeclined: 'APPROVED',
    declined: 'COMPLETED',
    pendingCapture: 'COMPLETED',
    created: 'CREATED',
    voided: 'VOIDED',
    hang: 'COMPLETED',
    serverError: 'COMPLETED',
    malformed: 'COMPLETED',
  };
  const initialCapture: Partial<Record<StandinScenario, string>> = { completed: 'COMPLETED', declined: 'DECLINED', pendingCapture: 'PENDING' };

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    get tokenAnswer() {
      return state.tokenAnswer;
    },
    set tokenAnswer(value) {
      state.tokenAnswer = value;
    },
    get tokenTtlSeconds() {
      return state.tokenTtlSeconds;
    },
    set tokenTtlSeconds(value) {
      state.tokenTtlSeconds = value;
    },
    addOrder(init) {
      const id = newId();
      const captureStatus = initialCapture[init.scenario];
      orders.set(id, {
        id,
        scenario: init.scenario,
        status: initialStatus[init.scenario],
        amount: { currency_code: init.currency ?? 'EUR', value: init.value },
        ...(init.transactionId !== undefined && { customId: init.transactionId }),
        ...(init.invoiceId !== undefined && { invoiceId: init.invoiceId }),
        captures: captureStatus ? [{ id: newId(), status: captureStatus }] : [],
      });
      return id;
    },
    order(id) {
      const stored = orders.get(id);
      return stored && representation(stored);
    },
    revokeTokens() {
      tokens.clear();
    },
    close() {
      // Requests left hanging on purpose are cut, so that closing does not wait for them.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
