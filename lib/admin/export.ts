import type { AdditionalFieldDefinition } from '@/lib/content/groupCode';
import type { Sql } from '@/lib/embedded-api/db/database';
import { sortAdditionalFields } from '@/lib/validation/additionalFields';
import { CSV, csvHeader, csvLine, isoUtc, type CsvDialect, type CsvValue } from './csv';
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
  'group_code',
  'participant',
  'participant_name',
  'participant_email',
] as const;

/**
 * After the fixed columns, one column per additional field of the group codes that offer the
 * questionnaire: `field:<German name>`, in the order of the personal-info page, the fields of
 * several group codes that share a name sharing a column.
 */
export const FIELD_COLUMN_PREFIX = 'field:';

export type ExportRow = {
  /** Null for a group participant: their assessments have no ident code of their own to show. */
  ident_code: string | null;
  questionnaire_key: string;
  /** Null while the assessment is not yet bound to a version. */
  questionnaire_version: number | null;
  question_id: number;
  answer_id: number;
  value: number;
  saved_at: string;
  finished_at: string | null;
  /** The group code a group participant logged in with; null for an ident-code assessment. */
  group_code: string | null;
  /**
   * A group participant's number: the same in every export and for every questionnaire they
   * answer, so that their answers can be joined; it opens nothing (unlike their access code).
   */
  participant: number | null;
  /**
   * The name and e-mail a group participant gave on the personal-info page (the requirements
   * analysis asks for them; stored once, on their assessor); null when they gave none, and for an
   * ident-code assessment, whose assessor the export does not describe.
   */
  participant_name: string | null;
  participant_email: string | null;
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
  group_id: number | null;
  field_values: Record<string, string> | string | null;
};

/** The field columns, and for each group code which column each of its field ids fills. */
type FieldColumns = { names: string[]; index: Map<number, Map<number, number>> };

const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The additional fields of every group code that offers the questionnaire or has participants
 * answering it, as columns. Read once before the rows, so the header is complete at the start.
 */
export async function fieldColumnsOf(sql: Sql, questionnaireKey: string): Promise<FieldColumns> {
  const groups = await sql.query<{ id: number; fields: AdditionalFieldDefinition[] | string }>(
    `select g.id, g.fields from group_code g
      where g.questionnaires @> $1::jsonb
         or exists (select 1 from group_member m join assessment a on a.group_member_id = m.id where m.group_code_id = g.id and a.questionnaire_key = $2)
      order by g.id`,
    [JSON.stringify([{ key: questionnaireKey }]), questionnaireKey],
  );
  const names: string[] = [];
  const index = new Map<number, Map<number, number>>();
  for (const group of groups) {
    const own = new Map<number, number>();
    for (const field of sortAdditionalFields(jsonOf(group.fields))) {
      let name = `${FIELD_COLUMN_PREFIX}${field.name.de}`;
      // Two fields of one group code with the same name keep apart by their ids.
      if ([...own.values()].some((column) => names[column] === name)) name = `${name}#${field.id}`;
      const column = names.indexOf(name);
      own.set(field.id, column >= 0 ? column : names.push(name) - 1);
    }
    index.set(group.id, own);
  }
  return { names, index };
}

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
  const fields = await fieldColumnsOf(sql, options.questionnaireKey);
  const columns = [...EXPORT_COLUMNS, ...fields.names];

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
   * A group participant's assessment has an internal ident code made from their personal access
   * code: it never leaves the database; the participant's number stands for them.
   */
  const readPage = (after: [number, number] | undefined, limit: number) =>
    sql.query<AnswerRow>(
      `select s.assessment_id, case when a.group_member_id is null then a.ident_code end as ident_code, a.questionnaire_key,
              a.questionnaire_version, s.question_id, s.answer_id, s.value, s.saved_at, a.finished_at,
              g.code as group_code, m.id as participant, g.id as group_id, m.field_values,
              case when m.id is not null then nullif(trim(p.first_name || ' ' || p.last_name), '') end as participant_name,
              case when m.id is not null then nullif(p.email, '') end as participant_email
         from (select s.assessment_id, s.question_id, s.answer_id, s.value, s.saved_at
                 from answer s
                where (s.assessment_id, s.answer_id) > ($3::int, $4::int) and s.assessment_id <= $5::int
                  and (select a.questionnaire_key = $1 and ($2::boolean is false or a.finished_at is not null)
                         from assessment a where a.id = s.assessment_id)
                order by s.assessment_id, s.answer_id
                limit $6) s
         join assessment a on a.id = s.assessment_id and a.id between $3::int and $5::int
         left join group_member m on m.id = a.group_member_id
         left join group_code g on g.id = m.group_code_id
         left join assessor p on p.id = m.assessor_id
        order by s.assessment_id, s.answer_id`,
      [options.questionnaireKey, options.finishedOnly === true, ...(after ?? [first - 1, 2147483647]), last, limit],
    );

  const rows = rowWriter(columns, options.format, dialect);
  await write(rows.header());
  for await (const page of keysetPages(readPage, (row) => [row.assessment_id, row.answer_id] as [number, number], pageSize)) {
    let chunk = '';
    for (const row of page) {
      const out = exportRow(row);
      // csvLine keeps what participants typed (names, e-mail, field values) from being taken for a formula.
      chunk += rows.line([...EXPORT_COLUMNS.map((column) => out[column]), ...fieldValues(row, fields)]);
      summary.rows += 1;
      if (row.assessment_id !== lastAssessment) {
        summary.participants += 1;
        lastAssessment = row.assessment_id;
      }
    }
    if (chunk) await write(chunk);
  }
  const end = rows.end();
  if (end) await write(end);
  return summary;
}

/**
 * The lines of an export, as CSV or as one JSON array with one object a line (the column names its
 * keys): a JSON row's comma is written when the next row comes, so rows stream without looking ahead.
 */
export function rowWriter(columns: readonly string[], format: ExportFormat, dialect: CsvDialect) {
  let pending: string | undefined;
  return {
    header: (): string => (format === 'json' ? '[\n' : csvHeader(columns, dialect)),
    line: (values: readonly CsvValue[]): string => {
      if (format !== 'json') return csvLine(values, dialect);
      const before = pending !== undefined ? `${pending},\n` : '';
      pending = JSON.stringify(Object.fromEntries(columns.map((column, i) => [column, values[i] ?? null])));
      return before;
    },
    end: (): string => (format === 'json' ? `${pending !== undefined ? `${pending}\n` : ''}]\n` : ''),
  };
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
    group_code: row.group_code,
    participant: row.participant,
    participant_name: row.participant_name,
    participant_email: row.participant_email,
  };
}

/** A group participant's values in the field columns; null where their group code has no such field or they left it empty. */
function fieldValues(row: AnswerRow, fields: FieldColumns): Array<string | null> {
  const values: Array<string | null> = fields.names.map(() => null);
  const own = row.group_id === null ? undefined : fields.index.get(row.group_id);
  if (!own || row.field_values === null) return values;
  for (const [id, value] of Object.entries(jsonOf(row.field_values))) {
    const column = own.get(Number(id));
    if (column !== undefined && value !== '') values[column] = value;
  }
  return values;
}
