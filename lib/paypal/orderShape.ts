import crypto from 'node:crypto';

/**
 * PayPal's JSON shapes of the Orders API v2 (https://developer.paypal.com/docs/api/orders/v2/), as
 * the two stand-ins answer them: the embedded API's test stand-in
 * (lib/embedded-api/payments/ordersStandin.ts) and the demo provider (lib/paypal-demo). Neutral
 * ground, pure and importing nothing of either, so that both speak what the embedded API's client
 * (payments/paypalOrders.ts) reads while neither imports the other.
 */

/** Where the app serves the demo provider (app/api/paypal-demo): the embedded API asks it there, as it would ask PayPal. */
export const DEMO_API_PATH = '/api/paypal-demo';

/** PayPal's order ids, as its API reference gives the path parameter: ^[A-Z0-9]+$, 1 to 36 characters. */
export const ORDER_ID = /^[A-Z0-9]{1,36}$/;

export type Money = { currency_code: string; value: string };

export type OrderState = {
  id: string;
  /** CREATED, APPROVED, VOIDED, COMPLETED. */
  status: string;
  amount: Money;
  customId?: string;
  invoiceId?: string;
  description?: string;
  /** The buyer who approved (PayPal's payer_id). */
  payerId?: string;
  captures: Array<{ id: string; status: string }>;
};

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** Ids of PayPal's form: upper-case letters and digits (orders and captures 17, payers 13). */
export const newPaypalId = (length = 17) => Array.from(crypto.randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('');

/** An order as PayPal answers it (GET, create, capture with Prefer: return=representation). */
export function orderRepresentation(order: OrderState, linkBase = '') {
  const ids = { ...(order.customId !== undefined && { custom_id: order.customId }), ...(order.invoiceId !== undefined && { invoice_id: order.invoiceId }) };
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    ...(order.payerId !== undefined && { payer: { payer_id: order.payerId } }),
    purchase_units: [
      {
        reference_id: 'default',
        amount: order.amount,
        ...(order.description !== undefined && { description: order.description }),
        ...ids,
        ...(order.captures.length > 0 && {
          payments: { captures: order.captures.map((capture) => ({ id: capture.id, status: capture.status, amount: order.amount, final_capture: true, ...ids })) },
        }),
      },
    ],
    links: [{ href: `${linkBase}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
  };
}

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  METHOD_NOT_SUPPORTED: 'The server does not implement the requested HTTP method.',
  PERMISSION_DENIED: 'You do not have permission to access or perform operations on this resource.',
  RATE_LIMIT_REACHED: 'Too many requests. Blocked due to rate limiting.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
};

export type ErrorDetail = { issue: string; field?: string; location?: 'body' | 'path' | 'header'; description?: string };

/** PayPal's error body: name, message, debug_id, details[] (the client reads details[0].issue). */
export function paypalError(name: string, detail?: ErrorDetail | string) {
  const details = typeof detail === 'string' ? [{ issue: detail }] : detail ? [detail] : undefined;
  return { name, message: MESSAGES[name] ?? name, debug_id: newPaypalId(13).toLowerCase(), ...(details && { details }) };
}
