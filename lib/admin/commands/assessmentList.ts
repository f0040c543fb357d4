import type { Sql } from '@/lib/embedded-api/db/database';
import { EXIT, type Command } from '../command';
import { CSV, csvHeader, csvLine, EXCEL_CSV, isoUtc, type CsvDialect } from '../csv';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';
import { keysetPages } from '../pages';

export const LIST_COLUMNS = [
  'ident_code',
  'questionnaire_key',
  'questionnaire_version',
  'product',
  'created_at',
  'valid_until',
  'first_login_done',
  'answered_items',
  'finished_at',
  'group_code',
  'participant',
] as const;

const PAGE_SIZE = 500;

const HELP = `Usage: npm run admin -- assessment list [--questionnaire <key>] [--excel]

Lists assessments as CSV on stdout (RFC 4180, UTF-8, comma-separated), in the order they were
created, one line each, without any code secret (no access code, no hash, no names):
  ${LIST_COLUMNS.join(', ')}
Timestamps are ISO 8601 in UTC; empty when unset. answered_items counts the saved answer items.
A group participant's assessment shows the group code and the participant's number (as the export
does) and no ident code: it has only an internal one, made from their personal access code.

Options:
  --questionnaire <key>  only the assessments of this questionnaire
  --excel                semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- assessment list --questionnaire competency-24 > assessments.csv`;

type ListRow = {
  id: number;
  ident_code: string;
  questionnaire_key: string;
  questionnaire_version: number | null;
  product: number;
  created_at: Date | string;
  valid_until: Date | string | null;
  first_login_done: boolean;
  answered_items: number;
  finished_at: Date | string | null;
  group_code: string | null;
  participant: number | null;
};

/** Writes the listing page by page; answers how many assessments it listed. */
export async function listAssessments(sql: Sql, questionnaireKey: string | undefined, dialect: CsvDialect, write: (chunk: string) => void): Promise<number> {
  const readPage = (after: number | undefined, limit: number) =>
    sql.query<ListRow>(
      `select a.id, case when a.group_member_id is null then a.ident_code end as ident_code, a.questionnaire_key, a.questionnaire_version, a.product, a.created_at, a.valid_until,
              a.first_login_done, a.finished_at,
              (select count(*)::int from answer s where s.assessment_id = a.id) as answered_items,
              (select g.code from group_member m join group_code g on g.id = m.group_code_id where m.id = a.group_member_id) as group_code,
              a.group_member_id as participant
         from assessment a
        where ($1::text is null or a.questionnaire_key = $1) and a.id > $2
        order by a.id
        limit $3`,
      [questionnaireKey ?? null, after ?? 0, limit],
    );
  let listed = 0;
  write(csvHeader(LIST_COLUMNS, dialect));
  for await (const page of keysetPages(readPage, (row) => row.id, PAGE_SIZE)) {
    write(page.map((row) => csvLine([
      row.ident_code, row.questionnaire_key, row.questionnaire_version, row.product, isoUtc(row.created_at), isoUtc(row.valid_until),
      row.first_login_done, row.answered_items, isoUtc(row.finished_at), row.group_code, row.participant,
    ], dialect)).join(''));
    listed += page.length;
  }
  return listed;
}

export const assessmentList: Command = {
  name: 'assessment list',
  summary: 'list assessments and their progress, without codes (CSV)',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      questionnaire: { type: 'string' },
      excel: { type: 'boolean', default: false },
    });
    const key = values.questionnaire?.trim() || undefined;
    const listed = await withAdminDatabase(io.env, ({ db }) => listAssessments(db, key, values.excel ? EXCEL_CSV : CSV, io.out), { onWait: io.err });
    io.err(`${listed} assessments${key ? ` of questionnaire ${key}` : ''}.`);
    return EXIT.ok;
  },
};
