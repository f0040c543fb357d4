import { ANONYMOUS_COLUMNS } from '../anonymousExport';
import { runAnswersExport } from '../answersExport';
import { EXIT, UsageError, type Command } from '../command';
import { withAdminDatabase } from '../database';
import { EXPORT_COLUMNS, FIELD_COLUMN_PREFIX, type ExportFormat } from '../export';
import { parseOptions, required } from '../options';
import { outputFile, stdoutSink, type Sink } from '../output';
import { operatorName } from '../privacyOptions';

const HELP = `Usage: npm run admin -- export --questionnaire <key> [--anonymous] [--format csv|json] [--finished-only] [--excel] [--output <file>]

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

With --anonymous, for a statistics team that must not learn who answered, the columns are
  ${ANONYMOUS_COLUMNS.join(', ')}
participant is a random number drawn anew for each export, and the participants come in a random
order, so neither joins two exports nor tells who started first; finished is true or false. Left
out: ident code, group code, the stable participant number, name, e-mail, additional fields, and
every timestamp: when someone answered is known to colleagues and would single them out in a
small team. The privacy audit (privacy audit) records each anonymous export.

Options:
  --questionnaire <key>  the questionnaire's key (required)
  --anonymous            answers without anything that names or singles out a person (above)
  --format csv|json      csv (default): RFC 4180, UTF-8, comma-separated, CRLF line ends;
                         json: one array, one object per line, with the column names as keys
  --finished-only        only participants who finished their assessment
  --excel                CSV for Excel in German locales: semicolon-separated, UTF-8 with BOM
  --output <file>        write to this file (created readable by its owner only; it appears when
                         the export is complete) instead of stdout

Examples:
  npm run admin -- export --questionnaire competency-24 --finished-only --excel --output answers.csv
  npm run admin -- export --questionnaire competency-24 --anonymous --output statistics.csv`;

export const exportCommand: Command = {
  name: 'export',
  summary: 'export the saved answers of a questionnaire as CSV or JSON',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      questionnaire: { type: 'string' },
      anonymous: { type: 'boolean', default: false },
      format: { type: 'string', default: 'csv' },
      'finished-only': { type: 'boolean', default: false },
      excel: { type: 'boolean', default: false },
      output: { type: 'string' },
    });
    const questionnaireKey = required(values.questionnaire, '--questionnaire');
    const format = values.format as ExportFormat;
    if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, not '${values.format}'`);
    if (values.excel && format !== 'csv') throw new UsageError('--excel applies to --format csv only');
    const sink: Sink = values.output !== undefined ? await outputFile(io, required(values.output, '--output')) : stdoutSink(io);
    try {
      const anonymous = values.anonymous;
      const request = { questionnaireKey, format, finishedOnly: values['finished-only'], excel: values.excel, anonymous };
      const summary = await withAdminDatabase(io.env, ({ db }) => runAnswersExport(db, request, sink.write, operatorName(io), sink.commit), { onWait: io.err });
      io.err(`Exported ${summary.rows} answer items of ${summary.participants} participants${anonymous ? ' anonymously' : ''} (questionnaire ${questionnaireKey}) to ${sink.describe}.`);
      return EXIT.ok;
    } catch (error) {
      await sink.abort();
      throw error;
    }
  },
};
