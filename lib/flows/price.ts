import type { Language } from '@/lib/api/languages';

/**
 * The portal's product price (spec §3 "Portal page info": productPrice, a number; §9 "Portal: price
 * shown with 2 decimals and a comma, suffixed EUR; payment currency EUR … Initial placeholder amount
 * 345.67, replaced on load"), and never a blank page or a payment button for a wrong amount.
 *
 * One parse, two renderings: the text the buyer reads (`345,67 EUR`) and the amount of the PayPal
 * order (`{ currency_code: 'EUR', value: '345.67' }`) are both made from the same whole number of
 * cents, so what is shown and what is charged can never disagree.
 *
 * Decisions:
 * - A payable price is a finite number greater than zero with at most two decimals. Missing
 *   (undefined, null), NaN, ±Infinity, negative, zero and non-numbers (also a numeric string: the
 *   contract's productPrice is a number) are "no price": the page shows the error page, never a
 *   price text or a payment button, and never the placeholder 345.67. Zero is refused because PayPal
 *   refuses it (CANNOT_BE_ZERO_OR_NEGATIVE) and a product for nothing needs no payment page.
 * - More than two decimals are refused, not rounded: 345.675 is no price. The decimals are those of
 *   the number's shortest round-trip text (what `String` gives, and what JSON carried), so 345.67
 *   from JSON is exactly 34 567 cents, while a float trap like 0.1 + 0.2 (0.30000000000000004) is
 *   no price rather than silently 0,30. Nothing here multiplies a float by 100.
 * - At most 15 digits in all (MAX_PRICE_CENTS: below 10 000 000 000 000 EUR). A double holds any
 *   decimal of up to 15 significant digits exactly enough to give it back, so within this bound
 *   the number read from JSON is always the amount that was written; above it, 90071992547409.91
 *   would already come back as …409.9. The cents are then safe integers and every comparison exact.
 * - The display has a comma in every language (de, en, fr, it, cz): §9 states the format without
 *   a language, the payment button's locale is fixed to de_DE by the same line, and the buyer must
 *   see the same figure on the page, the summary, the PayPal window and the confirmation e-mail.
 * - No thousands separator: `1234,56 EUR`. §9 names one separator only, and in English a dot
 *   (`1.234,56`) reads as a decimal point, so any grouping mark could be misread in one of the five
 *   languages; without one the figure means the same to every buyer.
 * - One plain space before `EUR`, exactly as the spec's example; a page that must not wrap it
 *   uses CSS (white-space: nowrap) rather than a different character.
 */

export const PRICE_CURRENCY = 'EUR';

/** The largest price in cents: 15 digits, 9 999 999 999 999,99 EUR (see above). */
export const MAX_PRICE_CENTS = 999_999_999_999_999;

export type PaypalAmount = { currency_code: typeof PRICE_CURRENCY; value: string };

export type PortalPrice = {
  /** The price in whole cents, a positive safe integer. */
  cents: number;
  /** What the buyer reads, e.g. `345,67 EUR`. */
  text: string;
  /** The amount of PayPal's Orders API (purchase_units[].amount), e.g. `{ currency_code: 'EUR', value: '345.67' }`. */
  amount: PaypalAmount;
};

/** A decimal text with no exponent: digits, optionally a dot and digits. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** The price in whole cents, or undefined when the value is no payable price (see above). */
export function priceCents(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  // The shortest text that reads back as this number; very large or very small ones come with
  // an exponent (1e+21, 1e-7) and are refused: the first is no safe amount, the second has more
  // than two decimals.
  const match = DECIMAL.exec(String(value));
  if (!match) return undefined;
  const cents = centsOfDecimal(match);
  return cents !== undefined && cents > 0 ? cents : undefined;
}

/** Whole and fraction digits as cents: undefined for more than two decimals or more than MAX_PRICE_CENTS. */
function centsOfDecimal([, whole = '', fraction = '']: RegExpExecArray): number | undefined {
  if (fraction.length > 2) return undefined;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_PRICE_CENTS).length - 2) return undefined;
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : undefined;
}

function parts(cents: number): { whole: string; fraction: string } {
  return { whole: String(Math.floor(cents / 100)), fraction: String(cents % 100).padStart(2, '0') };
}

/** The price as the buyer reads it and as PayPal is asked for it, or undefined for no price. */
export function portalPrice(value: unknown): PortalPrice | undefined {
  const cents = priceCents(value);
  if (cents === undefined) return undefined;
  const { whole, fraction } = parts(cents);
  return {
    cents,
    text: `${whole},${fraction} ${PRICE_CURRENCY}`,
    amount: { currency_code: PRICE_CURRENCY, value: `${whole}.${fraction}` },
  };
}

/**
 * The price text in the buyer's language (`345,67 EUR` in all five, see above), or undefined
 * for no price: then the page shows the error page.
 */
export function formatPrice(value: unknown, _language: Language): string | undefined {
  return portalPrice(value)?.text;
}

/** The amount for PayPal's Orders API (`value` with a dot and two decimals, currency EUR), or undefined for no price. */
export function paypalAmount(value: unknown): PaypalAmount | undefined {
  return portalPrice(value)?.amount;
}

/** An amount value as PayPal writes it ("345.67", "345.6", "345"), in cents; undefined for anything else. */
export function centsOfPaypalValue(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL.exec(value);
  if (!match) return undefined;
  return centsOfDecimal(match);
}

/**
 * Whether an amount reported by PayPal (a capture's or an order's `amount`) is exactly the stored
 * price in EUR: the same currency and the same number of cents. A stored value that is no price
 * matches nothing.
 */
export function isPriceAmount(amount: { currency_code?: unknown; value?: unknown } | null | undefined, price: unknown): boolean {
  const cents = priceCents(price);
  if (cents === undefined || !amount || amount.currency_code !== PRICE_CURRENCY) return false;
  return centsOfPaypalValue(amount.value) === cents;
}
