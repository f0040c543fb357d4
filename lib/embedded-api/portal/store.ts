import crypto from 'node:crypto';
import type { Sql } from '../db/database';

/**
 * The portal's rows (migration 11): a portal sells one product at one price under a group code
 * identifier; a transaction is one invoice form sent; a payment is one PayPal order that PayPal
 * confirmed, recorded once; a report is what a buyer's browser said that PayPal did not confirm.
 */

export type PortalRow = { id: number; group_code_ident: string; product_text: string; price_cents: string | number | null };

export type TransactionRow = {
  id: string;
  portal_id: number;
  invoice_is_private: boolean;
  invoice_name: string;
  invoice_street: string;
  invoice_city: string;
  invoice_email: string;
  product_text: string;
  price_cents: string | number;
  ui_language: string;
  /** The buyer's address when the invoice was sent: their confirmation counts against its mail limit. */
  client_address: string;
};

/** Portal ids as the address carries them: 1 to 9 digits, no sign, no leading zero. */
const PORTAL_ID = /^[1-9][0-9]{0,8}$/;

export function portalIdOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return PORTAL_ID.test(text) ? Number(text) : undefined;
}

/** The portal of this id; with an identifier, only when it is this portal's (the address must name both). */
export async function findPortal(sql: Sql, portalId: unknown, groupCodeIdent?: unknown): Promise<PortalRow | undefined> {
  const id = portalIdOf(portalId);
  if (id === undefined) return undefined;
  const [row] = await sql.query<PortalRow>('select id, group_code_ident, product_text, price_cents from portal where id = $1', [id]);
  if (!row) return undefined;
  if (groupCodeIdent !== undefined && (typeof groupCodeIdent !== 'string' || groupCodeIdent.trim().toUpperCase() !== row.group_code_ident.toUpperCase())) return undefined;
  return row;
}

/** A stored price in cents, or undefined when the portal has none that can be charged. */
export function chargeableCents(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const cents = Number(value);
  return Number.isSafeInteger(cents) && cents > 0 ? cents : undefined;
}

/** Transaction ids: 'PT-' and 20 random characters; they go to PayPal as custom_id (at most 127). */
export function newTransactionId(): string {
  return `PT-${crypto.randomBytes(15).toString('base64url')}`;
}

export async function findTransaction(sql: Sql, transactionId: string): Promise<TransactionRow | undefined> {
  const [row] = await sql.query<TransactionRow>(
    `select id, portal_id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email, product_text, price_cents, ui_language, client_address
       from portal_transaction where id = $1`,
    [transactionId],
  );
  return row;
}
