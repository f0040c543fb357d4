import { z } from 'zod';
import { paypalError } from '@/lib/paypal/orderShape';
import type { NewDemoOrder } from './orderStore';

/**
 * The body of an order the demo provider creates (POST /v2/checkout/orders), judged as PayPal
 * judges it: a body that does not fit the schema is a 400 INVALID_REQUEST, one that fits but asks
 * what the demo does not do (another intent or currency, an amount that is no amount of EUR) a 422
 * UNPROCESSABLE_ENTITY, each naming the field and PayPal's issue. The demo takes what the portal
 * sends: intent CAPTURE and one purchase unit of an amount in EUR.
 */

const MAX_TEXT = 127;

const CreateOrder = z.object({
  intent: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256).optional(),
        amount: z.object({ currency_code: z.string().length(3), value: z.string().max(32) }),
        description: z.string().max(MAX_TEXT).optional(),
        custom_id: z.string().max(MAX_TEXT).optional(),
        invoice_id: z.string().max(MAX_TEXT).optional(),
      }),
    )
    .min(1)
    .max(1),
});

/** Euros as PayPal writes them: no leading zeros, two decimals, at most 7 digits before the point. */
const EUR_VALUE = /^(0|[1-9][0-9]{0,6})\.[0-9]{2}$/;
const NUMBER = /^[0-9]+(\.[0-9]+)?$/;

export type OrderBodyResult = { ok: true; order: NewDemoOrder } | { ok: false; status: 400 | 422; body: ReturnType<typeof paypalError> };

const pointer = (path: PropertyKey[]) => `/${path.map(String).join('/')}`;

/** The value at an issue's path in the body as sent (undefined: the field is missing). */
function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), raw);
}

function invalid(raw: unknown, error: z.ZodError): OrderBodyResult {
  const issue = error.issues[0]!;
  const missing = issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined;
  const tooLong = issue.code === 'too_big' && issue.origin === 'string';
  const kind = missing ? 'MISSING_REQUIRED_PARAMETER' : tooLong ? 'INVALID_STRING_MAX_LENGTH' : 'INVALID_PARAMETER_VALUE';
  return { ok: false, status: 400, body: paypalError('INVALID_REQUEST', { field: pointer(issue.path), location: 'body', issue: kind, description: issue.message }) };
}

const unprocessable = (field: string, issue: string, description: string): OrderBodyResult => ({
  ok: false,
  status: 422,
  body: paypalError('UNPROCESSABLE_ENTITY', { field, location: 'body', issue, description }),
});

export function parseOrderBody(text: string): OrderBodyResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, body: paypalError('INVALID_REQUEST', { issue: 'MALFORMED_REQUEST_JSON', location: 'body', description: 'The request JSON is not well formed.' }) };
  }
  const parsed = CreateOrder.safeParse(raw);
  if (!parsed.success) return invalid(raw, parsed.error);
  const { intent, purchase_units: [unit] } = parsed.data;
  if (intent !== 'CAPTURE') return unprocessable('/intent', 'UNSUPPORTED_INTENT', 'The demo provider captures only: intent must be CAPTURE.');
  const { amount } = unit!;
  if (amount.currency_code !== 'EUR') return unprocessable('/purchase_units/0/amount/currency_code', 'CURRENCY_NOT_SUPPORTED', 'The demo provider takes EUR only.');
  if (!EUR_VALUE.test(amount.value)) {
    return NUMBER.test(amount.value)
      ? unprocessable('/purchase_units/0/amount/value', 'DECIMAL_PRECISION', 'EUR amounts have two decimals and at most 7 digits before the point.')
      : { ok: false, status: 400, body: paypalError('INVALID_REQUEST', { field: '/purchase_units/0/amount/value', location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description: 'The amount is not a number.' }) };
  }
  if (/^0\.00$/.test(amount.value)) return unprocessable('/purchase_units/0/amount/value', 'CANNOT_BE_ZERO_OR_NEGATIVE', 'The amount must be more than zero.');
  return {
    ok: true,
    order: {
      amount: { currency_code: 'EUR', value: amount.value },
      ...(unit!.description !== undefined && { description: unit!.description }),
      ...(unit!.custom_id !== undefined && { customId: unit!.custom_id }),
      ...(unit!.invoice_id !== undefined && { invoiceId: unit!.invoice_id }),
    },
  };
}
