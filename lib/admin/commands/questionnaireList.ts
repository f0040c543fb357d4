import { EXIT, type Command } from '../command';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';

const HELP = `Usage: npm run admin -- questionnaire list

Lists every imported questionnaire version, oldest key first:
  key, version, product, questions, imported at (UTC), assessments bound to the version, and how
  many of them have at least one answer (a version with answers is what participants answered;
  a changed file becomes a new version).

Example:
  npm run admin -- questionnaire list`;

type Row = { key: string; version: number; product: number | null; questions: number | null; imported_at: Date | string; assessments: number; answered: number };

const COLUMNS = ['key', 'version', 'product', 'questions', 'imported at', 'assessments', 'answered'] as const;

function table(rows: string[][]): string {
  const widths = COLUMNS.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(COLUMNS), ...rows.map(line)].join('\n');
}

const utc = (value: Date | string) => new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const questionnaireList: Command = {
  name: 'questionnaire list',
  summary: 'list imported questionnaires: versions, assessments, answered',
  help: HELP,
  run: async (args, io) => {
    parseOptions(args, {});
    const rows = await withAdminDatabase(io.env, ({ db }) =>
      db.query<Row>(
        `select q.key, q.version, (q.definition->>'product')::int as product,
                case when jsonb_typeof(q.definition->'questions') = 'array' then jsonb_array_length(q.definition->'questions') end as questions,
                q.imported_at,
                (select count(*)::int from assessment a where a.questionnaire_key = q.key and a.questionnaire_version = q.version) as assessments,
                (select count(*)::int from assessment a where a.questionnaire_key = q.key and a.questionnaire_version = q.version
                    and exists (select 1 from answer s where s.assessment_id = a.id)) as answered
           from questionnaire q order by q.key, q.version`,
      ),
    );
    if (rows.length === 0) {
      io.err("No questionnaire is imported yet. Import one with 'questionnaire import <file|folder>'.");
      return EXIT.ok;
    }
    io.out(table(rows.map((r) => [r.key, String(r.version), String(r.product ?? ''), String(r.questions ?? ''), utc(r.imported_at), String(r.assessments), String(r.answered)])));
    return EXIT.ok;
  },
};
