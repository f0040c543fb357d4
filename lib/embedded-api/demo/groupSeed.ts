import type { Database, Sql } from '../db/database';
import { importBundledQuestionnaires } from '../questionnaires/import';
import { DEMO_GROUP_CODES } from './groupRows';

const DAY_MS = 24 * 3600 * 1000;

async function importGroupQuestionnaires(db: Database): Promise<void> {
  const keys = [...new Set(DEMO_GROUP_CODES.flatMap((group) => group.questionnaires.map((q) => q.key)))];
  for (const result of await importBundledQuestionnaires(db, keys)) {
    if (result.status === 'refused') throw new Error(`the demo questionnaire ${result.file} is refused: ${result.problems.join('; ')}`);
  }
}

async function insertGroupCode(tx: Sql, group: (typeof DEMO_GROUP_CODES)[number], now: number): Promise<void> {
  await tx.query(
    `insert into group_code (code, variant, product, valid_until, closed_at, fields, questionnaires, personal_info_finish_modal)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [
      group.code, group.variant, group.product,
      group.validForDays === null ? null : new Date(now + group.validForDays * DAY_MS),
      group.closed ? new Date(now) : null,
      JSON.stringify(group.fields), JSON.stringify(group.questionnaires),
      group.finishModal === true,
    ],
  );
}

/**
 * The demo group codes, created on every start where they are missing: a data folder from before
 * group codes existed gets them too (the assessments' demo rows come only into an empty database).
 */
export async function seedDemoGroupCodes(db: Database, now = Date.now()): Promise<void> {
  await importGroupQuestionnaires(db);
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727275)');
    for (const group of DEMO_GROUP_CODES) {
      const [existing] = await tx.query('select 1 from group_code where upper(code) = upper($1)', [group.code]);
      if (!existing) await insertGroupCode(tx, group, now);
    }
  });
}

/** The reset: the demo group codes as on first start, without any participant. */
export async function resetDemoGroupCodes(db: Database, now = Date.now()): Promise<void> {
  await importGroupQuestionnaires(db);
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727275)');
    const codes = DEMO_GROUP_CODES.map((group) => group.code.toUpperCase());
    const members = await tx.query<{ assessor_id: number }>(
      'select m.assessor_id from group_member m join group_code g on g.id = m.group_code_id where upper(g.code) = any($1)',
      [codes],
    );
    await tx.query('delete from group_code where upper(code) = any($1)', [codes]);
    await tx.query('delete from assessor where id = any($1)', [members.map((m) => m.assessor_id)]);
    for (const group of DEMO_GROUP_CODES) await insertGroupCode(tx, group, now);
  });
}
