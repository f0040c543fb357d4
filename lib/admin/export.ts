import type { Sql } from '@/lib/embedded-api/db/database';
import { CSV, csvHeader, csvLine, isoUtc, type CsvDialect } from './csv';
import { keysetPages } from './pages';

/**
 * The export's columns, in this order: a contract for operators' spreadsheets and scripts. Never
 * rename or reorder them; a new column goes at the end.
 */
export const EXPORT_COLUMNS = [
  'ident_code',
  'questionnaire_key',
  'questionnaire_version',
  'question_id',
  'answer_id',
  'value',
  'saved_at',
  'finished_at',
] as const;

export type ExportRow = {
  ident_code: string;
  questionnaire_key: string;
  /** Null while the assessment is not yet bound to a version. */
  questionnaire_version: number | null;
  question_id: number;
  answer_id: number;
  value: number;
  saved_at: string;
  finished_at: string | null;
};

export type ExportFormat = 'csv' | 'json';

export type ExportOptions = {
  questionnaireKey: string;
  format: ExportFormat;
  /** Only participants who finished. */
  finishedOnly?: boolean;
  /** CSV only: comma (RFC 4180) or the Excel variant. */
  dialect?: CsvDialect;
  pageSize?: number;
};

export type ExportSummary = { rows: number; participants: number };

export const EXPORT_PAGE_SIZE = 1000;

/** The key has neither assessments nor an imported questionnaire. */
export class UnknownExportError extends Error {
  readonly exitCode = 1;
  constructor(key: string, known: string[]) {
    super(`questionnaire '${key}' has no assessments and is not imported. ${known.length ? `Known: ${known.join(', ')}.` : 'There are no questionnaires yet.'}`);
    this.name = 'UnknownExportError';
  }
}

/** A row as the database gives it: an export row with the participant's id, dates not yet formatted. */
type AnswerRow = Omit<ExportRow, 'saved_at' | 'finished_at'> & {
  assessment_id: number;
  saved_at: Date | string;
  finished_at: Date | string | null;
};

export async function checkExportable(sql: Sql, key: string): Promise<void> {
  const [found] = await sql.query<{ found: boolean }>(
    `select exists (select 1 from assessment where questionnaire_key = $1) or exists (select 1 from questionnaire where key = $1) as found`,
    [key],
  );
  if (found?.found) return;
  const known = await sql.query<{ key: string }>(`select questionnaire_key as key from assessment union select key from questionnaire order by key`);
  throw new UnknownExportError(key, known.map((k) => k.key));
}

/**
 * Writes every saved answer item of one questionnaire's assessments: one row per participant and
 * answer item, ordered by participant (in the order they were created), then answer id. Items a
 * participant has not answered do not appear. Pages of `pageSize` rows are read and written one
 * after the other, so memory holds one page whatever the total.
 */
export async function exportAnswers(
  sql: Sql,
  options: ExportOptions,
  write: (chunk: string) => void | Promise<void>,
): Promise<ExportSummary> {
  const dialect = options.dialect ?? CSV;
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const summary: ExportSummary = { rows: 0, participants: 0 };
  let lastAssessment: number | undefined;

  // The assessments of this questionnaire lie between these ids: the scan of answers starts and ends there.
  const [range] = await sql.query<{ first: number | null; last: number | null }>(
    'select min(id) as first, max(id) as last from assessment where questionnaire_key = $1',
    [options.questionnaireKey],
  );
  const first = range?.first ?? 0;
  const last = range?.last ?? -1;

  /**
   * The inner query walks the answers' primary key from the last row written, checking each row's
   * assessment through its primary key. Planned with or without statistics (PGlite has none: no
   * autovacuum), that is one index range scan that stops after a page, so every page costs the same.
   * A plain join was planned, without statistics, as "every matching row, then sort" on each page.
   */
  const readPage = (after: [number, number] | undefined, limit: number) =>
    sql.query<AnswerRow>(
      `select s.assessment_id, a.ident_code, a.questionnaire_key, a.questionnaire_version, s.question_id, s.answer_id,
              s.value, s.saved_at, a.finished_at
         from (select s.assessment_id, s.question_id, s.answer_id, s.value, s.saved_at
                 from answer s
                where (s.assessment_id, s.answer_id) > ($3::int, $4::int) and s.assessment_id <= $5::int
                  and (select a.questionnaire_key = $1 and ($2::boolean is false or a.finished_at is not null)
                         from assessment a where a.id = s.assessment_id)
                order by s.assessment_id, s.answer_id
                limit $6) s
         join assessment a on a.id = s.assessment_id and a.id between $3::int and $5::int
        order by s.assessment_id, s.answer_id`,
      [options.questionnaireKey, options.finishedOnly === true, ...(after ?? [first - 1, 2147483647]), last, limit],
    );

  const json = options.format === 'json';
  // JSON: one object a line inside one array; a row's comma is written when the next row comes.
  let pending: string | undefined;
  await write(json ? '[\n' : csvHeader(EXPORT_COLUMNS, dialect));
  for await (const page of keysetPages(readPage, (row) => [row.assessment_id, row.answer_id] as [number, number], pageSize)) {
    let chunk = '';
    for (const row of page) {
      const out = exportRow(row);
      if (json) {
        if (pending !== undefined) chunk += `${pending},\n`;
        pending = JSON.stringify(out);
      } else {
        chunk += csvLine(EXPORT_COLUMNS.map((column) => out[column]), dialect);
      }
      summary.rows += 1;
      if (row.assessment_id !== lastAssessment) {
        summary.participants += 1;
        lastAssessment = row.assessment_id;
      }
    }
    if (chunk) await write(chunk);
  }
  if (json) await write(`${pending !== undefined ? `${pending}\n` : ''}]\n`);
  return summary;
}

function exportRow(row: AnswerRow): ExportRow {
  return {
    ident_code: row.ident_code,
    questionnaire_key: row.questionnaire_key,
    questionnaire_version: row.questionnaire_version,
    question_id: row.question_id,
    answer_id: row.answer_id,
    value: row.value,
    saved_at: isoUtc(row.saved_at)!,
    finished_at: isoUtc(row.finished_at),
  };
}
