import { parseQuestionnaire } from '@/lib/content/parse';
import type { Sql } from '../db/database';
import { toDefinition, type QuestionnaireDefinition } from './definitions';

/**
 * The definition an assessment answers, read from the database (table questionnaire, imported by
 * ./import.ts). Parsed definitions are cached in the process under key, version AND checksum: a
 * version is never rewritten once imported, and should a database be rebuilt under a running
 * instance (demo reset, restore), the checksum read with every page still tells a stale entry
 * from the right one. So several instances on one PostgreSQL need no invalidation between them.
 */

const CACHE_LIMIT = 64;
const cache = new Map<string, QuestionnaireDefinition>();

export type BoundDefinition = { definition: QuestionnaireDefinition; version: number };

type Binding = { key: string; version: number | null; checksum: string | null };

async function bindingOf(sql: Sql, assessmentId: number): Promise<Binding | undefined> {
  const [row] = await sql.query<Binding>(
    `select a.questionnaire_key as key, a.questionnaire_version as version, q.checksum
       from assessment a left join questionnaire q on q.key = a.questionnaire_key and q.version = a.questionnaire_version
      where a.id = $1`,
    [assessmentId],
  );
  return row;
}

/**
 * The questionnaire version an assessment answers, with its definition. An assessment made before
 * versions existed (questionnaire_version null) is bound to the latest version of its key on its
 * first page, and keeps it. Undefined when its questionnaire is not imported.
 */
export async function definitionOfAssessment(sql: Sql, assessmentId: number): Promise<BoundDefinition | undefined> {
  let binding = await bindingOf(sql, assessmentId);
  if (binding && binding.version === null) {
    await sql.query(
      `update assessment set questionnaire_version = (select max(version) from questionnaire where key = assessment.questionnaire_key)
        where id = $1 and questionnaire_version is null`,
      [assessmentId],
    );
    binding = await bindingOf(sql, assessmentId);
  }
  if (!binding || binding.version === null || binding.checksum === null) return undefined;
  const definition = await definitionOf(sql, binding.key, binding.version, binding.checksum);
  return { definition, version: binding.version };
}

/** One version of a questionnaire, from the cache when its checksum is the one stored. */
export async function definitionOf(sql: Sql, key: string, version: number, checksum: string): Promise<QuestionnaireDefinition> {
  const cacheKey = `${key}\n${version}\n${checksum}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const [row] = await sql.query<{ definition: unknown }>('select definition from questionnaire where key = $1 and version = $2 and checksum = $3', [key, version, checksum]);
  if (!row) throw new Error(`questionnaire ${key} version ${version} changed while it was read`);
  const parsed = parseQuestionnaire(typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition);
  // Only the import writes this table, after the same check; a row that fails it was edited by hand.
  if (!parsed.ok) throw new Error(`questionnaire ${key} version ${version} in the database is not valid: ${parsed.problems[0]}`);
  const definition = toDefinition(parsed.questionnaire);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, definition);
  return definition;
}
