import type { ApiContext } from '../context';
import type { Sql } from '../db/database';

const LOCK_INVOICE_CLIENT = 727_321;
const WINDOW_SECONDS = 3600;

/**
 * At most PORTAL_MAX_INVOICES_PER_CLIENT_PER_HOUR transactions per client address and hour
 * (SECURITY.md, "Limits"): counting and storing are one step under a transaction-scoped advisory
 * lock on the address, as for mails (../mail/limits.ts), so concurrent forms cannot pass the limit.
 * false: the limit is reached and nothing was stored.
 */
export async function reserveInvoice(ctx: ApiContext, store: (tx: Sql) => Promise<void>): Promise<boolean> {
  const max = ctx.settings.portal.maxInvoicesPerClientPerHour;
  return ctx.db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_INVOICE_CLIENT, ctx.clientAddress]);
    const [row] = await tx.query<{ n: number }>(
      `select count(*)::int as n from portal_transaction
        where client_address = $1 and created_at > $2::timestamptz - make_interval(secs => $3::float8)`,
      [ctx.clientAddress, new Date(ctx.now), WINDOW_SECONDS],
    );
    if ((row?.n ?? 0) >= max) return false;
    await store(tx);
    return true;
  });
}
