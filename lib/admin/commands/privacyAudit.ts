import { auditPage } from '@/lib/embedded-api/privacy/audit';
import { CSV, csvHeader, csvLine, EXCEL_CSV, isoUtc } from '../csv';
import { withAdminDatabase } from '../database';
import { EXIT, type Command } from '../command';
import { parseOptions } from '../options';
import { keysetPages } from '../pages';

export const AUDIT_COLUMNS = ['id', 'done_at', 'action', 'subject', 'records', 'details', 'done_by'] as const;

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
    const listed = await withAdminDatabase(io.env, async ({ db }) => {
      let count = 0;
      io.out(csvHeader(AUDIT_COLUMNS, dialect));
      for await (const page of keysetPages((after: number | undefined, limit) => auditPage(db, after ?? 0, limit), (row) => row.id, 500)) {
        io.out(page.map((r) => csvLine([r.id, isoUtc(r.at), r.action, r.subject, r.records, JSON.stringify(Object.fromEntries(Object.entries(r.details).sort(([a], [b]) => a.localeCompare(b)))), r.by], dialect)).join(''));
        count += page.length;
      }
      return count;
    }, { onWait: io.err });
    io.err(`${listed} entries in the privacy audit.`);
    return EXIT.ok;
  },
};
