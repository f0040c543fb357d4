import { ORDER_ID } from '@/lib/paypal/orderShape';
import { startDeadline, type PayPalCapture, type PayPalFailure, type PayPalOrder, type PayPalOrdersClient } from './paypalOrders';

/**
 * Whether a payment the buyer's browser reports (submit/portal/sucessfullyPaid) is real. The
 * report is not trusted: PayPal is asked. Paid means all of
 *  - the order exists for our app (PayPal answers another app's order with 403 or 404),
 *  - it has one purchase unit, for this transaction (its custom_id or invoice_id is the stored
 *    transaction id), of exactly the expected amount in EUR,
 *  - the order is COMPLETED, and it has a capture COMPLETED of that same amount in EUR (PayPal:
 *    "a completed order can indicate a payment was authorized, an authorized payment was captured,
 *    or a payment was declined"; the capture's status is what says the money moved).
 * Amounts are compared as PayPal's strings ("345.67"), never as floating-point numbers.
 *
 * An APPROVED order (the buyer approved, nobody captured yet) is captured here, after the checks
 * above, with a PayPal-Request-Id derived from transaction and order, so that two reports at the
 * same time capture once. Whether the payment is recorded once is the caller's job (a unique
 * PayPal order id in the database).
 */

export const PAYMENT_CURRENCY = 'EUR';

/** An amount as PayPal writes EUR: digits, a point, two decimals. */
const EUR_AMOUNT = /^(0|[1-9][0-9]*)\.[0-9]{2}$/;

/** A stored price as the 2-decimal string PayPal compares with, or undefined when it is not one. */
export function eurAmount(price: string | number): string | undefined {
  if (typeof price === 'number') {
    // Integral cents, then back to text: 345.67 → "345.67", 10 → "10.00"; no float is compared.
    if (!Number.isFinite(price) || price < 0) return undefined;
    const cents = Math.round(price * 100);
    if (Math.abs(cents - price * 100) > 1e-6) return undefined;
    return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  }
  return EUR_AMOUNT.test(price) ? price : undefined;
}

export type ExpectedPayment = {
  /** The transaction id of submit/portal/invoiceinfo, as stored. */
  transactionId: string;
  /** The stored price as PayPal writes it ("345.67"; see eurAmount). */
  amount: string;
};

export type Unavailable = PayPalFailure['failed'];

export type Verification =
  | { outcome: 'paid'; orderId: string; captureId: string }
  /** Not (yet) paid: created but not approved, payer action required, or a capture still PENDING. */
  | { outcome: 'pending'; orderId: string }
  /** No money moved and none will: voided, capture DECLINED or FAILED, refunded, or authorized only. */
  | { outcome: 'declined'; orderId: string }
  | { outcome: 'wrongAmount'; orderId: string; amount?: string }
  | { outcome: 'wrongCurrency'; orderId: string; currency: string }
  | { outcome: 'wrongTransaction'; orderId: string }
  /** No such order for our app, or an order id that is none of PayPal's. */
  | { outcome: 'unknownOrder' }
  /** PayPal could not be asked: time limit, network, 5xx, an answer of the wrong shape, our credentials refused. */
  | { outcome: 'unavailable'; reason: Unavailable; httpStatus?: number; issue?: string; debugId?: string };

/** The request id of the one capture of this order for this transaction (PayPal-Request-Id, at most 108 characters). */
export const captureRequestId = (transactionId: string, orderId: string) => `capture-${orderId}-${transactionId}`.slice(0, 108);

export async function verifyPayment(client: PayPalOrdersClient, orderId: string, expected: ExpectedPayment): Promise<Verification> {
  if (!ORDER_ID.test(orderId)) return { outcome: 'unknownOrder' };
  if (!EUR_AMOUNT.test(expected.amount)) throw new TypeError('expected.amount must be a 2-decimal amount (eurAmount)');
  // One time limit for the whole verification: reading, and capturing where needed.
  const deadline = startDeadline(client.timeoutMs);
  try {
    const read = await client.getOrder(orderId, deadline.signal);
    if (!read.ok) return unavailable(read.failure);
    const first = judge(read.value, orderId, expected);
    if (first !== 'capture') return first;

    const captured = await client.captureOrder(orderId, captureRequestId(expected.transactionId, orderId), deadline.signal);
    if (captured.ok) return settle(judge(captured.value, orderId, expected), orderId);
    const { failure } = captured;
    if (failure.failed === 'rejected' && failure.issue === 'ORDER_ALREADY_CAPTURED') {
      // Captured meanwhile (another report of the same payment): read what it came to.
      const again = await client.getOrder(orderId, deadline.signal);
      return again.ok ? settle(judge(again.value, orderId, expected), orderId) : unavailable(again.failure);
    }
    // Not approved after all (ORDER_NOT_APPROVED, PAYER_ACTION_REQUIRED): the buyer has still to act.
    if (failure.failed === 'rejected') return { outcome: 'pending', orderId };
    return unavailable(failure);
  } finally {
    deadline.clear();
  }
}

/** After a capture the order cannot ask for another one: still APPROVED means not done yet. */
function settle(verdict: Verification | 'capture', orderId: string): Verification {
  return verdict === 'capture' ? { outcome: 'pending', orderId } : verdict;
}

function unavailable(failure: PayPalFailure): Verification {
  if (failure.failed === 'notFound') return { outcome: 'unknownOrder' };
  const { failed, ...details } = failure;
  return { outcome: 'unavailable', reason: failed, ...details };
}

/** The decision on one state of the order: a verdict, or 'capture' when it is approved and ours to capture. */
export function judge(order: PayPalOrder, orderId: string, expected: ExpectedPayment): Verification | 'capture' {
  // The order we asked for, and nothing else.
  if (order.id !== orderId) return { outcome: 'unknownOrder' };
  const units = order.purchase_units ?? [];
  if (units.length !== 1) return { outcome: 'wrongAmount', orderId };
  const unit = units[0]!;
  if (unit.custom_id !== expected.transactionId && unit.invoice_id !== expected.transactionId) return { outcome: 'wrongTransaction', orderId };
  const money = checkMoney(unit.amount, orderId, expected);
  if (money) return money;

  switch (order.status) {
    case 'COMPLETED':
      return judgeCaptures(unit.payments?.captures ?? [], orderId, expected);
    case 'APPROVED':
      // Only an order meant to be captured is captured; one for authorizing is not ours.
      return order.intent === undefined || order.intent === 'CAPTURE' ? 'capture' : { outcome: 'declined', orderId };
    case 'VOIDED':
      return { outcome: 'declined', orderId };
    default:
      // CREATED, SAVED, PAYER_ACTION_REQUIRED, and whatever PayPal adds: not paid yet.
      return { outcome: 'pending', orderId };
  }
}

function checkMoney(amount: { currency_code: string; value: string } | undefined, orderId: string, expected: ExpectedPayment): Verification | undefined {
  if (!amount) return { outcome: 'wrongAmount', orderId };
  if (amount.currency_code !== PAYMENT_CURRENCY) return { outcome: 'wrongCurrency', orderId, currency: amount.currency_code };
  if (amount.value !== expected.amount) return { outcome: 'wrongAmount', orderId, amount: amount.value };
  return undefined;
}

function judgeCaptures(captures: PayPalCapture[], orderId: string, expected: ExpectedPayment): Verification {
  const completed = captures.filter((capture) => capture.status === 'COMPLETED');
  if (completed.length === 1) {
    const capture = completed[0]!;
    // A capture that names a transaction must name this one.
    const names = [capture.custom_id, capture.invoice_id].filter((id) => id !== undefined);
    if (names.length > 0 && !names.includes(expected.transactionId)) return { outcome: 'wrongTransaction', orderId };
    return checkMoney(capture.amount, orderId, expected) ?? { outcome: 'paid', orderId, captureId: capture.id };
  }
  // Two completed captures of one order are more than the price; PayPal allows one for intent CAPTURE.
  if (completed.length > 1) return { outcome: 'wrongAmount', orderId };
  if (captures.some((capture) => capture.status === 'PENDING')) return { outcome: 'pending', orderId };
  // DECLINED, FAILED, REFUNDED, PARTIALLY_REFUNDED, or no capture at all (an order only authorized).
  return { outcome: 'declined', orderId };
}
