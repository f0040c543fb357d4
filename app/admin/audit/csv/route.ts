import { CSV, csvHeader, csvLine, isoUtc, spreadsheetText } from '@/lib/admin/csv';
import { auditAfter } from '@/lib/admin/operators/audit';
import { consoleDownload } from '@/lib/admin/console/download';

export const dynamic = 'force-dynamic';

const AUDIT_COLUMNS = ['id', 'at', 'operator', 'action', 'subject', 'details'] as const;

/** The whole audit log as CSV, oldest first, streamed a thousand rows at a time. */
export async function GET() {
  return consoleDownload('auditRead', 'operator-audit.csv', 'text/csv; charset=utf-8', async function* (db) {
    yield csvHeader(AUDIT_COLUMNS, CSV);
    let after = 0;
    for (;;) {
      const rows = await auditAfter(db, after, 1000);
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine([row.id, isoUtc(row.at), spreadsheetText(row.operator), row.action, spreadsheetText(row.subject), spreadsheetText(JSON.stringify(row.details))], CSV)).join('');
      after = rows.at(-1)!.id;
    }
  });
}
