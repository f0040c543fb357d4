import type { Database } from '../db/database';
import { DEMO_GROUP_CODES } from './groupRows';
import { DEMO_PORTALS } from './portalRows';
import { DEMO_ASSESSMENTS } from './rows';

export type RemovedDemo = {
  assessments: number;
  groups: number;
  portals: number;
  /** Demo portals kept because payments or transactions name them (records of money are never deleted): their price is removed, so they sell nothing. */
  portalsWithoutPrice: number;
};

/**
 * Takes the demo's rows out of a database that a start outside demo mode opens: their codes are
 * public (docs, /home-dev of an earlier demo start), so a deployment must not carry them. The
 * operator's rows are never touched: a demo portal is recognised by its id *and* its identifier,
 * since an operator's own first portal may have the id 1.
 */
export async function removeDemo(db: Database): Promise<RemovedDemo> {
  return db.transaction(async (tx) => {
    // The seeding's lock: a demo start of another instance cannot add rows while they go.
    await tx.query('select pg_advisory_xact_lock(727275)');
    const identCodes = DEMO_ASSESSMENTS.map((demo) => demo.identCode);
    const owners = await tx.query<{ assessor_id: number }>('select assessor_id from assessment where ident_code = any($1) and group_member_id is null', [identCodes]);
    const assessments = await tx.query('delete from assessment where ident_code = any($1) and group_member_id is null returning id', [identCodes]);
    await tx.query('delete from assessor where id = any($1) and not exists (select 1 from assessment where assessor_id = assessor.id)', [owners.map((o) => o.assessor_id)]);

    const groupCodes = DEMO_GROUP_CODES.map((group) => group.code.toUpperCase());
    const members = await tx.query<{ assessor_id: number }>(
      'select m.assessor_id from group_member m join group_code g on g.id = m.group_code_id where upper(g.code) = any($1)',
      [groupCodes],
    );
    // The participants' assessments and memberships go with the code (on delete cascade), then their accounts.
    const removedGroups = await tx.query('delete from group_code where upper(code) = any($1) returning id', [groupCodes]);
    await tx.query('delete from assessor where id = any($1) and not exists (select 1 from assessment where assessor_id = assessor.id)', [members.map((m) => m.assessor_id)]);

    let portals = 0;
    let portalsWithoutPrice = 0;
    for (const portal of DEMO_PORTALS) {
      const match = [portal.id, portal.groupCodeIdent];
      const used = await tx.query('select 1 from portal_transaction where portal_id = $1 limit 1', [portal.id]);
      const [own] = await tx.query<{ price_cents: string | null }>('select price_cents from portal where id = $1 and upper(group_code_ident) = upper($2)', match);
      if (!own) continue;
      if (used.length === 0) {
        await tx.query('delete from portal where id = $1 and upper(group_code_ident) = upper($2)', match);
        portals += 1;
      } else if (own.price_cents !== null) {
        await tx.query('update portal set price_cents = null where id = $1 and upper(group_code_ident) = upper($2)', match);
        portalsWithoutPrice += 1;
      }
    }
    return { assessments: assessments.length, groups: removedGroups.length, portals, portalsWithoutPrice };
  });
}
