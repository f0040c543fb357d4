import { CREATE_COLUMNS, createAssessments, createdAssessmentsCsv, MAX_COUNT } from '../assessments';
import { parseBaseUrl, parseCandidate, parseLanguage, parseValidUntil } from '../assessmentOptions';
import { EXIT, type Command } from '../command';
import { CSV, EXCEL_CSV } from '../csv';
import { withAdminDatabase } from '../database';
import { parseOptions, required, wholeNumber } from '../options';

export { CREATE_COLUMNS };

const HELP = `Usage: npm run admin -- assessment create --questionnaire <key> [options]

Creates assessments on the latest imported version of a questionnaire and prints them as CSV on
stdout: a header, then one line per assessment (${CREATE_COLUMNS.join(', ')}). Access codes
are stored only as hashes: this output is the only time they are shown, so redirect it to a file.

Options:
  --questionnaire <key>   the questionnaire's key (required; see 'questionnaire list')
  --count <n>             how many assessments, 1 to ${MAX_COUNT} (default 1)
  --candidate "<title>;<first name>;<last name>[;<pseudonym>]"
                          the person assessed, shown in the heading; fields separated by ';',
                          any may be empty (";Clara;Kandidatin")
  --self                  a self-assessment: the heading shows no candidate name
  --must-register         the participant registers first at the deep link and sets their own
                          key there: no access code is made (the access_code column stays empty)
  --valid-until <when>    after this the ident code is refused as expired: a date (2025-03-31)
                          means the end of that day in UTC (23:59:59.999Z); a date-time needs its
                          offset (2025-03-31T18:00+02:00 or …Z)
  --language <lang>       the language the participant starts in, also put into the deep link:
                          de, en, fr, it, cz or de-DE, en-US, fr-FR, it-IT, cz-CZ (default de-DE)
  --base-url <url>        deep links under this address instead of PUBLIC_URL
  --excel                 semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- assessment create --questionnaire competency-24 --count 5 --candidate "Dr.;Clara;Kandidatin" --valid-until 2026-03-31 --language en > codes.csv`;

export const assessmentCreate: Command = {
  name: 'assessment create',
  summary: 'create assessments and print their ident codes, access codes and deep links (CSV)',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      questionnaire: { type: 'string' },
      count: { type: 'string', default: '1' },
      candidate: { type: 'string' },
      self: { type: 'boolean', default: false },
      'must-register': { type: 'boolean', default: false },
      'valid-until': { type: 'string' },
      language: { type: 'string' },
      'base-url': { type: 'string' },
      excel: { type: 'boolean', default: false },
    });
    const questionnaireKey = required(values.questionnaire, '--questionnaire');
    const count = wholeNumber(values.count, '--count', 1, MAX_COUNT);
    const candidate = values.candidate !== undefined ? parseCandidate(values.candidate) : undefined;
    const validUntil = values['valid-until'] !== undefined ? parseValidUntil(values['valid-until']) : undefined;
    const language = values.language !== undefined ? parseLanguage(values.language) : undefined;
    const baseUrl = values['base-url'] !== undefined ? parseBaseUrl(values['base-url']) : undefined;
    const mustRegister = values['must-register'];

    const created = await withAdminDatabase(io.env, ({ db, config }) =>
      createAssessments(db, {
        questionnaireKey,
        count,
        ...(candidate && { candidate }),
        self: values.self,
        mustRegister,
        ...(validUntil && { validUntil }),
        ...(language && { language }),
        publicUrl: baseUrl ?? config.PUBLIC_URL,
      }), { onWait: io.err });

    const dialect = values.excel ? EXCEL_CSV : CSV;
    io.out(createdAssessmentsCsv(created, dialect));
    io.err(mustRegister
      ? `Created ${created.length} assessments (questionnaire ${questionnaireKey}, version ${created[0]!.questionnaireVersion}); no access codes: participants register at their deep link.`
      : `Created ${created.length} assessments (questionnaire ${questionnaireKey}, version ${created[0]!.questionnaireVersion}).`);
    if (!mustRegister) io.err('Warning: access codes are shown only this once (only their hashes are stored): keep this output safe.');
    return EXIT.ok;
  },
};
