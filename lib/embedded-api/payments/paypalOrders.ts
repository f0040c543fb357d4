import { z } from 'zod';
import { ORDER_ID } from '@/lib/paypal/orderShape';

/**
 * A small client of PayPal's Orders API v2 (https://developer.paypal.com/docs/api/orders/v2/),
 * with plain fetch: an OAuth 2.0 access token by client credentials (POST /v1/oauth2/token, Basic
 * auth with client id and secret, body grant_type=client_credentials), kept until shortly before
 * its expires_in runs out; an order read (GET /v2/checkout/orders/{id}); an order captured
 * (POST /v2/checkout/orders/{id}/capture) where the flow leaves capturing to the server.
 *
 * Nothing here throws on what the network or PayPal do: every failure (time limit, network,
 * 4xx, 5xx, a body that is not the expected shape) comes back as a PayPalFailure. The client
 * secret and the access token appear in no outcome, no error message and no log line; a failure
 * carries only the HTTP status, PayPal's error name or issue and its debug_id (for PayPal support).
 */

export type PayPalSettings = {
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or a stand-in. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** Time limit of one operation (token and call together), in milliseconds. */
  timeoutMs: number;
};

/**
 * timeout: no full answer within the time limit; network: no answer at all (refused, reset, DNS);
 * unauthorized: PayPal did not take our credentials or token (401), a configuration error;
 * notFound: no such order for our app (404; PayPal also answers 403 for another app's order);
 * rejected: any other 4xx, with PayPal's issue (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, ...);
 * serverError: 5xx; malformed: an answer that is not JSON of the expected shape.
 */
export type PayPalFailure =
  | { failed: 'timeout' }
  | { failed: 'network' }
  | { failed: 'unauthorized'; httpStatus: number; debugId?: string }
  | { failed: 'notFound'; httpStatus: number; debugId?: string }
  | { failed: 'rejected'; httpStatus: number; issue?: string; debugId?: string }
  | { failed: 'serverError'; httpStatus: number; debugId?: string }
  | { failed: 'malformed'; httpStatus: number };

export type PayPalResult<T> = { ok: true; value: T } | { ok: false; failure: PayPalFailure };

const Money = z.object({ currency_code: z.string(), value: z.string() });

const Capture = z.object({
  id: z.string(),
  /** COMPLETED, DECLINED, PARTIALLY_REFUNDED, PENDING, REFUNDED, FAILED (kept open: PayPal adds values). */
  status: z.string(),
  amount: Money.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  final_capture: z.boolean().optional(),
});

const PurchaseUnit = z.object({
  reference_id: z.string().optional(),
  amount: Money.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  payments: z.object({ captures: z.array(Capture).optional() }).optional(),
});

/** The parts of an order the verification reads; unknown fields pass (and are dropped). */
const Order = z.object({
  id: z.string(),
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED (kept open as well). */
  status: z.string(),
  intent: z.string().optional(),
  purchase_units: z.array(PurchaseUnit).optional(),
});

export type PayPalOrder = z.infer<typeof Order>;
export type PayPalCapture = z.infer<typeof Capture>;

const Token = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.number().positive() });

/** PayPal's error body (Orders v2: name, message, debug_id, details[].issue). */
const ErrorBody = z.object({
  name: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});

/** Bodies larger than this are no answer of PayPal's to us. */
const MAX_BODY_CHARS = 1_000_000;
/** A token is renewed this long before PayPal says it expires (at most half its lifetime). */
const RENEW_BEFORE_MS = 60_000;

/** One time limit over several calls: a timer of our own, cleared by whoever made it (lib/upstream/transport.ts says why). */
export function startDeadline(timeoutMs: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('no answer in time', 'TimeoutError')), timeoutMs);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

export type PayPalOrdersClient = {
  readonly timeoutMs: number;
  /** Reads an order. signal: a deadline shared with other calls; without it, one of timeoutMs. */
  getOrder(orderId: string, signal?: AbortSignal): Promise<PayPalResult<PayPalOrder>>;
  /**
   * Captures an approved order. requestId goes out as PayPal-Request-Id, so that the same capture
   * asked twice (a retry, two servers at once) is carried out once and answered alike.
   */
  captureOrder(orderId: string, requestId: string, signal?: AbortSignal): Promise<PayPalResult<PayPalOrder>>;
};

type Raw = { status: number; text: string } | { failure: PayPalFailure };

export function paypalOrdersClient(settings: PayPalSettings, clock: () => number = Date.now): PayPalOrdersClient {
  const base = settings.apiBase.replace(/\/+$/, '');
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<PayPalResult<string>> | undefined;

  async function send(path: string, init: RequestInit, signal: AbortSignal): Promise<Raw> {
    try {
      const response = await fetch(`${base}${path}`, { ...init, signal, redirect: 'error', cache: 'no-store' });
      // The body is read under the same time limit: a body that comes too late is a timeout.
      const text = await response.text();
      return { status: response.status, text };
    } catch {
      // Whatever fetch threw (its message may quote the address, never a header), only its kind is kept.
      return { failure: signal.aborted ? { failed: 'timeout' } : { failed: 'network' } };
    }
  }

  function failureOf(status: number, text: string): PayPalFailure {
    const body = ErrorBody.safeParse(parseJson(text));
    const debugId = body.success ? body.data.debug_id : undefined;
    const issue = body.success ? (body.data.details?.[0]?.issue ?? body.data.name) : undefined;
    const withDebug = debugId ? { debugId } : {};
    if (status >= 500) return { failed: 'serverError', httpStatus: status, ...withDebug };
    if (status === 401) return { failed: 'unauthorized', httpStatus: status, ...withDebug };
    if (status === 403 || status === 404) return { failed: 'notFound', httpStatus: status, ...withDebug };
    return { failed: 'rejected', httpStatus: status, ...(issue && { issue }), ...withDebug };
  }

  function parsed<T>(raw: Raw, schema: z.ZodType<T>): PayPalResult<T> {
    if ('failure' in raw) return { ok: false, failure: raw.failure };
    if (raw.status < 200 || raw.status > 299) return { ok: false, failure: failureOf(raw.status, raw.text) };
    const result = raw.text.length > MAX_BODY_CHARS ? undefined : schema.safeParse(parseJson(raw.text));
    if (!result?.success) return { ok: false, failure: { failed: 'malformed', httpStatus: raw.status } };
    return { ok: true, value: result.data };
  }

  async function fetchToken(signal: AbortSignal): Promise<PayPalResult<string>> {
    const raw = await send(
      '/v1/oauth2/token',
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
      },
      signal,
    );
    const result = parsed(raw, Token);
    if (!result.ok) return result;
    const lifetime = result.value.expires_in * 1000;
    cached = { token: result.value.access_token, renewAt: clock() + lifetime - Math.min(RENEW_BEFORE_MS, lifetime / 2) };
    return { ok: true, value: result.value.access_token };
  }

  /** The cached token, or a new one; callers at the same time share one token request. */
  function token(signal: AbortSignal): Promise<PayPalResult<string>> {
    if (cached && clock() < cached.renewAt) return Promise.resolve({ ok: true, value: cached.token });
    pending ??= fetchToken(signal).finally(() => (pending = undefined));
    return pending;
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) gets one more try with a new token. */
  async function call<T>(path: string, init: RequestInit, schema: z.ZodType<T>, signal: AbortSignal): Promise<PayPalResult<T>> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await token(signal);
      if (!bearer.ok) return bearer;
      const headers = { ...(init.headers as Record<string, string>), authorization: `Bearer ${bearer.value}`, accept: 'application/json' };
      const raw = await send(path, { ...init, headers }, signal);
      if ('status' in raw && raw.status === 401 && attempt === 0) {
        if (cached?.token === bearer.value) cached = undefined;
        continue;
      }
      return parsed(raw, schema);
    }
  }

  async function within<T>(signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal) return run(signal);
    const deadline = startDeadline(settings.timeoutMs);
    try {
      return await run(deadline.signal);
    } finally {
      deadline.clear();
    }
  }

  const badId = (): PayPalResult<never> => ({ ok: false, failure: { failed: 'notFound', httpStatus: 0 } });

  return {
    timeoutMs: settings.timeoutMs,
    getOrder(orderId, signal) {
      if (!ORDER_ID.test(orderId)) return Promise.resolve(badId());
      return within(signal, (s) => call(`/v2/checkout/orders/${orderId}`, { method: 'GET' }, Order, s));
    },
    captureOrder(orderId, requestId, signal) {
      if (!ORDER_ID.test(orderId)) return Promise.resolve(badId());
      const init: RequestInit = {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'return=representation', 'paypal-request-id': requestId },
        body: '{}',
      };
      return within(signal, (s) => call(`/v2/checkout/orders/${orderId}/capture`, init, Order, s));
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
