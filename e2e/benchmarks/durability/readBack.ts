import { withAdminDatabase } from '@/lib/admin/database';
import type { AcknowledgedSave } from './participant';

export type ReadBackResult = {
  savesAcknowledged: number;
  savesFound: number;
  valuesAcknowledged: number;
  valuesFound: number;
  /** The first few saves not found as acknowledged, for the report (by participant number: ident codes are codes). */
  lost: Array<{ participant: number; questionStartIndex: number; missing: number; different: number }>;
};

/**
 * Every acknowledged save, value by value, against what the database holds. Run after the server
 * stopped: on PGlite the folder is the server's while it runs.
 */
export async function readBack(env: Record<string, string | undefined>, saves: AcknowledgedSave[]): Promise<ReadBackResult> {
  const identCodes = [...new Set(saves.map((s) => s.identCode))];
  const rows = await withAdminDatabase(env, ({ db }) =>
    db.query<{ ident_code: string; answer_id: number; value: number }>(
      `select s.ident_code, a.answer_id, a.value from answer a join assessment s on s.id = a.assessment_id where s.ident_code = any($1::text[])`,
      [identCodes],
    ),
  );
  const stored = new Map(rows.map((r) => [`${r.ident_code} ${r.answer_id}`, r.value]));
  const result: ReadBackResult = { savesAcknowledged: saves.length, savesFound: 0, valuesAcknowledged: 0, valuesFound: 0, lost: [] };
  for (const save of saves) {
    let missing = 0;
    let different = 0;
    for (const { id, value } of save.values) {
      const found = stored.get(`${save.identCode} ${id}`);
      if (found === undefined) missing++;
      else if (found !== value) different++;
    }
    result.valuesAcknowledged += save.values.length;
    result.valuesFound += save.values.length - missing - different;
    if (missing + different === 0) result.savesFound++;
    else if (result.lost.length < 10) result.lost.push({ participant: save.participant, questionStartIndex: save.questionStartIndex, missing, different });
  }
  return result;
}
