import type { ApiContext } from '../context';
import type { Database } from '../db/database';
import { sendMail, type OutgoingMail } from '../mail/send';

const PENDING = new WeakMap<Database, Set<Promise<void>>>();

/**
 * The buyer's confirmation mail goes out after the answer: the payment is recorded, and a slow or
 * dead mail server must not turn the buyer's success into an error page (the proxy gives a call
 * UPSTREAM_TIMEOUT_MS, and verifying with PayPal may already have taken most of it). The payment's
 * confirmation_mail says what became of it: smtp, outbox, failed; null while it is sent, or when
 * the app stopped meanwhile (`npm run admin -- payment list` shows it).
 */
export function confirmAfterAnswer(ctx: ApiContext, paymentId: number, mail: OutgoingMail): void {
  const { db } = ctx;
  let pending = PENDING.get(db);
  if (!pending) PENDING.set(db, (pending = new Set()));
  const job = (async () => {
    try {
      const sent = await sendMail(db, ctx.settings.mail, mail);
      if (!db.closed) await db.query('update payment set confirmation_mail = $2 where id = $1', [paymentId, 'sent' in sent ? sent.sent : 'failed']);
    } catch {
      // The database went away during a stop: confirmation_mail stays null, which is what it says.
    }
  })();
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** Resolves once every confirmation under way on this database is done (tests, an orderly stop). */
export async function confirmationsSettled(db: Database): Promise<void> {
  const pending = PENDING.get(db);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
