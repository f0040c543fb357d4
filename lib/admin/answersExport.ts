import type { Sql } from '@/lib/embedded-api/db/database';
import { CSV, EXCEL_CSV } from './csv';
import { checkExportable, exportAnswers, type ExportFormat, type ExportSummary } from './export';
import { exportAnonymousAudited } from './privacy';
import { pushedChunks } from './pushedChunks';

/**
 * One export of answers as `export` runs it and the console's download does: the questionnaire
 * checked, the rows written page by page, and an anonymous export recorded in the privacy audit
 * once it is complete.
 */
export type AnswersExportRequest = {
  questionnaireKey: string;
  format: ExportFormat;
  finishedOnly: boolean;
  /** CSV for Excel in German locales: semicolons, BOM. */
  excel: boolean;
  anonymous: boolean;
};

/**
 * complete: called after the last row is written and before the privacy audit records an anonymous
 * export (the command line's file appears there). by: who exported, for that audit.
 */
export async function runAnswersExport(
  sql: Sql,
  request: AnswersExportRequest,
  write: (chunk: string) => void | Promise<void>,
  by: string,
  complete: () => Promise<void> = async () => undefined,
): Promise<ExportSummary> {
  const { questionnaireKey } = request;
  const options = { questionnaireKey, format: request.format, finishedOnly: request.finishedOnly, dialect: request.excel ? EXCEL_CSV : CSV };
  if (request.anonymous) return exportAnonymousAudited(sql, options, by, { write, commit: complete });
  await checkExportable(sql, questionnaireKey);
  const exported = await exportAnswers(sql, options, write);
  await complete();
  return exported;
}

/** The same as chunks for a streamed response: a page is read only when the client took the last. */
export function answersExportChunks(sql: Sql, request: AnswersExportRequest, by: string): AsyncGenerator<string> {
  return pushedChunks((write) => runAnswersExport(sql, request, write, by));
}

/** The console's choice of format: CSV, CSV for Excel, or JSON. */
export const CONSOLE_EXPORT_FORMATS = ['csv', 'excel', 'json'] as const;
export type ConsoleExportFormat = (typeof CONSOLE_EXPORT_FORMATS)[number];

export type ExportQueryProblem = 'questionnaire' | 'format';

/** The console's export form (a GET: its address is the download's) as an export request. */
export function exportRequestOf(params: URLSearchParams): { ok: true; request: AnswersExportRequest } | { ok: false; problem: ExportQueryProblem } {
  const key = params.get('questionnaire')?.trim() ?? '';
  // Keys are short names (content/questionnaires/<key>.json); this also keeps the file name plain.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(key)) return { ok: false, problem: 'questionnaire' };
  const format = params.get('format') ?? 'csv';
  if (!(CONSOLE_EXPORT_FORMATS as readonly string[]).includes(format)) return { ok: false, problem: 'format' };
  return {
    ok: true,
    request: {
      questionnaireKey: key,
      format: format === 'json' ? 'json' : 'csv',
      excel: format === 'excel',
      finishedOnly: params.get('finished') === 'on',
      anonymous: params.get('anonymous') === 'on',
    },
  };
}

/** The download's file name and type. */
export function exportFileOf(request: AnswersExportRequest): { filename: string; contentType: string } {
  const name = `answers-${request.questionnaireKey}${request.anonymous ? '-anonymous' : ''}${request.excel ? '-excel' : ''}`;
  return request.format === 'json'
    ? { filename: `${name}.json`, contentType: 'application/json; charset=utf-8' }
    : { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8' };
}

/** The keys an export can name: imported questionnaires, and keys that only assessments name. */
export async function exportableQuestionnaires(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ key: string }>('select questionnaire_key as key from assessment union select key from questionnaire order by key');
  return rows.map((row) => row.key);
}

/** Whether a key can be exported (checkExportable without the error). */
export async function isExportable(sql: Sql, key: string): Promise<boolean> {
  const [found] = await sql.query<{ found: boolean }>(
    'select exists (select 1 from assessment where questionnaire_key = $1) or exists (select 1 from questionnaire where key = $1) as found',
    [key],
  );
  return found?.found === true;
}
