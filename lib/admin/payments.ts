import type { Sql } from '@/lib/embedded-api/db/database';
import { csvHeader, csvLine, isoUtc, type CsvDialect, type CsvValue } from './csv';
import { keysetPages } from './pages';
import { amountText, confirmationState, paymentPage, paymentStatus, type PaymentRow, type PaymentStatus } from './portals';

/**
 * The portal's transactions and their payments with the invoice data: `payment list`, `payment
 * export` and the console's invoice export (app/admin/portal) write them through writePayments;
 * the console's portal page reads paymentGroups.
 */
export const PAYMENT_COLUMNS = [
  'transaction_id',
  'portal_id',
  'status',
  'time',
  'amount',
  'currency',
  'paypal_order_id',
  'invoice_type',
  'invoice_name',
  'invoice_street',
  'invoice_city',
  'invoice_email',
  'product_text',
  'confirmation_mail',
  'created_at',
  'confirmation_attempts',
  'confirmation_next_at',
] as const;

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'not confirmed', 'open'];

export function paymentValues(row: PaymentRow): { status: PaymentStatus; values: CsvValue[] } {
  const { status, label, orderId, at } = paymentStatus(row);
  return {
    status,
    values: [
      row.transaction_id, row.portal_id, label, isoUtc(at), amountText(row.paid_amount_cents ?? row.price_cents), row.paid_currency ?? 'EUR', orderId,
      row.invoice_is_private ? 'private' : 'company', row.invoice_name, row.invoice_street, row.invoice_city, row.invoice_email, row.product_text,
      confirmationState(row), isoUtc(row.created_at), row.confirmation_attempts, isoUtc(row.confirmation_next_at),
    ],
  };
}

export type PaymentCounts = Record<PaymentStatus, number>;
export type WritePaymentsOptions = { format: 'csv' | 'json'; dialect: CsvDialect; status?: PaymentStatus };

/** Writes the lines, oldest first, a page at a time; answers how many of each status were written. */
export async function writePayments(db: Sql, options: WritePaymentsOptions, write: (chunk: string) => void | Promise<void>): Promise<PaymentCounts> {
  const counts: PaymentCounts = { paid: 0, 'not confirmed': 0, open: 0 };
  const json = options.format === 'json';
  let first = true;
  await write(json ? '[\n' : csvHeader(PAYMENT_COLUMNS, options.dialect));
  for await (const page of keysetPages((after: string | undefined, limit) => paymentPage(db, after, limit), (row) => row.created, 500)) {
    const lines: string[] = [];
    for (const row of page) {
      const { status, values } = paymentValues(row);
      if (options.status && status !== options.status) continue;
      counts[status] += 1;
      if (json) {
        lines.push(`${first ? '' : ',\n'}${JSON.stringify(Object.fromEntries(PAYMENT_COLUMNS.map((column, i) => [column, values[i] ?? null])))}`);
        first = false;
      } else {
        lines.push(csvLine(values, options.dialect));
      }
    }
    if (lines.length) await write(lines.join(''));
  }
  if (json) await write(`${first ? '' : '\n'}]\n`);
  return counts;
}

export type PaymentLine = {
  transactionId: string;
  portalId: number;
  /** paid, or not confirmed with PayPal's outcome, or open. */
  label: string;
  outcome: string | null;
  at: Date;
  amount: string;
  currency: string;
  orderId: string | null;
  invoiceName: string;
  invoiceEmail: string;
  confirmationMail: string | null;
};

export type PaymentGroup = { status: PaymentStatus; count: number; newest: PaymentLine[] };

/**
 * The transactions in their three groups, each with its count and its newest lines (at most
 * `newest` of them, newest first): what the console's portal page shows. One pass over the pages,
 * so memory stays bounded however many there are.
 */
export async function paymentGroups(db: Sql, newest: number): Promise<PaymentGroup[]> {
  const groups = new Map<PaymentStatus, PaymentGroup>(PAYMENT_STATUSES.map((status) => [status, { status, count: 0, newest: [] }]));
  for await (const page of keysetPages((after: string | undefined, limit) => paymentPage(db, after, limit), (row) => row.created, 500)) {
    for (const row of page) {
      const { status, label, orderId, at } = paymentStatus(row);
      const group = groups.get(status)!;
      group.count += 1;
      group.newest.unshift({
        transactionId: row.transaction_id,
        portalId: row.portal_id,
        label,
        outcome: status === 'not confirmed' ? row.report_outcome : null,
        at: new Date(at),
        amount: amountText(row.paid_amount_cents ?? row.price_cents),
        currency: row.paid_currency ?? 'EUR',
        orderId,
        invoiceName: row.invoice_name,
        invoiceEmail: row.invoice_email,
        confirmationMail: confirmationState(row),
      });
      if (group.newest.length > newest) group.newest.pop();
    }
  }
  return [...groups.values()];
}
