import { logEvent } from '@/lib/log/logger';
import type { MailSettings } from '../context';
import type { Database } from '../db/database';
import { attemptConfirmation, confirmationMail } from './confirmation';
import { claimMs, MAX_CONFIRMATION_ATTEMPTS } from './confirmationSchedule';
import { findTransaction } from './store';

/**
 * Tries again the buyer's confirmation mails that did not go out (confirmation.ts): those whose
 * attempt failed (the mail server down, a 4xx "try later") when their next attempt is due
 * (confirmationSchedule.ts), and those whose attempt a stop cut off once its claim ran out. Each
 * start of the embedded API runs it once, then every minute while it runs; with nothing due a run
 * is one query and no SMTP connection. Instances sharing one PostgreSQL take turns per mail: a
 * mail is claimed by one UPDATE that counts the attempt and moves its due time, which no other
 * instance's claim can match any more.
 */

export const RETRY_EVERY_MS = 60_000;

export type ConfirmationRetries = {
  /** Runs what is due now (or waits for the run under way); resolves with the number of attempts made. */
  runDue(): Promise<number>;
  /** Ends the timer and waits for the run under way, which stops after its current mail. */
  stop(): Promise<void>;
};

type Claimed = { id: number; transaction_id: string; paypal_order_id: string; confirmation_attempts: number };

/** The next due confirmation that has attempts left, claimed for this caller; undefined when none is due. */
async function claimNext(db: Database, at: number, holdMs: number): Promise<Claimed | undefined> {
  // skip locked: an instance claiming at the same moment takes the next mail instead of waiting;
  // the outer condition is checked again on the locked row, so a mail claimed meanwhile is not taken twice.
  const [claimed] = await db.query<Claimed>(
    `update payment set confirmation_attempts = confirmation_attempts + 1, confirmation_next_at = $2
      where id = (select id from payment where confirmation_next_at <= $1 and confirmation_attempts < $3
                   order by confirmation_next_at, id limit 1 for update skip locked)
        and confirmation_next_at <= $1 and confirmation_attempts < $3
      returning id, transaction_id, paypal_order_id, confirmation_attempts`,
    [new Date(at), new Date(at + holdMs), MAX_CONFIRMATION_ATTEMPTS],
  );
  return claimed;
}

/** Confirmations whose last attempt a stop cut off: nothing is left to try, they failed for good. */
async function closeSpent(db: Database, at: number): Promise<void> {
  const spent = await db.query<{ id: number; confirmation_attempts: number }>(
    `update payment set confirmation_mail = 'failed', confirmation_next_at = null
      where confirmation_next_at <= $1 and confirmation_attempts >= $2 returning id, confirmation_attempts`,
    [new Date(at), MAX_CONFIRMATION_ATTEMPTS],
  );
  for (const row of spent) logEvent('error', 'payment_confirmation', { payment: row.id, attempt: row.confirmation_attempts, outcome: 'failedForGood', failure: 'interrupted' });
}

async function runOnce(db: Database, mail: MailSettings, now: () => number, stopping: () => boolean): Promise<number> {
  let attempts = 0;
  await closeSpent(db, now());
  while (!stopping() && !db.closed) {
    const at = now();
    const claimed = await claimNext(db, at, claimMs(mail.timeoutMs));
    if (!claimed) break;
    attempts += 1;
    // The payment's transaction is a foreign key: it is there.
    const transaction = (await findTransaction(db, claimed.transaction_id))!;
    const claim = { paymentId: claimed.id, attempt: claimed.confirmation_attempts, claimedAt: at };
    const outcome = await attemptConfirmation(db, mail, claim, confirmationMail(transaction, claimed.paypal_order_id));
    // A server that cannot be reached refuses every mail alike: one connection a run is enough.
    if ('failure' in outcome && outcome.failure === 'unreachable') break;
  }
  return attempts;
}

/**
 * Runs what is due at once, then every `everyMs` on a timer that never keeps the process alive.
 * `now` is the clock due times are judged by (tests move it instead of sleeping).
 */
export function startConfirmationRetries(db: Database, mail: MailSettings, { now = () => Date.now(), everyMs = RETRY_EVERY_MS } = {}): ConfirmationRetries {
  let running: Promise<number> | undefined;
  let stopped = false;
  const runDue = (): Promise<number> => {
    running ??= runOnce(db, mail, now, () => stopped)
      .catch((error: unknown) => {
        // The database out of reach: what is due stays due for the next run.
        if (!db.closed) logEvent('error', 'payment_confirmation_retries_failed', { reason: error instanceof Error ? error.message : String(error) });
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => {
    if (db.closed) clearInterval(timer);
    else void runDue();
  }, everyMs);
  timer.unref();
  void runDue();
  return {
    runDue,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
