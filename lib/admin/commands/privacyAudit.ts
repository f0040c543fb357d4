import { CSV, EXCEL_CSV } from '../csv';
import { withAdminDatabase } from '../database';
import { EXIT, type Command } from '../command';
import { parseOptions } from '../options';
import { PRIVACY_AUDIT_COLUMNS, writePrivacyAudit } from '../privacy';

export const AUDIT_COLUMNS = PRIVACY_AUDIT_COLUMNS;

const HELP = `Usage: npm run admin -- privacy audit [--excel]

Lists the privacy audit as CSV on stdout, oldest first: every erasure, export and purge, what it
was applied to, how many records (details: per table, as JSON), when (UTC) and by whom (the
operating-system user, or 'app' for the daily purge). It never holds the data or whom it was about.
  ${AUDIT_COLUMNS.join(', ')}

Options:
  --excel   semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- privacy audit`;

export const privacyAudit: Command = {
  name: 'privacy audit',
  summary: 'list the privacy audit: erasures, exports and purges (CSV)',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { excel: { type: 'boolean', default: false } });
    const dialect = values.excel ? EXCEL_CSV : CSV;
    const listed = await withAdminDatabase(io.env, ({ db }) => writePrivacyAudit(db, dialect, io.out), { onWait: io.err });
    io.err(`${listed} entries in the privacy audit.`);
    return EXIT.ok;
  },
};
