import fs from 'node:fs';
import { questionnaireFilesIn, readQuestionnaireFile, type QuestionnaireFile } from '@/lib/content/files';
import type { ImportResult } from '@/lib/embedded-api/questionnaires/import';
import { EXIT, UsageError, type Command, type Io } from '../command';
import { withAdminDatabase } from '../database';
import { parseOptions } from '../options';
import { operatorPath } from '../paths';
import { importQuestionnaireFiles } from '../questionnaires';

const HELP = `Usage: npm run admin -- questionnaire import <file|folder>... [--check]

Imports questionnaire files (content/questionnaires/<key>.json, images in <key>/ beside it; the
JSON Schema questionnaire.schema.json there describes them). A folder imports every *.json in it
except the schema. Each file prints one of:
  created version N   the key was new
  new version N       the file changed; participants who already answered keep their version,
                      assessments nobody has answered yet move to the new one
  unchanged           same definition and images as the latest version: nothing is written
  refused             followed by every problem, named by its JSON path; nothing of it is written
A new version may not change the product of a questionnaire that assessments use.

Options:
  --check   only check the files; the database is not opened

Exit code 0 when no file was refused, 1 when one was, 2 for wrong arguments.

Examples:
  npm run admin -- questionnaire import content/questionnaires
  npm run admin -- questionnaire import my-questionnaire.json --check`;

function parse(args: string[]): { paths: string[]; check: boolean } {
  const { values, positionals } = parseOptions(args, { check: { type: 'boolean' } }, { positionals: true });
  if (positionals.length === 0) throw new UsageError('name a questionnaire file or a folder of them');
  return { paths: positionals, check: values.check === true };
}

/** The files an argument names: the file itself, or a folder's questionnaire files. */
async function filesOf(target: string): Promise<string[]> {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`'${target}' does not exist`);
  if (!stat.isDirectory()) return [target];
  const files = await questionnaireFilesIn(target);
  if (files.length === 0) throw new UsageError(`'${target}' holds no questionnaire file (*.json)`);
  return files;
}

function report(io: Io, read: QuestionnaireFile, result: ImportResult | undefined): void {
  if (!read.ok || result?.status === 'refused') {
    const problems = read.ok ? (result as Extract<ImportResult, { status: 'refused' }>).problems : read.problems;
    io.err(`${read.file}: refused\n${problems.map((p) => `  ${p}`).join('\n')}`);
    return;
  }
  if (!result) {
    io.out(`${read.file}: valid (${read.questionnaire.key}, ${read.questionnaire.questions.length} questions)`);
    return;
  }
  if (result.status === 'unchanged') io.out(`${read.file}: unchanged (version ${result.version})`);
  else {
    const moved = result.moved > 0 ? ` (${result.moved} assessment${result.moved === 1 ? '' : 's'} without answers moved to it)` : '';
    io.out(`${read.file}: ${result.status === 'created' ? 'created' : 'new'} version ${result.version}${moved}`);
  }
}

export const questionnaireImport: Command = {
  name: 'questionnaire import',
  summary: 'import questionnaire files (a new version when one with answers changed)',
  help: HELP,
  run: async (args, io) => {
    const { paths, check } = parse(args);
    const files = (await Promise.all(paths.map((target) => filesOf(operatorPath(io, target))))).flat();
    // Every file is checked before the database is opened: a refused one never reaches it.
    const read: QuestionnaireFile[] = [];
    for (const file of files) read.push(await readQuestionnaireFile(file));
    const results = check
      ? read.map(() => undefined)
      : await withAdminDatabase(io.env, ({ db }) => importQuestionnaireFiles(db, read));
    read.forEach((file, index) => report(io, file, results[index]));
    const refused = read.filter((file, index) => !file.ok || results[index]?.status === 'refused').length;
    return refused > 0 ? EXIT.failure : EXIT.ok;
  },
};
