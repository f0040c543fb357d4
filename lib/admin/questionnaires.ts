import { checksumOf } from '@/lib/content/checksum';
import type { QuestionnaireFile, ValidQuestionnaireFile } from '@/lib/content/files';
import { parseQuestionnaireText } from '@/lib/content/parse';
import { formatPath, TOP_LEVEL } from '@/lib/content/problems';
import type { Database, Sql } from '@/lib/embedded-api/db/database';
import { importQuestionnaire, type ImportResult } from '@/lib/embedded-api/questionnaires/import';

/**
 * The questionnaires as operators see them (`questionnaire list`, the console's questionnaires),
 * and their import from files on disk (`questionnaire import`) or from one uploaded file (the
 * console): both check with the same parser, name every problem by its JSON path in the same
 * words, and import with the same version rule (lib/embedded-api/questionnaires/import.ts).
 */

export type QuestionnaireVersionRow = {
  key: string;
  version: number;
  product: number | null;
  questions: number | null;
  importedAt: Date;
  /** Assessments bound to this version. */
  assessments: number;
  /** Of them, those with at least one answer. */
  answered: number;
};

/** Every imported version, by key and version. */
export async function listQuestionnaireVersions(sql: Sql): Promise<QuestionnaireVersionRow[]> {
  const rows = await sql.query<{ key: string; version: number; product: number | null; questions: number | null; imported_at: Date | string; assessments: number; answered: number }>(
    `select q.key, q.version, (q.definition->>'product')::int as product,
            case when jsonb_typeof(q.definition->'questions') = 'array' then jsonb_array_length(q.definition->'questions') end as questions,
            q.imported_at,
            (select count(*)::int from assessment a where a.questionnaire_key = q.key and a.questionnaire_version = q.version) as assessments,
            (select count(*)::int from assessment a where a.questionnaire_key = q.key and a.questionnaire_version = q.version
                and exists (select 1 from answer s where s.assessment_id = a.id)) as answered
       from questionnaire q order by q.key, q.version`,
  );
  return rows.map((row) => ({
    key: row.key,
    version: Number(row.version),
    product: row.product,
    questions: row.questions,
    importedAt: new Date(row.imported_at),
    assessments: row.assessments,
    answered: row.answered,
  }));
}

/** A refused file as an import result: nothing of it reaches the database. */
export function refusedResult(read: Extract<QuestionnaireFile, { ok: false }>): ImportResult {
  return { file: read.file, ...(read.key && { key: read.key }), status: 'refused', problems: read.problems };
}

/** Files already read and checked, imported one after the other; a refused one is answered as such. */
export async function importQuestionnaireFiles(db: Database, read: readonly QuestionnaireFile[]): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const file of read) results.push(file.ok ? await importQuestionnaire(db, file) : refusedResult(file));
  return results;
}

/**
 * How large an uploaded file may be: a server action's body takes at most 1 MB (Next's limit,
 * enforced again by server.mjs for every page), and the form's other fields need a little of it.
 * Larger files are imported on the command line, which takes 5 MB (MAX_FILE_BYTES).
 */
export const UPLOAD_MAX_BYTES = 1000 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/**
 * One questionnaire file uploaded through the console, checked as `questionnaire import` checks a
 * file on disk (the same parser, the same words for each problem). Two differences, because an
 * upload is one file without its folder: its name need not be the key, and a question that names
 * an image is refused (images come from the folder beside the file: the command line imports those).
 */
export function checkUploadedQuestionnaire(name: string, bytes: Uint8Array, maxBytes = UPLOAD_MAX_BYTES): QuestionnaireFile {
  if (bytes.byteLength > maxBytes) return { ok: false, file: name, problems: [`${TOP_LEVEL}: larger than ${sizeText(maxBytes)}`] };
  // As fs.readFile(file, 'utf8') reads a file on disk: a broken sequence becomes U+FFFD, not an error.
  const parsed = parseQuestionnaireText(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
  if (!parsed.ok) return { ok: false, file: name, problems: parsed.problems };
  const { questionnaire } = parsed;
  // Each image once, at the first question that names it, as readQuestionnaireFile names a missing one.
  const named = new Set<string>();
  const problems = questionnaire.questions.flatMap((question, index) => {
    if (!question.imageKey || named.has(question.imageKey)) return [];
    named.add(question.imageKey);
    return [`${formatPath(['questions', index, 'imageKey'])}: an uploaded file cannot bring images; import it with its folder on the command line (questionnaire import)`];
  });
  if (problems.length > 0) return { ok: false, file: name, key: questionnaire.key, problems };
  const valid: ValidQuestionnaireFile = { ok: true, file: name, questionnaire, images: [], checksum: checksumOf(questionnaire, []) };
  return valid;
}

/** Checks and imports one uploaded file (see checkUploadedQuestionnaire); a refused file changes nothing. */
export async function importUploadedQuestionnaire(db: Database, name: string, bytes: Uint8Array): Promise<ImportResult> {
  const read = checkUploadedQuestionnaire(name, bytes);
  return read.ok ? importQuestionnaire(db, read) : refusedResult(read);
}
