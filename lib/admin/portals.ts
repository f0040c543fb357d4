import type { Database, Sql } from '@/lib/embedded-api/db/database';
import type { TransactionRow } from '@/lib/embedded-api/portal/store';
import { centsOfPaypalValue, portalPrice, type PortalPrice } from '@/lib/flows/price';
import { GROUP_CODE_MAX_LENGTH, GROUP_CODE_MIN_LENGTH, GROUP_CODE_PATTERN } from '@/lib/validation/groupCode';
import { MAX_INVOICE_TEXT_LENGTH } from '@/lib/validation/portal';
import { randomCode } from './codes';
import { UsageError } from './command';
import { GROUP_CODE_LENGTH } from './groupCodes';

/**
 * The portals an operator sets up (`portal create`, `portal list`) and the payments they took
 * (`payment list`, `payment export`): the rows of migration 11 as the operator reads them.
 */

/** Serialises new portal ids across processes (the id is the next free number, as in the address /portal/<ident>/<id>). */
const LOCK_PORTAL_ID = 727_322;

/**
 * `--price`: a price as lib/flows/price.ts takes it (greater than zero, at most two decimals,
 * at most 15 digits), written with a point or a comma and optionally followed by EUR:
 * 345.67, 345,67, 345,67 EUR, 10. The one currency is EUR.
 */
export function parsePrice(text: string): PortalPrice {
  const plain = text.trim().replace(/\s*EUR$/i, '');
  const decimal = /^\d+,\d+$/.test(plain) ? plain.replace(',', '.') : plain;
  const cents = /^\d+(\.\d+)?$/.test(decimal) ? centsOfPaypalValue(decimal) : undefined;
  const price = cents !== undefined && cents > 0 ? portalPrice(cents / 100) : undefined;
  if (!price || price.cents !== cents) {
    throw new UsageError(`--price must be an amount in EUR greater than 0 with at most two decimals, like 345.67 or 345,67, not '${text}'`);
  }
  return price;
}

/** `--product-text`: one line of at most the invoice's text length; it is shown on the page, sent to PayPal and mailed. */
export function parseProductText(text: string): string {
  const product = text.trim();
  if (product === '') throw new UsageError('--product-text must not be empty');
  if (product.length > MAX_INVOICE_TEXT_LENGTH) throw new UsageError(`--product-text must have at most ${MAX_INVOICE_TEXT_LENGTH} characters, not ${product.length}`);
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u.test(product)) throw new UsageError('--product-text must be one line without control characters');
  return product;
}

/** `--group-code-ident`: the group code identifier in the portal's address, in the shape of a group code. */
export function parsePortalIdent(text: string): string {
  const ident = text.trim();
  if (!GROUP_CODE_PATTERN.test(ident)) {
    throw new UsageError(`--group-code-ident must be ${GROUP_CODE_MIN_LENGTH} to ${GROUP_CODE_MAX_LENGTH} letters and digits (A-Z, a-z, 0-9), not '${text}'`);
  }
  return ident.toUpperCase();
}

/** Where buyers open the portal: ${PUBLIC_URL}/portal/<ident>/<id>. */
export function portalDeepLink(publicUrl: string, ident: string, id: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/portal/${encodeURIComponent(ident)}/${id}`;
}

export type CreatedPortal = { id: number; ident: string; deepLink: string };

export async function createPortal(sql: Database, options: { productText: string; price: PortalPrice; ident?: string; publicUrl: string }): Promise<CreatedPortal> {
  // Like group codes: 10 characters of the look-alike-free alphabet from the CSPRNG.
  const ident = options.ident ?? randomCode(GROUP_CODE_LENGTH);
  const id = await sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_PORTAL_ID]);
    const [row] = await tx.query<{ id: number }>(
      `insert into portal (id, group_code_ident, product_text, price_cents)
       select coalesce(max(id), 0) + 1, $1, $2, $3 from portal returning id`,
      [ident, options.productText, options.price.cents],
    );
    return row!.id;
  });
  return { id, ident, deepLink: portalDeepLink(options.publicUrl, ident, id) };
}

export type PortalListRow = {
  id: number;
  group_code_ident: string;
  product_text: string;
  price_cents: string | number | null;
  transactions: number;
  payments: number;
  created_at: Date | string;
};

export function portalPage(sql: Sql, after: number | undefined, limit: number): Promise<PortalListRow[]> {
  return sql.query<PortalListRow>(
    `select p.id, p.group_code_ident, p.product_text, p.price_cents, p.created_at,
            (select count(*)::int from portal_transaction t where t.portal_id = p.id) as transactions,
            (select count(*)::int from payment y join portal_transaction t on t.id = y.transaction_id where t.portal_id = p.id) as payments
       from portal p where p.id > $1 order by p.id limit $2`,
    [after ?? 0, limit],
  );
}

/** The price as the buyer reads it, or empty for a portal without one. */
export function priceText(cents: string | number | null): string {
  return cents === null ? '' : (portalPrice(Number(cents) / 100)?.text ?? '');
}

/**
 * One line per transaction (an invoice form sent): paid when PayPal confirmed a payment for it;
 * not confirmed (with PayPal's outcome) when the buyer reported a payment PayPal did not confirm;
 * open when nothing was reported (the buyer left, or paid nowhere).
 */
export type PaymentStatus = 'paid' | 'not confirmed' | 'open';

/** A transaction as stored (without its id and language), with its payment and its last unconfirmed report. */
export type PaymentRow = Omit<TransactionRow, 'id' | 'ui_language'> & {
  created: string;
  transaction_id: string;
  paid_order_id: string | null;
  paid_amount_cents: string | number | null;
  paid_currency: string | null;
  recorded_at: Date | string | null;
  confirmation_mail: string | null;
  confirmation_attempts: number | null;
  confirmation_next_at: Date | string | null;
  report_order_id: string | null;
  report_outcome: string | null;
  reported_at: Date | string | null;
  created_at: Date | string;
};

export function paymentPage(sql: Sql, after: string | undefined, limit: number): Promise<PaymentRow[]> {
  // Keyset on (created_at, id) as one sortable text: transactions come in the order they were made.
  return sql.query<PaymentRow>(
    `select * from (
       select to_char(t.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || t.id as created,
              t.id as transaction_id, t.portal_id, t.invoice_is_private, t.invoice_name, t.invoice_street, t.invoice_city, t.invoice_email,
              t.product_text, t.price_cents, t.created_at,
              y.paypal_order_id as paid_order_id, y.amount_cents as paid_amount_cents, y.currency as paid_currency, y.recorded_at, y.confirmation_mail,
              y.confirmation_attempts, y.confirmation_next_at,
              r.paypal_order_id as report_order_id, r.outcome as report_outcome, r.reported_at
         from portal_transaction t
         left join lateral (select * from payment where transaction_id = t.id order by id limit 1) y on true
         left join lateral (select * from payment_report where transaction_id = t.id order by id desc limit 1) r on true
     ) rows
     where created > $1 order by created limit $2`,
    [after ?? '', limit],
  );
}

export function paymentStatus(row: PaymentRow): { status: PaymentStatus; label: string; orderId: string | null; at: Date | string } {
  if (row.paid_order_id !== null) return { status: 'paid', label: 'paid', orderId: row.paid_order_id, at: row.recorded_at! };
  if (row.report_order_id !== null) return { status: 'not confirmed', label: `not confirmed (${row.report_outcome})`, orderId: row.report_order_id, at: row.reported_at! };
  return { status: 'open', label: 'open', orderId: null, at: row.created_at };
}

/**
 * What became of a paid transaction's confirmation mail (lib/embedded-api/portal/confirmation.ts):
 * smtp or outbox (it went out); retrying (an attempt failed, the next is due at
 * confirmation_next_at); pending (an attempt under way, or one a stop cut off, tried again from
 * confirmation_next_at); failed (for good: refused permanently, or no attempt left). Null without a payment.
 */
export type ConfirmationState = 'smtp' | 'outbox' | 'retrying' | 'pending' | 'failed';

export function confirmationState(row: Pick<PaymentRow, 'paid_order_id' | 'confirmation_mail' | 'confirmation_next_at'>): ConfirmationState | null {
  if (row.paid_order_id === null) return null;
  if (row.confirmation_mail === 'smtp' || row.confirmation_mail === 'outbox') return row.confirmation_mail;
  if (row.confirmation_next_at === null) return 'failed';
  return row.confirmation_mail === 'failed' ? 'retrying' : 'pending';
}

/** The amount in EUR as PayPal writes it: what was paid, or the price agreed to. */
export function amountText(cents: string | number): string {
  return portalPrice(Number(cents) / 100)?.amount.value ?? String(cents);
}
