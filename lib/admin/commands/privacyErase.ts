import { describeQuery } from '@/lib/embedded-api/privacy/people';
import { EXIT, UsageError, type Command } from '../command';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';
import { erasePersonAudited, previewErasure } from '../privacy';
import { describeCounts, operatorName, PERSON_HELP, PERSON_OPTIONS, personQuery } from '../privacyOptions';

const HELP = `Usage: npm run admin -- privacy erase (--assessment <ident code> | --group-participant <access code> | --email <address>) [--keep-answers-anonymous] [--yes]

Erases a person (GDPR Art. 17): name, e-mail, additional fields, personal key, drafts, the mails
sent to them and every token (a copied cookie stops working at once). First shows what it would
erase, then asks; the audit (privacy audit) records what was erased, when and by whom, never whom.
Invoice data of the portal stays: it falls under commercial retention (docs/privacy.md).

The person:
${PERSON_HELP}

Options:
  --keep-answers-anonymous  keep each assessment's answers for statistics, linked to nobody (a new
                            random ident code nobody has, no candidate, no assessor)
  --yes                     erase without asking (for scripts; without a terminal it is required)

Example:
  npm run admin -- privacy erase --email paula.bereit@example.com --keep-answers-anonymous`;

export const privacyErase: Command = {
  name: 'privacy erase',
  summary: 'erase a person: personal data, key, drafts, mails and tokens (answers optionally kept anonymous)',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { ...PERSON_OPTIONS, 'keep-answers-anonymous': { type: 'boolean', default: false }, yes: { type: 'boolean', default: false } });
    const query = personQuery(values);
    const keepAnswersAnonymous = values['keep-answers-anonymous'];
    if (!values.yes && !io.ask) throw new UsageError('erasing asks for confirmation: run it in a terminal, or add --yes');
    const subject = describeQuery(query);
    return withAdminDatabase(io.env, async ({ db }) => {
      const preview = await previewErasure(db, query, keepAnswersAnonymous);
      if (!preview) {
        io.err(`privacy erase: no ${subject} matches; nothing was erased.`);
        return EXIT.failure;
      }
      io.err(`This erases: ${describeCounts(preview.counts)}.`);
      if (preview.shared) {
        io.err(`The assessor has other assessments too: their name and e-mail stay (erase them with --email).`);
      }
      if (!values.yes) {
        const answer = (await io.ask!('Erase this for good? Type yes to erase: ')).trim().toLowerCase();
        if (answer !== 'yes') {
          io.err('Nothing was erased.');
          return EXIT.failure;
        }
      }
      const erased = await erasePersonAudited(db, preview.person, { query, keepAnswersAnonymous, by: operatorName(io) });
      io.out(`Erased: ${describeCounts(erased)}.`);
      io.err('Invoice data of the portal, if any, stays under commercial retention (docs/privacy.md).');
      return EXIT.ok;
    }, { onWait: io.err });
  },
};
