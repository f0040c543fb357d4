import { EMPTY_INVOICE, MAX_INVOICE_TEXT_LENGTH, type InvoiceForm } from '@/lib/validation/portal';

/**
 * What a buyer has done on the portal, kept for this browser tab so that a reload, or a phone
 * bringing back a tab it had discarded, shows the same page with the same values: page 1 as
 * typed, page 2 with the transaction its form started, and a payment PayPal approved whose
 * report did not get through yet, so that the buyer confirms it again instead of paying twice.
 *
 * Decisions:
 * - Kept in sessionStorage: this tab only, gone when the tab closes. The portal has no token,
 *   code or key to keep (spec §6: it needs no token); the transaction id alone reports nothing,
 *   since the proxy accepts a report only for a transaction of the session's cookie
 *   (lib/proxy/portalReport.ts), and PayPal is asked in every case.
 * - One draft per portal address (its path), so two portals in two tabs keep their own.
 * - What is read back is checked field by field. Anything else (an older shape, a value edited by
 *   hand, a text longer than the form lets anyone type) counts as no draft: page 1, empty.
 * - Page 3 keeps nothing: the payment is recorded and the draft is removed. Nor does page 1 before
 *   anything was typed or ticked, so that a visit leaves no trace in the tab.
 */

/** PayPal's approval of a payment: what the report sends (PaymentButton's onApprove). */
export type Approval = { orderID: string; payerID?: string };

export type PortalStep = { page: 1 } | { page: 2; transactionId: string; approval?: Approval };

export type PortalDraft = { values: InvoiceForm; step: PortalStep };

/** Where the draft of the portal at this path is kept in sessionStorage. */
export function portalDraftKey(pathname: string): string {
  return `portal-draft:${pathname}`;
}

/** The longest text the form lets a buyer type (InvoiceForm's FIELD_LIMIT); ids are far shorter. */
const MAX_TEXT = MAX_INVOICE_TEXT_LENGTH + 50;
const MAX_ID = 200;

const isText = (value: unknown, max = MAX_TEXT): value is string => typeof value === 'string' && value.length <= max;
const isId = (value: unknown): value is string => isText(value, MAX_ID) && value.length > 0;

function readValues(raw: unknown): InvoiceForm | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  const values = { ...EMPTY_INVOICE };
  for (const field of Object.keys(EMPTY_INVOICE) as Array<keyof InvoiceForm>) {
    const value = record[field];
    if (typeof EMPTY_INVOICE[field] === 'boolean' ? typeof value !== 'boolean' : !isText(value)) return undefined;
    (values as Record<string, unknown>)[field] = value;
  }
  return values;
}

function readApproval(raw: unknown): Approval | undefined | false {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null) return false;
  const { orderID, payerID } = raw as Record<string, unknown>;
  if (!isId(orderID) || (payerID !== undefined && !isId(payerID))) return false;
  return payerID === undefined ? { orderID } : { orderID, payerID };
}

function readStep(raw: unknown): PortalStep | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  if (record.page === 1) return { page: 1 };
  if (record.page !== 2 || !isId(record.transactionId)) return undefined;
  const approval = readApproval(record.approval);
  if (approval === false) return undefined;
  return approval ? { page: 2, transactionId: record.transactionId, approval } : { page: 2, transactionId: record.transactionId };
}

/** The draft as stored, or null when there is none or it is not one this form wrote. */
export function parsePortalDraft(text: string | null): PortalDraft | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const values = readValues((raw as Record<string, unknown>).values);
  const step = readStep((raw as Record<string, unknown>).step);
  return values && step ? { values, step } : null;
}

/** The text to store for a page of the flow; null for page 3 and an untouched page 1: no draft then. */
export function portalDraftText(values: InvoiceForm, step: PortalStep | { page: 3 }): string | null {
  if (step.page === 3) return null;
  if (step.page === 1 && (Object.keys(EMPTY_INVOICE) as Array<keyof InvoiceForm>).every((field) => values[field] === EMPTY_INVOICE[field])) return null;
  return JSON.stringify({ values, step });
}
