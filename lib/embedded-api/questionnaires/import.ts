import path from 'node:path';
import { bundledQuestionnaireFolder, readQuestionnaireFile, readQuestionnaireFolder, type ValidQuestionnaireFile } from '@/lib/content/files';
import type { Database, Sql } from '../db/database';

/**
 * Importing a questionnaire file into the database (tables questionnaire and questionnaire_image).
 *
 * The version rule:
 * - a key imported for the first time becomes version 1;
 * - a file whose checksum (definition and image bytes) equals the latest version's changes nothing;
 * - any other change becomes the next version, never an edit of an existing one. Assessments that
 *   have at least one answer (or are finished) keep the version they answered; assessments that
 *   have no answer yet move to the new version, so codes handed out before a correction show the
 *   corrected questionnaire. The first save of a participant and an import never cross: both lock
 *   the assessment row, and a save checks that the version it validated against is still bound.
 * - a new version may not change the product of a key that assessments use (their view and their
 *   tokens are made for it): import it under a new key.
 */

export type ImportResult =
  | { file: string; key: string; status: 'created' | 'new-version'; version: number; moved: number }
  | { file: string; key: string; status: 'unchanged'; version: number }
  | { file: string; key?: string; status: 'refused'; problems: string[] };

/** Two importers of one key (two instances starting, an operator and a start) take turns. */
const IMPORT_LOCK = 727276;

type Latest = { version: number; checksum: string; product: number };

export async function importQuestionnaire(db: Database, read: ValidQuestionnaireFile): Promise<ImportResult> {
  const { file, questionnaire, images, checksum } = read;
  const key = questionnaire.key;
  return db.transaction(async (tx): Promise<ImportResult> => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [IMPORT_LOCK, key]);
    const [latest] = await tx.query<Latest>(
      `select version, checksum, (definition->>'product')::int as product from questionnaire where key = $1 order by version desc limit 1`,
      [key],
    );
    if (latest && latest.checksum === checksum) return { file, key, status: 'unchanged', version: latest.version };
    if (latest && latest.product !== questionnaire.product) {
      const [used] = await tx.query<{ n: number }>('select count(*)::int as n from assessment where questionnaire_key = $1', [key]);
      if ((used?.n ?? 0) > 0) {
        return {
          file, key, status: 'refused',
          problems: [`product: ${latest.product} in version ${latest.version}, which ${used!.n} assessments use; a new version cannot change it (import it under a new key)`],
        };
      }
    }
    const version = (latest?.version ?? 0) + 1;
    // Assessments from before versions existed that were answered answered what the latest
    // version holds (or, on a first import, the bundled file this one is).
    await tx.query(
      `update assessment set questionnaire_version = $2 where questionnaire_key = $1 and questionnaire_version is null
          and (finished_at is not null or exists (select 1 from answer where answer.assessment_id = assessment.id))`,
      [key, latest?.version ?? version],
    );
    await tx.query('insert into questionnaire (key, version, checksum, definition) values ($1, $2, $3, $4::jsonb)', [
      key, version, checksum, JSON.stringify(questionnaire),
    ]);
    for (const image of images) {
      await tx.query(
        'insert into questionnaire_image (questionnaire_key, questionnaire_version, image_key, media_type, data, width, height, sha256) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [key, version, image.imageKey, image.mediaType, image.data, image.width, image.height, image.sha256],
      );
    }
    const moved = await moveUnstarted(tx, key, version);
    return { file, key, status: latest ? 'new-version' : 'created', version, moved };
  });
}

/**
 * Assessments of the key that nobody has answered yet move to the new version. Their rows are
 * locked first, which waits for a save under way; the check for answers is a statement of its
 * own, so it sees what that save committed.
 */
async function moveUnstarted(tx: Sql, key: string, version: number): Promise<number> {
  const candidates = await tx.query<{ id: number }>(
    `select id from assessment where questionnaire_key = $1 and finished_at is null
        and (questionnaire_version is null or questionnaire_version < $2) order by id for update`,
    [key, version],
  );
  if (candidates.length === 0) return 0;
  const moved = await tx.query<{ id: number }>(
    `update assessment set questionnaire_version = $2
      where id = any($1::int[]) and not exists (select 1 from answer where answer.assessment_id = assessment.id) returning id`,
    [candidates.map((c) => c.id), version],
  );
  return moved.length;
}

/** Reads, checks and imports one file; a refused file changes nothing. */
export async function importQuestionnaireFile(db: Database, file: string): Promise<ImportResult> {
  const read = await readQuestionnaireFile(file);
  if (!read.ok) return { file, ...(read.key && { key: read.key }), status: 'refused', problems: read.problems };
  return importQuestionnaire(db, read);
}

/** Every questionnaire file of a folder (*.json except the schema), each on its own. */
export async function importQuestionnaireFolder(db: Database, folder: string): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const read of await readQuestionnaireFolder(folder)) {
    results.push(read.ok ? await importQuestionnaire(db, read) : { file: read.file, ...(read.key && { key: read.key }), status: 'refused', problems: read.problems });
  }
  return results;
}

/** The questionnaires that ship with the app (content/questionnaires), some or all of them. */
export async function importBundledQuestionnaires(db: Database, keys?: readonly string[]): Promise<ImportResult[]> {
  const folder = bundledQuestionnaireFolder();
  if (!keys) return importQuestionnaireFolder(db, folder);
  const results: ImportResult[] = [];
  for (const key of keys) results.push(await importQuestionnaireFile(db, path.join(folder, `${key}.json`)));
  return results;
}

/**
 * A database from before questionnaires were data: its assessments name a key but no version, and
 * no questionnaire rows exist. At start, the bundled file of each such key that is missing is
 * imported, and those assessments are bound to the latest version of their key. Answers what was
 * imported; a key with no bundled file stays unbound (its pages answer NoRecordset, as before).
 */
export async function upgradeUnversionedAssessments(db: Database): Promise<ImportResult[]> {
  const missing = await db.query<{ key: string }>(
    `select distinct questionnaire_key as key from assessment a
      where questionnaire_version is null and not exists (select 1 from questionnaire q where q.key = a.questionnaire_key) order by 1`,
  );
  const bundled = missing.length === 0 ? [] : await readQuestionnaireFolder(bundledQuestionnaireFolder());
  const results: ImportResult[] = [];
  for (const { key } of missing) {
    const read = bundled.find((b) => b.ok && b.questionnaire.key === key);
    if (read?.ok) results.push(await importQuestionnaire(db, read));
  }
  await db.query(
    `update assessment set questionnaire_version = (select max(version) from questionnaire q where q.key = assessment.questionnaire_key)
      where questionnaire_version is null and exists (select 1 from questionnaire q where q.key = assessment.questionnaire_key)`,
  );
  return results;
}
