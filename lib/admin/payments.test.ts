import type { Database } from '@/lib/embedded-api/db/database';
import { migrate } from '@/lib/embedded-api/db/migrations';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { pushedChunks } from './pushedChunks';
import { CSV } from './csv';
import { paymentGroups, writePayments } from './payments';
import { parseCsv } from './testSupport';

let db: Database;

async function transaction(id: string, createdAt: string, name = 'Erika Muster'): Promise<void> {
  await db.query(
    `insert into portal_transaction (id, portal_id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email, product_text, price_cents,
       ui_language, data_privacy_accepted_at, client_address, created_at)
     values ($1, 1, true, $2, 'Weg 1', '12345 Stadt', 'erika@example.org', 'Kompetenzanalyse Online', 34567, 'de-DE', $3, '192.0.2.1', $3)`,
    [id, name, createdAt],
  );
}

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await db.query("insert into portal (id, group_code_ident, product_text, price_cents) values (1, 'PTTEST01', 'Kompetenzanalyse Online', 34567)");
  await transaction('T-PAID-1', '2026-01-01T10:00:00Z');
  await transaction('T-OPEN-1', '2026-01-01T11:00:00Z');
  await transaction('T-DECL-1', '2026-01-01T12:00:00Z');
  await transaction('T-OPEN-2', '2026-01-01T13:00:00Z', '=HYPERLINK("x")');
  await db.query(
    `insert into payment (transaction_id, paypal_order_id, paypal_capture_id, amount_cents, currency, recorded_at, confirmation_mail)
     values ('T-PAID-1', 'ORDERPAID0000001', 'CAPTURE1', 34567, 'EUR', '2026-01-01T10:05:00Z', 'outbox')`,
  );
  await db.query("insert into payment_report (transaction_id, paypal_order_id, outcome, reported_at) values ('T-DECL-1', 'ORDERDECL0000001', 'declined', '2026-01-01T12:05:00Z')");
}, 60_000);

afterAll(() => db.close());

describe('paymentGroups: what the portal page shows', () => {
  it('puts each transaction in one of the three groups, newest first, with its count', async () => {
    const groups = await paymentGroups(db, 10);
    expect(groups.map((g) => [g.status, g.count, g.newest.map((line) => line.transactionId)])).toEqual([
      ['paid', 1, ['T-PAID-1']],
      ['not confirmed', 1, ['T-DECL-1']],
      ['open', 2, ['T-OPEN-2', 'T-OPEN-1']],
    ]);
    const [paid, declined] = groups;
    expect(paid!.newest[0]).toMatchObject({ label: 'paid', amount: '345.67', currency: 'EUR', orderId: 'ORDERPAID0000001', confirmationMail: 'outbox', at: new Date('2026-01-01T10:05:00Z') });
    expect(declined!.newest[0]).toMatchObject({ label: 'not confirmed (declined)', outcome: 'declined', orderId: 'ORDERDECL0000001' });
  });

  it('keeps only the newest lines of a group, and counts them all', async () => {
    const open = (await paymentGroups(db, 1)).find((g) => g.status === 'open')!;
    expect(open).toMatchObject({ count: 2, newest: [expect.objectContaining({ transactionId: 'T-OPEN-2' })] });
  });
});

describe('writePayments: the invoice export of both doors', () => {
  it('the console download (pushedChunks) writes what the command line writes', async () => {
    let direct = '';
    const counts = await writePayments(db, { format: 'csv', dialect: CSV }, (chunk) => {
      direct += chunk;
    });
    expect(counts).toEqual({ paid: 1, 'not confirmed': 1, open: 2 });
    let downloaded = '';
    for await (const chunk of pushedChunks((write) => writePayments(db, { format: 'csv', dialect: CSV }, write))) downloaded += chunk;
    expect(downloaded).toBe(direct);
    const rows = parseCsv(downloaded);
    expect(rows.map((row) => [row.transaction_id, row.status, row.invoice_name])).toEqual([
      ['T-PAID-1', 'paid', 'Erika Muster'],
      ['T-OPEN-1', 'open', 'Erika Muster'],
      ['T-DECL-1', 'not confirmed (declined)', 'Erika Muster'],
      // A name a spreadsheet would take for a formula is defused.
      ['T-OPEN-2', 'open', `'=HYPERLINK("x")`],
    ]);
  });
});
