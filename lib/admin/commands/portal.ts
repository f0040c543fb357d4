import { parseBaseUrl } from '../assessmentOptions';
import { EXIT, UsageError, type Command } from '../command';
import { CSV, csvHeader, csvLine, EXCEL_CSV, isoUtc } from '../csv';
import { withAdminDatabase } from '../database';
import { parseOptions, required } from '../options';
import { outputFile, stdoutSink, type Sink } from '../output';
import { keysetPages } from '../pages';
import { PAYMENT_COLUMNS, PAYMENT_STATUSES, writePayments, type PaymentCounts } from '../payments';
import {
  createPortal,
  parsePortalIdent,
  parsePrice,
  parseProductText,
  portalDeepLink,
  portalPage,
  priceText,
  type PaymentStatus,
} from '../portals';

/**
 * The portal's commands: set up a portal, list the portals, and list or export what
 * buyers did (a line per transaction: paid, not confirmed by PayPal, or open).
 */

export const PORTAL_CREATE_COLUMNS = ['portal_id', 'group_code_ident', 'product_text', 'price', 'deep_link'] as const;

const CREATE_HELP = `Usage: npm run admin -- portal create --product-text <text> --price <amount> [options]

Creates a portal, where buyers pay the product's price with PayPal, and prints it with its deep link
as CSV on stdout (${PORTAL_CREATE_COLUMNS.join(', ')}). The deep link is
<PUBLIC_URL>/portal/<group code identifier>/<portal id>.

Options:
  --product-text <text>        what is sold, as the page, PayPal and the confirmation mail show it
                               (required; one line, at most 200 characters)
  --price <amount>             the price in EUR (required): greater than 0, at most two decimals,
                               with a point or a comma (345.67, 345,67, "345,67 EUR")
  --group-code-ident <ident>   the identifier in the address, 6 to 16 letters and digits (stored in
                               capitals); default: a new random one of 10 characters
  --base-url <url>             the deep link under this address instead of PUBLIC_URL
  --excel                      semicolon-separated, UTF-8 with BOM, for Excel in German locales

Exit code 0 when created, 2 for wrong arguments.

Example:
  npm run admin -- portal create --product-text "Kompetenzanalyse Online" --price 345,67`;

const portalCreate: Command = {
  name: 'portal create',
  summary: 'create a portal selling one product at one price, and print its deep link (CSV)',
  help: CREATE_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      'product-text': { type: 'string' },
      price: { type: 'string' },
      'group-code-ident': { type: 'string' },
      'base-url': { type: 'string' },
      excel: { type: 'boolean', default: false },
    });
    const productText = parseProductText(required(values['product-text'], '--product-text'));
    const price = parsePrice(required(values.price, '--price'));
    const ident = values['group-code-ident'] !== undefined ? parsePortalIdent(values['group-code-ident']) : undefined;
    const baseUrl = values['base-url'] !== undefined ? parseBaseUrl(values['base-url']) : undefined;
    const created = await withAdminDatabase(io.env, ({ db, config }) =>
      createPortal(db, { productText, price, ...(ident && { ident }), publicUrl: baseUrl ?? config.PUBLIC_URL }), { onWait: io.err });
    const dialect = values.excel ? EXCEL_CSV : CSV;
    io.out(csvHeader(PORTAL_CREATE_COLUMNS, dialect) + csvLine([created.id, created.ident, productText, price.text, created.deepLink], dialect));
    io.err(`Created portal ${created.id} selling '${productText}' at ${price.text}: ${created.deepLink}`);
    return EXIT.ok;
  },
};

export const PORTAL_LIST_COLUMNS = ['portal_id', 'group_code_ident', 'product_text', 'price', 'deep_link', 'transactions', 'payments', 'created_at'] as const;

const LIST_HELP = `Usage: npm run admin -- portal list [--base-url <url>] [--excel]

Lists the portals as CSV on stdout, in the order of their ids, one line each:
  ${PORTAL_LIST_COLUMNS.join(', ')}
price is as buyers read it (345,67 EUR), empty for a portal without a price (its page shows an
error); transactions counts the invoice forms sent, payments those PayPal confirmed.

Options:
  --base-url <url>  deep links under this address instead of PUBLIC_URL
  --excel           semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- portal list`;

const portalList: Command = {
  name: 'portal list',
  summary: 'list the portals, their prices, deep links and payments (CSV)',
  help: LIST_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { 'base-url': { type: 'string' }, excel: { type: 'boolean', default: false } });
    const baseUrl = values['base-url'] !== undefined ? parseBaseUrl(values['base-url']) : undefined;
    const dialect = values.excel ? EXCEL_CSV : CSV;
    const listed = await withAdminDatabase(io.env, async ({ db, config }) => {
      let count = 0;
      io.out(csvHeader(PORTAL_LIST_COLUMNS, dialect));
      for await (const page of keysetPages((after: number | undefined, limit) => portalPage(db, after, limit), (row) => row.id, 500)) {
        io.out(page.map((p) => csvLine([
          p.id, p.group_code_ident, p.product_text, priceText(p.price_cents),
          portalDeepLink(baseUrl ?? config.PUBLIC_URL, p.group_code_ident, p.id), p.transactions, p.payments, isoUtc(p.created_at),
        ], dialect)).join(''));
        count += page.length;
      }
      return count;
    }, { onWait: io.err });
    io.err(`${listed} portals.`);
    return EXIT.ok;
  },
};

const COLUMNS_TEXT = `One line per transaction (an invoice form a buyer sent), oldest first:
  ${PAYMENT_COLUMNS.join(', ')}
status: paid (PayPal confirmed the payment; time is when it was recorded, paypal_order_id PayPal's
order), not confirmed (<outcome>) (the buyer's browser reported a payment PayPal did not confirm:
pending, declined, wrongAmount, wrongCurrency, wrongTransaction, unknownOrder, unavailable; time and
order of the last report), open (nothing reported; time is when the form was sent). amount is in
EUR as PayPal writes it (345.67): what was paid, else the price agreed to. invoice_type is private
or company. For a payment, confirmation_mail says what became of the buyer's confirmation mail: smtp
or outbox (it went out), retrying (an attempt failed; the next is due at confirmation_next_at),
pending (the first attempt under way, or an attempt a stop cut off, tried again from
confirmation_next_at), failed (for good: the mail server refused it permanently, 5xx, or all 8
attempts, over about a day, failed); confirmation_attempts counts the attempts made. Timestamps are
ISO 8601 in UTC.`;

const PAYMENT_LIST_HELP = `Usage: npm run admin -- payment list [--status paid|not-confirmed|open] [--excel]

Lists the portal's transactions and their payments as CSV on stdout.
${COLUMNS_TEXT}
Text that a spreadsheet would take for a formula (=, +, -, @ at its start or after , ; or a tab)
gets a ' before it, and a field holding , or ; is quoted.

Options:
  --status <status>  only these lines: paid, not-confirmed or open
  --excel            semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- payment list --status not-confirmed`;

const PAYMENT_EXPORT_HELP = `Usage: npm run admin -- payment export [--format csv|json] [--excel] [--output <file>]

Exports the portal's transactions and their payments (invoice data included), streamed page by page.
${COLUMNS_TEXT}

Options:
  --format csv|json  csv (default): RFC 4180, UTF-8, comma-separated, CRLF line ends, a ' before
                     what a spreadsheet would take for a formula; json: one array, one
                     object per line, with the column names as keys, text as typed
  --status <status>  only these lines: paid, not-confirmed or open
  --excel            CSV for Excel in German locales: semicolon-separated, UTF-8 with BOM
  --output <file>    write to this file (created readable by its owner only; it appears when the
                     export is complete) instead of stdout

Example:
  npm run admin -- payment export --excel --output payments.csv`;

function parseStatus(text: string | undefined): PaymentStatus | undefined {
  if (text === undefined) return undefined;
  const status = text.trim().toLowerCase().replace('-', ' ') as PaymentStatus;
  if (!PAYMENT_STATUSES.includes(status)) throw new UsageError(`--status must be paid, not-confirmed or open, not '${text}'`);
  return status;
}

const summary = (counts: PaymentCounts) => `${counts.paid} paid, ${counts['not confirmed']} not confirmed, ${counts.open} open`;

const paymentList: Command = {
  name: 'payment list',
  summary: "list the portal's transactions: paid, not confirmed by PayPal, or open (CSV)",
  help: PAYMENT_LIST_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { status: { type: 'string' }, excel: { type: 'boolean', default: false } });
    const status = parseStatus(values.status);
    const counts = await withAdminDatabase(io.env, ({ db }) => writePayments(db, { format: 'csv', dialect: values.excel ? EXCEL_CSV : CSV, ...(status && { status }) }, io.out), { onWait: io.err });
    io.err(`Transactions: ${summary(counts)}.`);
    return EXIT.ok;
  },
};

const paymentExport: Command = {
  name: 'payment export',
  summary: "export the portal's transactions, payments and invoice data as CSV or JSON",
  help: PAYMENT_EXPORT_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      format: { type: 'string', default: 'csv' },
      status: { type: 'string' },
      excel: { type: 'boolean', default: false },
      output: { type: 'string' },
    });
    const format = values.format as 'csv' | 'json';
    if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, not '${values.format}'`);
    if (values.excel && format !== 'csv') throw new UsageError('--excel applies to --format csv only');
    const status = parseStatus(values.status);
    const sink: Sink = values.output !== undefined ? await outputFile(io, required(values.output, '--output')) : stdoutSink(io);
    try {
      const counts = await withAdminDatabase(io.env, ({ db }) => writePayments(db, { format, dialect: values.excel ? EXCEL_CSV : CSV, ...(status && { status }) }, sink.write), { onWait: io.err });
      await sink.commit();
      io.err(`Exported transactions (${summary(counts)}) to ${sink.describe}.`);
      return EXIT.ok;
    } catch (error) {
      await sink.abort();
      throw error;
    }
  },
};

/** The portal commands, registered together. */
export const portalCommands: Command[] = [portalCreate, portalList, paymentList, paymentExport];
