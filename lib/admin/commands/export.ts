import { EXIT, UsageError, type Command } from '../command';
import { CSV, EXCEL_CSV } from '../csv';
import { withAdminDatabase } from '../database';
import { checkExportable, EXPORT_COLUMNS, exportAnswers, FIELD_COLUMN_PREFIX, type ExportFormat } from '../export';
import { parseOptions, required } from '../options';
import { fileSink, stdoutSink, type Sink } from '../output';

const HELP = `Usage: npm run admin -- export --questionnaire <key> [--format csv|json] [--finished-only] [--excel] [--output <file>]

Exports the saved answers of one questionnaire: one row per participant and answer item, streamed
page by page (constant memory, whatever the number of rows). Items a participant has not answered
do not appear. No access code or other secret is exported. Group participants are included.

Columns (a fixed contract, in this order):
  ${EXPORT_COLUMNS.join(', ')}
then, when group codes offer the questionnaire, one ${FIELD_COLUMN_PREFIX}<name> column per additional field
(German name, in the order of the personal-info page; fields of several group codes with the same
name share a column). Timestamps are ISO 8601 in UTC; questionnaire_version is empty (JSON: null)
while an assessment is not yet bound to a version, finished_at while it is not finished.
A group participant has no ident_code: group_code and participant (a number that is the same in
every export and opens nothing) stand for them; an ident-code assessment has these empty.

Options:
  --questionnaire <key>  the questionnaire's key (required)
  --format csv|json      csv (default): RFC 4180, UTF-8, comma-separated, CRLF line ends;
                         json: one array, one object per line, with the column names as keys
  --finished-only        only participants who finished their assessment
  --excel                CSV for Excel in German locales: semicolon-separated, UTF-8 with BOM
  --output <file>        write to this file (created readable by its owner only; it appears when
                         the export is complete) instead of stdout

Example:
  npm run admin -- export --questionnaire competency-24 --finished-only --excel --output answers.csv`;

export const exportCommand: Command = {
  name: 'export',
  summary: 'export the saved answers of a questionnaire as CSV or JSON',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      questionnaire: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      'finished-only': { type: 'boolean', default: false },
      excel: { type: 'boolean', default: false },
      output: { type: 'string' },
    });
    const questionnaireKey = required(values.questionnaire, '--questionnaire');
    const format = values.format as ExportFormat;
    if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, not '${values.format}'`);
    if (values.excel && format !== 'csv') throw new UsageError('--excel applies to --format csv only');
    const sink: Sink = values.output !== undefined ? await fileSink(required(values.output, '--output')) : stdoutSink(io);
    try {
      const summary = await withAdminDatabase(io.env, async ({ db }) => {
        await checkExportable(db, questionnaireKey);
        return exportAnswers(db, { questionnaireKey, format, finishedOnly: values['finished-only'], dialect: values.excel ? EXCEL_CSV : CSV }, sink.write);
      }, { onWait: io.err });
      await sink.commit();
      io.err(`Exported ${summary.rows} answer items of ${summary.participants} participants (questionnaire ${questionnaireKey}) to ${sink.describe}.`);
      return EXIT.ok;
    } catch (error) {
      await sink.abort();
      throw error;
    }
  },
};
