import type { CallPath } from '@/lib/api/catalogue';
import type { SessionData } from '@/lib/session/data';

/**
 * A payment may be reported only for a transaction this session started (spec §4: the portal
 * stores the transaction id): someone else's transaction id, learnt or guessed, reports nothing
 * through this proxy. The report is still checked with PayPal (lib/embedded-api/payments).
 * Returns the refusal's message, or undefined when the call may go on.
 */
export function portalReportRefusal(path: CallPath, body: Record<string, unknown>, session: SessionData): string | undefined {
  if (path !== 'submit/portal/sucessfullyPaid') return undefined;
  if (typeof body.transactionId === 'string' && session.portalTransactions?.includes(body.transactionId)) return undefined;
  return 'transactionId: not a transaction of this session (send the invoice form first)';
}
