import { logEvent } from '@/lib/log/logger';
import { languageOf, type ApiContext, type MailSettings } from '../context';
import type { Database } from '../db/database';
import { paymentConfirmationMail } from '../mail/paymentConfirmationMail';
import { isLimited, releaseMail, reserveMailFor } from '../mail/limits';
import { sendMail, type MailFailure, type MailResult, type OutgoingMail } from '../mail/send';
import { nextAttemptAt } from './confirmationSchedule';
import type { TransactionRow } from './store';

/**
 * The buyer's confirmation mail of a recorded payment. Every attempt to send it is claimed in the
 * database first (payment.confirmation_attempts counts it, confirmation_next_at moves to when the
 * claim runs out): the first attempt by the insert of the payment itself, each retry by
 * confirmationRetries.ts. So no two instances, and not the first send and a retry, send the same
 * confirmation at the same time; and an attempt that a stop cut off is due again once its claim
 * runs out. confirmation_mail says what became of the last attempt: smtp, outbox, failed (tried
 * again at confirmation_next_at, or, without one, failed for good); null before the first ended.
 */

/** An attempt its sender claimed: its number (1 is the send after the answer) and the claim's time. */
export type ClaimedAttempt = { paymentId: number; attempt: number; claimedAt: number };

/** limited: the mail limits (mail/limits.ts) hold it back for now; it is tried again on the schedule, never dropped at once. */
export type ConfirmationFailure = MailFailure | 'limited';

export type AttemptOutcome =
  | { outcome: 'sent'; via: 'smtp' | 'outbox' }
  | { outcome: 'retrying'; failure: ConfirmationFailure; nextAt: Date }
  | { outcome: 'failedForGood'; failure: ConfirmationFailure; permanent: boolean }
  /** The mail may or may not have gone (the database went away): the claim runs out and it is tried again. */
  | { outcome: 'interrupted' };

/** A confirmation and the buyer it goes out for: their address counts it against the mail limits. */
export type ConfirmationMail = OutgoingMail & { clientAddress: string };

/** The mail of a payment as its stored transaction and PayPal order give it: the first send and every retry build it here. */
export function confirmationMail(transaction: TransactionRow, orderId: string): ConfirmationMail {
  const mail = paymentConfirmationMail(
    {
      transactionId: transaction.id,
      orderId,
      productText: transaction.product_text,
      priceCents: Number(transaction.price_cents),
      invoice: { isPrivate: transaction.invoice_is_private, name: transaction.invoice_name, street: transaction.invoice_street, city: transaction.invoice_city, email: transaction.invoice_email },
    },
    languageOf(transaction.ui_language),
  );
  return { ...mail, clientAddress: transaction.client_address };
}

/**
 * Sends a claimed attempt and records its outcome, unless the claim was taken over meanwhile (it ran
 * out and another attempt was claimed: that one's outcome counts). One log line per attempt, with
 * the payment's id and never its recipient or text.
 */
export async function attemptConfirmation(db: Database, settings: MailSettings, claim: ClaimedAttempt, mail: ConfirmationMail): Promise<AttemptOutcome> {
  const outcome = await sendAndRecord(db, settings, claim, mail);
  const level = outcome.outcome === 'sent' ? 'info' : outcome.outcome === 'failedForGood' ? 'error' : 'warn';
  const fields = outcome.outcome === 'retrying' ? { ...outcome, nextAt: outcome.nextAt.toISOString() } : outcome;
  logEvent(level, 'payment_confirmation', { payment: claim.paymentId, attempt: claim.attempt, ...fields });
  return outcome;
}

async function sendAndRecord(db: Database, settings: MailSettings, claim: ClaimedAttempt, { clientAddress, ...mail }: ConfirmationMail): Promise<AttemptOutcome> {
  try {
    // Counted like every mail, per recipient and per the buyer's address: the invoice's name, street
    // and city are the buyer's own text, so the portal must not become a way to fill someone's inbox.
    const reservation = await reserveMailFor(db, settings, { recipient: mail.to, clientAddress }, claim.claimedAt);
    const result: MailResult | { failed: 'limited'; permanent: false } = isLimited(reservation) ? { failed: 'limited', permanent: false } : await sendMail(db, settings, mail);
    if (!isLimited(reservation) && 'failed' in result) await releaseMail(db, reservation);
    const outcome = outcomeOf(result, claim);
    await db.query('update payment set confirmation_mail = $2, confirmation_next_at = $3 where id = $1 and confirmation_attempts = $4', [
      claim.paymentId,
      outcome.outcome === 'sent' ? outcome.via : 'failed',
      outcome.outcome === 'retrying' ? outcome.nextAt : null,
      claim.attempt,
    ]);
    return outcome;
  } catch {
    // The database failed or went away (a stop) while sending or recording: the claim runs out and
    // the attempt is due again then.
    return { outcome: 'interrupted' };
  }
}

function outcomeOf(result: MailResult | { failed: 'limited'; permanent: false }, claim: ClaimedAttempt): AttemptOutcome {
  if ('sent' in result) return { outcome: 'sent', via: result.sent };
  const next = nextAttemptAt(claim.attempt, claim.claimedAt, result.permanent);
  return next === undefined ? { outcome: 'failedForGood', failure: result.failed, permanent: result.permanent } : { outcome: 'retrying', failure: result.failed, nextAt: new Date(next) };
}

const PENDING = new WeakMap<Database, Set<Promise<unknown>>>();

/**
 * The first attempt goes out after the answer: the payment is recorded, and a slow or dead mail
 * server must not turn the buyer's success into an error page (the proxy gives a call
 * UPSTREAM_TIMEOUT_MS, and verifying with PayPal may already have taken most of it).
 */
export function confirmAfterAnswer(ctx: ApiContext, claim: ClaimedAttempt, mail: ConfirmationMail): void {
  const { db } = ctx;
  let pending = PENDING.get(db);
  if (!pending) PENDING.set(db, (pending = new Set()));
  const job = attemptConfirmation(db, ctx.settings.mail, claim, mail);
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** Resolves once every first attempt under way on this database is done (tests, an orderly stop). */
export async function confirmationsSettled(db: Database): Promise<void> {
  const pending = PENDING.get(db);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
