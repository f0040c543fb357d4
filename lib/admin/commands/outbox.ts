import { outboxMail, outboxPage } from '@/lib/embedded-api/mail/outbox';
import { EXIT, UsageError, type Command } from '../command';
import { CSV, csvHeader, csvLine, EXCEL_CSV, isoUtc } from '../csv';
import { withAdminDatabase } from '../database';
import { parseOptions, wholeNumber } from '../options';
import { keysetPages } from '../pages';

/**
 * The outbox (lib/embedded-api/mail/outbox.ts): the mails the app wrote there because no SMTP_URL
 * was set. `list` shows who got what, without bodies (they hold access codes); `show` prints one
 * mail whole, for the operator to hand on.
 */

export const OUTBOX_COLUMNS = ['id', 'created_at', 'kind', 'language', 'recipient', 'subject'] as const;

const PAGE_SIZE = 500;

const SMTP_NOTE = 'SMTP_URL is set: the app sends new mails to that server; the outbox holds only mails from while it was not set.';

const LIST_HELP = `Usage: npm run admin -- outbox list [--excel]

Lists the mails in the outbox as CSV on stdout (RFC 4180, UTF-8, comma-separated), oldest first,
one line each, without their text (it holds the participant's access code):
  ${OUTBOX_COLUMNS.join(', ')}
The app writes each mail there instead of sending it while SMTP_URL is not set. Read one whole
with 'outbox show <id>'.

Options:
  --excel   semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- outbox list`;

const SHOW_HELP = `Usage: npm run admin -- outbox show <id>

Prints one mail of the outbox whole on stdout: From, To, Date, Subject, Content-Language, then its
text. The text holds the participant's personal access code: hand it only to them.

Example:
  npm run admin -- outbox show 12`;

export const outboxList: Command = {
  name: 'outbox list',
  summary: 'list the mails the app put into the outbox (no SMTP_URL), without their text (CSV)',
  help: LIST_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { excel: { type: 'boolean', default: false } });
    const dialect = values.excel ? EXCEL_CSV : CSV;
    const { listed, smtp } = await withAdminDatabase(io.env, async ({ db, config }) => {
      let count = 0;
      io.out(csvHeader(OUTBOX_COLUMNS, dialect));
      for await (const page of keysetPages((after: number | undefined, limit) => outboxPage(db, after ?? 0, limit), (row) => row.id, PAGE_SIZE)) {
        io.out(page.map((m) => csvLine([m.id, isoUtc(m.created_at), m.kind, m.language, m.recipient, m.subject], dialect)).join(''));
        count += page.length;
      }
      return { listed: count, smtp: config.SMTP_URL !== undefined };
    }, { onWait: io.err });
    io.err(`${listed} mails in the outbox.`);
    if (smtp) io.err(SMTP_NOTE);
    return EXIT.ok;
  },
};

export const outboxShow: Command = {
  name: 'outbox show',
  summary: 'print one mail of the outbox whole',
  help: SHOW_HELP,
  run: async (args, io) => {
    const { positionals } = parseOptions(args, {}, { positionals: true });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'the id of a mail is required (see outbox list)' : `one id, not ${positionals.length}`);
    const id = wholeNumber(positionals[0]!, 'the id', 1, Number.MAX_SAFE_INTEGER);
    const mail = await withAdminDatabase(io.env, ({ db }) => outboxMail(db, id), { onWait: io.err });
    if (!mail) {
      io.err(`outbox show: no mail ${id} in the outbox (see outbox list).`);
      return EXIT.failure;
    }
    io.out(
      [
        `From: ${mail.sender}`,
        `To: ${mail.recipient}`,
        `Date: ${isoUtc(mail.created_at)}`,
        `Subject: ${mail.subject}`,
        `Content-Language: ${mail.language}`,
        '',
        mail.body.replace(/\n$/, ''),
        '',
      ].join('\n'),
    );
    return EXIT.ok;
  },
};
