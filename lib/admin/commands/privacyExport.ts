import { PERSON_EXPORT_FORMAT } from '@/lib/embedded-api/privacy/exportPerson';
import { describeQuery } from '@/lib/embedded-api/privacy/people';
import { EXIT, type Command } from '../command';
import { withAdminDatabase } from '../database';
import { parseOptions, required } from '../options';
import { outputFile, stdoutSink, type Sink } from '../output';
import { exportPersonAudited } from '../privacy';
import { describeCounts, operatorName, PERSON_HELP, PERSON_OPTIONS, personQuery } from '../privacyOptions';

const HELP = `Usage: npm run admin -- privacy export (--assessment <ident code> | --group-participant <access code> | --email <address>) [--output <file>]

Writes everything stored about a person as JSON (GDPR Art. 15 and 20), in the documented shape
${PERSON_EXPORT_FORMAT} (docs/privacy.md, "Access and portability"): their name, e-mail,
registration and privacy consent; group participations with the additional fields as their page
labels them; every assessment with its answers and drafts, each with the question and item text it
answered and what the value means; timestamps; the mails sent to them (without their text); and
invoices to their e-mail address. It never holds a key hash, access code, ident code, group code,
token or client address: the file names nobody by a code (you know whose it is: you asked for it).
The audit (privacy audit) records the export and how much it held, never whom.

The person:
${PERSON_HELP}

Options:
  --output <file>  write to this file (created readable by its owner only; it appears when the
                   export is complete) instead of stdout

Example:
  npm run admin -- privacy export --email paula.bereit@example.com --output paula-bereit.json`;

export const privacyExport: Command = {
  name: 'privacy export',
  summary: "export everything stored about a person as JSON (access and portability)",
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { ...PERSON_OPTIONS, output: { type: 'string' } });
    const query = personQuery(values);
    const subject = describeQuery(query);
    const sink: Sink = values.output !== undefined ? await outputFile(io, required(values.output, '--output')) : stdoutSink(io);
    try {
      const exported = await withAdminDatabase(io.env, ({ db }) => exportPersonAudited(db, query, operatorName(io), sink), { onWait: io.err });
      if (!exported) {
        await sink.abort();
        io.err(`privacy export: no ${subject} matches; nothing was exported.`);
        return EXIT.failure;
      }
      io.err(`Exported ${describeCounts(exported.counts)} to ${sink.describe}.`);
      if (exported.shared) io.err('The assessor has other assessments too: their name and e-mail are not in this export (export them with --email).');
      return EXIT.ok;
    } catch (error) {
      await sink.abort();
      throw error;
    }
  },
};
