import { pushedChunks } from '@/lib/admin/pushedChunks';
import { consoleDownload } from '@/lib/admin/console/download';
import { CSV, EXCEL_CSV } from '@/lib/admin/csv';
import { writePayments } from '@/lib/admin/payments';

export const dynamic = 'force-dynamic';

/** The invoice data: every transaction as `payment export` writes it (?excel=1: the Excel dialect), owners only. */
export async function GET(request: Request) {
  const excel = new URL(request.url).searchParams.get('excel') === '1';
  return consoleDownload('invoiceExport', excel ? 'invoices-excel.csv' : 'invoices.csv', 'text/csv; charset=utf-8', (db) =>
    pushedChunks((write) => writePayments(db, { format: 'csv', dialect: excel ? EXCEL_CSV : CSV }, write)),
  );
}
