import type { Sql } from '@/lib/embedded-api/db/database';
import { searchAssessments, type AssessmentSearch, type AssessmentState } from '../assessmentSearch';
import { EXIT, UsageError, type Command } from '../command';
import { CSV, csvHeader, csvLine, EXCEL_CSV, isoUtc, type CsvDialect } from '../csv';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';
import { keysetPages } from '../pages';

export const LIST_COLUMNS = [
  'ident_code',
  'questionnaire_key',
  'questionnaire_version',
  'product',
  'created_at',
  'valid_until',
  'first_login_done',
  'answered_items',
  'finished_at',
  'group_code',
  'participant',
  'state',
  'last_activity',
] as const;

const PAGE_SIZE = 500;

const HELP = `Usage: npm run admin -- assessment list [--questionnaire <key>] [--state <state>] [--search <text>] [--excel]

Lists assessments as CSV on stdout (RFC 4180, UTF-8, comma-separated), in the order they were
created, one line each, without any code secret (no access code, no hash, no names):
  ${LIST_COLUMNS.join(', ')}
Timestamps are ISO 8601 in UTC; empty when unset. answered_items counts the saved answer items.
A group participant's assessment shows the group code and the participant's number (as the export
does) and no ident code: it has only an internal one, made from their personal access code.
state is not-started, in-progress (something is saved: an answer or a draft of a page), finished,
or expired (valid_until has passed unfinished); last_activity is the last save or the finish. The
console's assessment list (/admin/assessments) searches the same way.

Options:
  --questionnaire <key>  only the assessments of this questionnaire
  --state <state>        only those in this state: not-started, in-progress, finished, expired
  --search <text>        only those whose ident code starts with the text, or whose candidate's
                         name (title, first or last name, pseudonym) contains it; any case
  --excel                semicolon-separated, UTF-8 with BOM, for Excel in German locales

Example:
  npm run admin -- assessment list --questionnaire competency-24 > assessments.csv`;

/** Writes the listing page by page; answers how many assessments it listed. */
export async function listAssessments(sql: Sql, filter: Pick<AssessmentSearch, 'questionnaireKey' | 'state' | 'text'>, dialect: CsvDialect, write: (chunk: string) => void): Promise<number> {
  const now = new Date();
  const readPage = (after: number | undefined, limit: number) => searchAssessments(sql, { ...filter, ...(after !== undefined && { after }), limit, order: 'oldest', now });
  let listed = 0;
  write(csvHeader(LIST_COLUMNS, dialect));
  for await (const page of keysetPages(readPage, (row) => row.id, PAGE_SIZE)) {
    write(page.map((row) => csvLine([
      row.identCode, row.questionnaireKey, row.questionnaireVersion, row.product, isoUtc(row.createdAt), isoUtc(row.validUntil),
      row.firstLoginDone, row.answeredItems, isoUtc(row.finishedAt), row.groupCode, row.participant, STATE_NAMES[row.state], isoUtc(row.lastActivity),
    ], dialect)).join(''));
    listed += page.length;
  }
  return listed;
}

/** The states as the command line spells them (the console's texts name them in the operator's language). */
const STATE_NAMES: Record<AssessmentState, string> = { notStarted: 'not-started', inProgress: 'in-progress', finished: 'finished', expired: 'expired' };

function parseState(text: string): AssessmentState {
  const state = (Object.keys(STATE_NAMES) as AssessmentState[]).find((name) => STATE_NAMES[name] === text.trim().toLowerCase());
  if (!state) throw new UsageError(`--state must be one of ${Object.values(STATE_NAMES).join(', ')}, not '${text}'`);
  return state;
}

export const assessmentList: Command = {
  name: 'assessment list',
  summary: 'list assessments and their progress, without codes (CSV)',
  help: HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, {
      questionnaire: { type: 'string' },
      state: { type: 'string' },
      search: { type: 'string' },
      excel: { type: 'boolean', default: false },
    });
    const key = values.questionnaire?.trim() || undefined;
    const state = values.state !== undefined ? parseState(values.state) : undefined;
    const text = values.search?.trim() || undefined;
    const filter = { ...(key && { questionnaireKey: key }), ...(state && { state }), ...(text && { text }) };
    const listed = await withAdminDatabase(io.env, ({ db }) => listAssessments(db, filter, values.excel ? EXCEL_CSV : CSV, io.out), { onWait: io.err });
    io.err(`${listed} assessments${key ? ` of questionnaire ${key}` : ''}.`);
    return EXIT.ok;
  },
};
