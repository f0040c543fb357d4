import { pushedChunks } from '@/lib/admin/pushedChunks';
import { consoleDownload } from '@/lib/admin/console/download';
import { CSV } from '@/lib/admin/csv';
import { writePrivacyAudit } from '@/lib/admin/privacy';

export const dynamic = 'force-dynamic';

/** The whole privacy audit as CSV, as `privacy audit` writes it. */
export async function GET() {
  return consoleDownload('privacyAudit', 'privacy-audit.csv', 'text/csv; charset=utf-8', (db) => pushedChunks((write) => writePrivacyAudit(db, CSV, write)));
}
