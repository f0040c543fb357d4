import type { Database } from '../db/database';
import { DEMO_PORTALS } from './portalRows';

/** The demo portals, created on every start where they are missing (as the demo group codes). */
export async function seedDemoPortals(db: Database): Promise<void> {
  for (const portal of DEMO_PORTALS) {
    await db.query('insert into portal (id, group_code_ident, product_text, price_cents) values ($1, $2, $3, $4) on conflict (id) do nothing', [
      portal.id, portal.groupCodeIdent, portal.productText, portal.priceCents,
    ]);
  }
}

/**
 * The reset: the demo portals' product and price as on first start. Their transactions and
 * payments stay: payments are records of money, never deleted by a demo reset.
 */
export async function resetDemoPortals(db: Database): Promise<void> {
  for (const portal of DEMO_PORTALS) {
    await db.query(
      `insert into portal (id, group_code_ident, product_text, price_cents) values ($1, $2, $3, $4)
       on conflict (id) do update set group_code_ident = excluded.group_code_ident, product_text = excluded.product_text, price_cents = excluded.price_cents`,
      [portal.id, portal.groupCodeIdent, portal.productText, portal.priceCents],
    );
  }
}
