import { EXIT, type Command } from '../command';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';
import { listQuestionnaireVersions } from '../questionnaires';

const HELP = `Usage: npm run admin -- questionnaire list

Lists every imported questionnaire version, oldest key first:
  key, version, product, questions, imported at (UTC), assessments bound to the version, and how
  many of them have at least one answer (a version with answers is what participants answered;
  a changed file becomes a new version).

Example:
  npm run admin -- questionnaire list`;

const COLUMNS = ['key', 'version', 'product', 'questions', 'imported at', 'assessments', 'answered'] as const;

function table(rows: string[][]): string {
  const widths = COLUMNS.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(COLUMNS), ...rows.map(line)].join('\n');
}

const utc = (value: Date) => value.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const questionnaireList: Command = {
  name: 'questionnaire list',
  summary: 'list imported questionnaires: versions, assessments, answered',
  help: HELP,
  run: async (args, io) => {
    parseOptions(args, {});
    const rows = await withAdminDatabase(io.env, ({ db }) => listQuestionnaireVersions(db));
    if (rows.length === 0) {
      io.err("No questionnaire is imported yet. Import one with 'questionnaire import <file|folder>'.");
      return EXIT.ok;
    }
    io.out(table(rows.map((r) => [r.key, String(r.version), String(r.product ?? ''), String(r.questions ?? ''), utc(r.importedAt), String(r.assessments), String(r.answered)])));
    return EXIT.ok;
  },
};
