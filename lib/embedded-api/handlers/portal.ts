import { DetailCode, ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import { takesPayments } from '@/lib/config/paypal';
import { normaliseInvoice, invoiceRequestProblems } from '@/lib/validation/portal';
import { priceCents } from '@/lib/flows/price';
import { logEvent } from '@/lib/log/logger';
import { languageOf, type ApiAnswer, type ApiContext } from '../context';
import { paypalClientFor } from '../payments/client';
import { eurAmount, verifyPayment, type Verification } from '../payments/verifyPayment';
import { confirmAfterAnswer, confirmationMail } from '../portal/confirmation';
import { claimMs } from '../portal/confirmationSchedule';
import { reserveInvoice } from '../portal/limits';
import { chargeableCents, findPortal, findTransaction, newTransactionId } from '../portal/store';
import { translationsFor } from '../translations';

/**
 * The portal's three calls (spec §7). None needs a token (spec §6): a buyer is nobody's
 * participant. What binds a payment report to its buyer is the sealed session, which holds the
 * transaction ids of its own invoice forms (the proxy sends no other, lib/proxy/portalReport.ts);
 * what makes a payment real is PayPal's word, never the report (payments/verifyPayment.ts).
 */

const invalid = (errorInfo: string, detailCode: number = DetailCode.NoDetails): ApiAnswer => ({ statusCode: StatusCode.PostDataIsInvalid, detailCode, errorInfo });
const unknownPortal: ApiAnswer = { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.UnknownPortal, errorInfo: 'portalId: no such portal' };
/** No payment provider is configured (lib/config/paypal.ts): no order is taken, so nobody ever "pays" without money moving. */
const paymentNotAvailable: ApiAnswer = {
  statusCode: StatusCode.NoRecordset,
  detailCode: ExtraDetailCode.PaymentNotAvailable,
  errorInfo: 'payment is not available: no payment provider is configured (PAYPAL_MODE)',
};

type PortalPageBody = { groupCodeIdent?: string; portalId?: string | number; uiLanguage?: string };

/** pageinfo/portal/login: the product, its price and how to pay (spec §3 "Portal page info"). */
export async function portalPage(body: PortalPageBody, ctx: ApiContext): Promise<ApiAnswer> {
  const translations = translationsFor(languageOf(body.uiLanguage));
  const portal = await findPortal(ctx.db, body.portalId, body.groupCodeIdent ?? '');
  if (!portal) return { ...unknownPortal, translations };
  const cents = chargeableCents(portal.price_cents);
  if (cents === undefined) {
    return { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.PortalWithoutPrice, errorInfo: 'productPrice: this portal has no price', translations };
  }
  const { paypal } = ctx.settings.portal;
  if (!takesPayments(paypal)) return { ...paymentNotAvailable, translations };
  return {
    statusCode: StatusCode.Ok,
    detailCode: DetailCode.NoDetails,
    translations,
    portalId: portal.id,
    productPrice: cents / 100,
    productTitle: portal.product_text,
    paypalMode: paypal.mode,
    paypalClientId: paypal.clientId,
  };
}

type InvoiceBody = {
  groupCodeIdent?: string;
  portalId: string | number;
  isDataPrivacyChecked: boolean;
  invoiceIsPrivate: boolean;
  invoiceName: string;
  invoiceStreet: string;
  invoiceCity: string;
  invoiceEmail: string;
  invoiceProductText: string;
  invoiceProductPrice: number;
  uiLanguage?: string;
};

/**
 * submit/portal/invoiceinfo: one transaction per invoice form sent. The product and price stored
 * are the portal's own; a price that is not the portal's (it changed since the page was loaded)
 * is refused, so that the buyer never pays another figure than the one they read.
 */
export async function submitInvoice(body: InvoiceBody, ctx: ApiContext): Promise<ApiAnswer> {
  const invoice = normaliseInvoice(body);
  const problems = invoiceRequestProblems(invoice);
  if (problems.length) return invalid(problems.map((p) => `${p.field}: ${p.problem}`).join('; '));
  if (!takesPayments(ctx.settings.portal.paypal)) return paymentNotAvailable;
  // Both the identifier and the id, as the page names the portal: an id alone would let anyone try ids in turn and start unlisted portals.
  const portal = await findPortal(ctx.db, body.portalId, body.groupCodeIdent ?? '');
  if (!portal) return unknownPortal;
  const cents = chargeableCents(portal.price_cents);
  if (cents === undefined) return { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.PortalWithoutPrice, errorInfo: 'productPrice: this portal has no price' };
  if (priceCents(body.invoiceProductPrice) !== cents) return invalid('invoiceProductPrice: not the price of this portal', ExtraDetailCode.PriceChanged);

  const transactionId = newTransactionId();
  const now = new Date(ctx.now);
  const stored = await reserveInvoice(ctx, async (tx) => {
    await tx.query(
      `insert into portal_transaction (id, portal_id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email,
                                       product_text, price_cents, ui_language, data_privacy_accepted_at, client_address, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11)`,
      [transactionId, portal.id, invoice.invoiceIsPrivate, invoice.invoiceName, invoice.invoiceStreet, invoice.invoiceCity, invoice.invoiceEmail,
        portal.product_text, cents, languageOf(body.uiLanguage), now, ctx.clientAddress],
    );
  });
  if (!stored) return invalid('too many invoices from this address; try again later', ExtraDetailCode.TooManyInvoices);
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails, transactionId };
}

type PaidBody = { transactionId: string; paymentDetails: Record<string, unknown>; uiLanguage?: string };

/**
 * Reports PayPal did not confirm that one transaction may leave. Each costs a question to PayPal,
 * a payment_report row and a log line; without a bound, one buyer's session (the proxy lets it
 * report for its own transactions only) could repeat them without end. A buyer who really paid
 * needs one or two; beyond the bound, PayPal is not asked and nothing is written, and the
 * operator finds the transaction's reports in `payment list`.
 */
export const MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION = 20;
const LOCK_PAYMENT_REPORT = 727_323;

/** The PayPal order id in the buyer's report: onApprove's data.orderID, or an order's id. */
export function reportedOrderId(details: Record<string, unknown>): string | undefined {
  const id = details.orderID ?? details.orderId ?? details.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined;
}

/**
 * submit/portal/sucessfullyPaid: the buyer's browser says it paid. PayPal is asked (and captures
 * an approved order); only a confirmed payment of exactly the transaction's price in EUR is
 * recorded, once per PayPal order whatever is reported twice or at once, and confirmed to the
 * buyer by mail. Whatever PayPal did not confirm is kept as a report for the operator
 * (`npm run admin -- payment list`).
 */
export async function submitPaid(body: PaidBody, ctx: ApiContext): Promise<ApiAnswer> {
  const { paypal } = ctx.settings.portal;
  if (!takesPayments(paypal)) return paymentNotAvailable;
  const transaction = await findTransaction(ctx.db, body.transactionId);
  if (!transaction) return invalid('transactionId: no such transaction');
  const orderId = reportedOrderId(body.paymentDetails);
  if (!orderId) return invalid('paymentDetails.orderID: is required');
  const cents = Number(transaction.price_cents);

  const [known] = await ctx.db.query<{ transaction_id: string }>('select transaction_id from payment where paypal_order_id = $1', [orderId]);
  if (known) {
    // Reported again (a retry, a second tab): the same answer, nothing recorded or mailed twice.
    return known.transaction_id === transaction.id ? ok() : invalid('paymentDetails.orderID: this order paid another transaction', ExtraDetailCode.PaymentNotConfirmed);
  }

  const [reported] = await ctx.db.query<{ n: number }>('select count(*)::int as n from payment_report where transaction_id = $1', [transaction.id]);
  if ((reported?.n ?? 0) >= MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION) return tooManyReports();

  const verification = await verifyPayment(paypalClientFor(paypal), orderId, { transactionId: transaction.id, amount: eurAmount(cents / 100)! });
  if (verification.outcome !== 'paid') {
    // Counted and written under a lock on the transaction, so that reports arriving together stay within the bound too.
    const kept = await ctx.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_PAYMENT_REPORT, transaction.id]);
      return tx.query(
        `insert into payment_report (transaction_id, paypal_order_id, outcome, reported_at)
         select $1, $2, $3, $4 where (select count(*) from payment_report where transaction_id = $1) < $5 returning id`,
        [transaction.id, orderId, verification.outcome, new Date(ctx.now), MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION],
      );
    });
    if (kept.length === 0) return tooManyReports();
    logEvent('warn', 'payment_not_confirmed', describe(verification));
    return verification.outcome === 'unavailable'
      ? { statusCode: StatusCode.Exception, detailCode: ExtraDetailCode.PaymentProviderUnavailable, errorInfo: 'PayPal could not be asked; report the payment again' }
      : invalid(`paymentDetails.orderID: PayPal does not confirm this payment (${verification.outcome})`, ExtraDetailCode.PaymentNotConfirmed);
  }

  // Recorded with its confirmation's first attempt claimed (portal/confirmation.ts): no retry
  // takes it while it is sent, and a stop meanwhile leaves it due again when the claim runs out.
  const inserted = await ctx.db.query<{ id: number }>(
    `insert into payment (transaction_id, paypal_order_id, paypal_capture_id, amount_cents, currency, recorded_at, confirmation_attempts, confirmation_next_at)
     values ($1, $2, $3, $4, 'EUR', $5, 1, $6) on conflict (paypal_order_id) do nothing returning id`,
    [transaction.id, verification.orderId, verification.captureId, cents, new Date(ctx.now), new Date(ctx.now + claimMs(ctx.settings.mail.timeoutMs))],
  );
  const payment = inserted[0];
  // Recorded by a report at the same time: that one mails.
  if (!payment) return ok();
  confirmAfterAnswer(ctx, { paymentId: payment.id, attempt: 1, claimedAt: ctx.now }, confirmationMail(transaction, verification.orderId));
  return ok();
}

function tooManyReports(): ApiAnswer {
  return invalid(`transactionId: more than ${MAX_UNCONFIRMED_REPORTS_PER_TRANSACTION} payments of this transaction were not confirmed; PayPal is not asked again`, ExtraDetailCode.PaymentNotConfirmed);
}

function ok(): ApiAnswer {
  return { statusCode: StatusCode.Ok, detailCode: DetailCode.NoDetails };
}

/** What the log may say about a payment PayPal did not confirm: no invoice data, no secret. */
function describe(verification: Exclude<Verification, { outcome: 'paid' }>): Record<string, unknown> {
  if (verification.outcome === 'unavailable') return { outcome: verification.outcome, reason: verification.reason, httpStatus: verification.httpStatus, debugId: verification.debugId };
  return { outcome: verification.outcome };
}
