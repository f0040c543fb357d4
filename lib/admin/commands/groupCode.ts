import type { AdditionalFieldDefinition } from '@/lib/content/groupCode';
import type { Sql } from '@/lib/embedded-api/db/database';
import { sortAdditionalFields } from '@/lib/validation/additionalFields';
import { GROUP_VARIANTS, groupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { GROUP_CODE_MAX_LENGTH, GROUP_CODE_MIN_LENGTH } from '@/lib/validation/groupCode';
import { parseBaseUrl, parseLanguage, parseValidUntil } from '../assessmentOptions';
import { EXIT, UsageError, type Command } from '../command';
import { CSV, csvHeader, csvLine, EXCEL_CSV, isoUtc, type CsvDialect } from '../csv';
import { withAdminDatabase } from '../database';
import {
  closeGroupCode,
  createGroupCode,
  FieldsFileError,
  fitsVariant,
  GROUP_CODE_LENGTH,
  listGroupCodes,
  parseGroupCode,
  parseQuestionnaireList,
  parseVariant,
  questionnaireNotation,
  readFieldsFile,
} from '../groupCodes';
import { parseOptions, required } from '../options';
import { keysetPages } from '../pages';
import { operatorPath } from '../paths';

export const GROUP_CREATE_COLUMNS = ['group_code', 'variant', 'deep_link'] as const;

const CREATE_HELP = `Usage: npm run admin -- groupcode create --variant <variant> --questionnaires <list> [options]

Creates a group code and prints it with its deep link as CSV on stdout (${GROUP_CREATE_COLUMNS.join(', ')}).
Everyone given the code or the link can take part: every login with it starts a new participant,
with a personal access code of their own, until the code expires or is closed.

Options:
  --variant <variant>       the group flow: ${GROUP_VARIANTS.join(', ')} (required); kodew is the web
                            variant (/kodew/<code>, product 4, slider questionnaires, a selection
                            of several); ra the requirements analysis (/ra/<code>, product 3, name
                            and e-mail instead of fields); kodegroupcode the other group flow
                            (/kodegroupcode/<code>, the product of its questionnaire, e.g. 2 for
                            a grid). ra and kodegroupcode have no selection: one questionnaire
  --questionnaires <key[:type][:unselectable]>,…
                            the questionnaires participants choose from, in this order (required;
                            each must be imported: 'questionnaire list'); type is the
                            questionnaireType a choice carries (default: the place in the list,
                            from 1); unselectable shows it disabled
  --fields <file>           the additional fields of the personal-info page: a JSON list of
                            { "id", "name": { "de", "en", … }, "fieldType": "Text" | "List",
                            "allowedValues" (List only), "sortNumber" (0: after the numbered
                            ones, in file order), "required" }; every problem is named by its
                            JSON path and nothing is created
  --code <code>             this code instead of a new random one (${GROUP_CODE_LENGTH} characters without
                            look-alikes): ${GROUP_CODE_MIN_LENGTH} to ${GROUP_CODE_MAX_LENGTH} letters and digits, not taken (in any case)
  --valid-until <when>      after this the code is refused as expired: a date (2026-03-31) means
                            the end of that day in UTC; a date-time needs its offset (…T18:00+02:00)
  --language <lang>         the language participants start in, also put into the deep link
                            (/kodew/<code>/en): de, en, fr, it, cz or de-DE … cz-CZ (default de-DE)
  --base-url <url>          the deep link under this address instead of PUBLIC_URL
  --excel                   semicolon-separated, UTF-8 with BOM, for Excel in German locales

Exit code 0 when created, 1 when a questionnaire is not imported, does not fit the variant, the
fields file is refused or the code is taken, 2 for wrong arguments.

Examples:
  npm run admin -- groupcode create --variant kodew --questionnaires kodew-strengths:1,kodew-motivation:2,kodew-leadership:3:unselectable --fields fields.json --valid-until 2026-06-30 --language en
  npm run admin -- groupcode create --variant kodegroupcode --questionnaires grid-10 --fields fields.json --language de
  npm run admin -- groupcode create --variant ra --questionnaires ra-requirements`;

const groupCodeCreate: Command = {
  name: 'groupcode create',
  summary: 'create a group code and print it with its deep link (CSV)',
  help: CREATE_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      variant: { type: 'string' },
      questionnaires: { type: 'string' },
      fields: { type: 'string' },
      code: { type: 'string' },
      'valid-until': { type: 'string' },
      language: { type: 'string' },
      'base-url': { type: 'string' },
      excel: { type: 'boolean', default: false },
    });
    const variant = parseVariant(required(values.variant, '--variant'));
    const questionnaires = parseQuestionnaireList(required(values.questionnaires, '--questionnaires'));
    const code = values.code !== undefined ? parseGroupCode(values.code) : undefined;
    const validUntil = values['valid-until'] !== undefined ? parseValidUntil(values['valid-until']) : undefined;
    const language = values.language !== undefined ? parseLanguage(values.language) : undefined;
    const baseUrl = values['base-url'] !== undefined ? parseBaseUrl(values['base-url']) : undefined;
    const fieldsFile = values.fields !== undefined ? required(values.fields, '--fields') : undefined;
    if (fieldsFile !== undefined && groupVariant(variant).personalFields === 'nameEmail') {
      throw new UsageError(`--fields: the ${variant} variant asks for name and e-mail; it has no additional fields`);
    }
    if (!fitsVariant(variant, questionnaires)) {
      throw new UsageError(`--questionnaires: a ${variant} group code has no questionnaire selection; name exactly one questionnaire, selectable`);
    }

    // The file is checked before the database is opened: a refused one creates nothing.
    let fields: AdditionalFieldDefinition[] = [];
    if (fieldsFile !== undefined) {
      const read = await readFieldsFile(operatorPath(io, fieldsFile));
      if (!read.ok) throw new FieldsFileError(fieldsFile, read.problems);
      fields = read.fields;
    }

    const created = await withAdminDatabase(io.env, ({ db, config }) =>
      createGroupCode(db, {
        variant,
        questionnaires,
        fields,
        ...(code !== undefined && { code }),
        ...(validUntil && { validUntil }),
        ...(language && { language }),
        publicUrl: baseUrl ?? config.PUBLIC_URL,
      }), { onWait: io.err });

    const dialect = values.excel ? EXCEL_CSV : CSV;
    io.out(csvHeader(GROUP_CREATE_COLUMNS, dialect) + csvLine([created.code, variant, created.deepLink], dialect));
    const offered = questionnaires.map((q) => `${q.key} (version ${created.versions[q.key]}, type ${q.questionnaireType}${q.selectable ? '' : ', not selectable'})`);
    io.err(`Created a ${variant} group code (product ${created.product}) with ${offered.join(', ')}; ` +
      `${fields.length} additional field${fields.length === 1 ? '' : 's'}; ${validUntil ? `valid until ${validUntil.toISOString()}` : 'no end date'}.`);
    return EXIT.ok;
  },
};

export const GROUP_LIST_COLUMNS = [
  'group_code',
  'variant',
  'product',
  'questionnaires',
  'fields',
  'valid_until',
  'closed_at',
  'participants',
  'created_at',
] as const;

const LIST_HELP = `Usage: npm run admin -- groupcode list [--variant <variant>] [--excel]

Lists the group codes as CSV on stdout, in the order they were created, one line each:
  ${GROUP_LIST_COLUMNS.join(', ')}
questionnaires is in the notation of 'groupcode create --questionnaires'; fields names the
additional fields (German names, in page order, separated by ' | '); participants counts the logins
the code has had (each starts a participant). Timestamps are ISO 8601 in UTC; empty when unset.

Options:
  --variant <variant>  only the group codes of this variant (${GROUP_VARIANTS.join(', ')})
  --excel              semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- groupcode list --variant kodew`;

/** Writes the listing page by page; answers how many group codes it listed. */
async function writeGroupCodeList(sql: Sql, variant: GroupVariant | undefined, dialect: CsvDialect, write: (chunk: string) => void): Promise<number> {
  const readPage = (after: number | undefined, limit: number) => listGroupCodes(sql, { ...(variant && { variant }), ...(after !== undefined && { after }), limit });
  let listed = 0;
  write(csvHeader(GROUP_LIST_COLUMNS, dialect));
  for await (const page of keysetPages(readPage, (row) => row.id, 500)) {
    write(page.map((row) => csvLine([
      row.code, row.variant, row.product, questionnaireNotation(row.questionnaires),
      sortAdditionalFields(row.fields).map((field) => field.name.de).join(' | '),
      isoUtc(row.validUntil), isoUtc(row.closedAt), row.participants, isoUtc(row.createdAt),
    ], dialect)).join(''));
    listed += page.length;
  }
  return listed;
}

const groupCodeList: Command = {
  name: 'groupcode list',
  summary: 'list group codes, their questionnaires and participants (CSV)',
  help: LIST_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { variant: { type: 'string' }, excel: { type: 'boolean', default: false } });
    const variant = values.variant !== undefined ? parseVariant(values.variant) : undefined;
    const listed = await withAdminDatabase(io.env, ({ db }) => writeGroupCodeList(db, variant, values.excel ? EXCEL_CSV : CSV, io.out), { onWait: io.err });
    io.err(`${listed} group codes${variant ? ` of variant ${variant}` : ''}.`);
    return EXIT.ok;
  },
};

const CLOSE_HELP = `Usage: npm run admin -- groupcode close <code>

Closes a group code: from now on a login with it is refused with the message that the group is
finished (ErrorGroupCodeFinished). Participants who are already in go on and can come back with
their personal access code. Closing a closed code changes nothing.

Example:
  npm run admin -- groupcode close KWDEMO01`;

const groupCodeClose: Command = {
  name: 'groupcode close',
  summary: 'close a group code: no new participant can log in with it',
  help: CLOSE_HELP,
  run: async (args, io) => {
    const { positionals } = parseOptions(args, {}, { positionals: true });
    if (positionals.length !== 1 || positionals[0]!.trim() === '') throw new UsageError('name one group code');
    const code = positionals[0]!.trim();
    const closed = await withAdminDatabase(io.env, ({ db }) => closeGroupCode(db, code), { onWait: io.err });
    io.out(closed.already
      ? `Group code ${closed.code} was closed already, at ${closed.closedAt.toISOString()}.`
      : `Group code ${closed.code} closed at ${closed.closedAt.toISOString()}: new logins are refused.`);
    return EXIT.ok;
  },
};

/** The group-code commands, registered together. */
export const groupCodeCommands: Command[] = [groupCodeCreate, groupCodeList, groupCodeClose];
