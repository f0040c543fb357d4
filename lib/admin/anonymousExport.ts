import type { Sql } from '@/lib/embedded-api/db/database';
import { CSV } from './csv';
import { EXPORT_PAGE_SIZE, rowWriter, type ExportOptions, type ExportSummary } from './export';
import { keysetPages } from './pages';
import { RandomPermutation } from './randomPermutation';

/**
 * The anonymous export's columns (issue 29, point 5), in this order: answers for a statistics team
 * that must not learn who answered. Left out, because each names or singles out a person: ident
 * code, group code, the stable participant number, name, e-mail, additional fields, and every
 * timestamp (when someone answered is known to colleagues and singles them out in a small team;
 * `finished` says what statistics need of it). questionnaire_version stays: the answers cannot be
 * read without it.
 */
export const ANONYMOUS_COLUMNS = ['participant', 'questionnaire_key', 'questionnaire_version', 'question_id', 'answer_id', 'value', 'finished'] as const;

/** The participant numbers: 1 to 2^31, one per participant, drawn anew for each export. */
const NUMBER_SPACE = 2 ** 31;

/**
 * Writes every saved answer item of one questionnaire without anything that names a person: one row
 * per participant and answer item. Participants come in a random order and under a random number,
 * both drawn anew for each export (RandomPermutation), so that neither the number nor the position
 * of a row joins two exports or tells who started first.
 *
 * Constant memory: the id range of the questionnaire's assessments is walked in the random order a
 * batch of pageSize ids at a time, and each participant's answers are read in keyset pages.
 */
export async function exportAnonymousAnswers(
  sql: Sql,
  options: ExportOptions,
  write: (chunk: string) => void | Promise<void>,
): Promise<ExportSummary> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const summary: ExportSummary = { rows: 0, participants: 0 };
  const [range] = await sql.query<{ first: number | null; last: number | null }>(
    'select min(id) as first, max(id) as last from assessment where questionnaire_key = $1',
    [options.questionnaireKey],
  );
  const first = range?.first ?? 0;
  const span = range?.last === null || range?.last === undefined ? 0 : range.last - first + 1;
  const order = new RandomPermutation(span);
  const numbers = new RandomPermutation(NUMBER_SPACE);
  const rows = rowWriter(ANONYMOUS_COLUMNS, options.format, options.dialect ?? CSV);

  await write(rows.header());
  for (let start = 0; start < span; start += pageSize) {
    const ids = order.map(Array.from({ length: Math.min(pageSize, span - start) }, (_, i) => start + i)).map((offset) => first + offset);
    // Ids of other questionnaires' assessments lie in the range too: they are skipped here.
    const found = await sql.query<{ id: number; questionnaire_version: number | null; finished: boolean }>(
      `select id, questionnaire_version, finished_at is not null as finished from assessment
        where id = any($1::int[]) and questionnaire_key = $2 and ($3::boolean is false or finished_at is not null)`,
      [ids, options.questionnaireKey, options.finishedOnly === true],
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    const participants = ids.filter((id) => byId.has(id));
    const numbered = numbers.map(participants);
    for (const [index, id] of participants.entries()) {
      const assessment = byId.get(id)!;
      let answered = false;
      const readPage = (after: number | undefined, limit: number) =>
        sql.query<{ question_id: number; answer_id: number; value: number }>(
          'select question_id, answer_id, value from answer where assessment_id = $1 and answer_id > $2 order by answer_id limit $3',
          [id, after ?? -2147483648, limit],
        );
      for await (const page of keysetPages(readPage, (row) => row.answer_id, pageSize)) {
        const chunk = page
          .map((row) => rows.line([numbered[index]! + 1, options.questionnaireKey, assessment.questionnaire_version, row.question_id, row.answer_id, row.value, assessment.finished]))
          .join('');
        if (chunk) await write(chunk);
        summary.rows += page.length;
        answered = true;
      }
      if (answered) summary.participants += 1;
    }
  }
  const end = rows.end();
  if (end) await write(end);
  return summary;
}

/** The questionnaires an export can name: those with assessments, and those imported. */
export async function exportableQuestionnaires(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ key: string }>('select questionnaire_key as key from assessment union select key from questionnaire order by key');
  return rows.map((row) => row.key);
}
