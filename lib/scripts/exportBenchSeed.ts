import { withAdminDatabase } from '@/lib/admin/database';

/** Answer items per participant in the export benchmarks. */
export const ITEMS_PER_PARTICIPANT = 100;

/**
 * Replaces the assessments of questionnaire `key` with finished participants of 100 answer items
 * each, `rows` items in all: what export-memory.ts and export-memory-console.ts export.
 */
export async function seedExportRows(env: NodeJS.ProcessEnv, key: string, rows: number, identPrefix: string): Promise<void> {
  const participants = Math.ceil(rows / ITEMS_PER_PARTICIPANT);
  await withAdminDatabase(env, async ({ db }) => {
    await db.query('delete from assessment where questionnaire_key = $1', [key]);
    const [assessor] = await db.query<{ id: number }>('insert into assessor (is_registered) values (true) returning id');
    await db.query(
      `insert into assessment (ident_code, product, assessor_id, questionnaire_key, questionnaire_version, finished_at)
       select $1 || lpad(g::text, 7, '0'), 1, $2, $3, 1, now() from generate_series(1, $4::int) g`,
      [identPrefix, assessor!.id, key, participants],
    );
    await db.query(
      `insert into answer (assessment_id, question_id, answer_id, value)
       select a.id, (i - 1) / 4 + 1, i, (i - 1) % 4 + 1 from assessment a, generate_series(1, $2::int) i where a.questionnaire_key = $1`,
      [key, ITEMS_PER_PARTICIPANT],
    );
  });
}
