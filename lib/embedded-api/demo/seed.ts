import type { Questionnaire } from '@/lib/content/questionnaire';
import { productRules } from '@/lib/flows/products';
import type { Database, Sql } from '../db/database';
import { hashKey } from '../keys';
import { DEMO_KEY_HASHES } from './keyHashes';
import { importBundledQuestionnaires } from '../questionnaires/import';
import { resetDemoGroupCodes, seedDemoGroupCodes } from './groupSeed';
import { DEMO_ASSESSMENTS } from './rows';
import { resetDemoPortals, seedDemoPortals } from './portalSeed';

type Imported = Map<string, { version: number; questionnaire: Questionnaire }>;

/**
 * The demo's questionnaires, imported from content/questionnaires through the same import as an
 * operator's (unchanged files change nothing); the demo rows are bound to the versions it answers.
 */
async function importDemoQuestionnaires(db: Database): Promise<Imported> {
  const keys = [...new Set(DEMO_ASSESSMENTS.map((demo) => demo.questionnaireKey))];
  const imported: Imported = new Map();
  for (const result of await importBundledQuestionnaires(db, keys)) {
    if (result.status === 'refused') throw new Error(`the demo questionnaire ${result.file} is refused: ${result.problems.join('; ')}`);
    const [row] = await db.query<{ definition: Questionnaire | string }>('select definition from questionnaire where key = $1 and version = $2', [result.key, result.version]);
    const definition = typeof row!.definition === 'string' ? (JSON.parse(row!.definition) as Questionnaire) : row!.definition;
    imported.set(result.key, { version: result.version, questionnaire: definition });
  }
  return imported;
}

/** Creates the demo rows in an empty database; returns whether it did. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  await seedDemoGroupCodes(db);
  await seedDemoPortals(db);
  const [existing] = await db.query<{ n: number }>('select count(*)::int as n from assessment');
  if ((existing?.n ?? 0) > 0) return false;
  const imported = await importDemoQuestionnaires(db);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727275)');
    const [row] = await tx.query<{ n: number }>('select count(*)::int as n from assessment');
    if ((row?.n ?? 0) > 0) return false;
    await insertDemo(tx, imported);
    return true;
  });
}

/** Restores the demo rows exactly as on first start; other rows stay untouched. */
export async function resetDemo(db: Database): Promise<void> {
  await resetDemoGroupCodes(db);
  await resetDemoPortals(db);
  const imported = await importDemoQuestionnaires(db);
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727275)');
    const codes = DEMO_ASSESSMENTS.map((a) => a.identCode);
    const owners = await tx.query<{ assessor_id: number }>('select assessor_id from assessment where ident_code = any($1)', [codes]);
    await tx.query('delete from assessment where ident_code = any($1)', [codes]);
    await tx.query('delete from assessor where id = any($1)', [owners.map((o) => o.assessor_id)]);
    await insertDemo(tx, imported);
  });
}

async function insertDemo(tx: Sql, imported: Imported): Promise<void> {
  for (const demo of DEMO_ASSESSMENTS) {
    const questionnaire = imported.get(demo.questionnaireKey)!;
    const keyHash = demo.accessCode ? (DEMO_KEY_HASHES[demo.accessCode] ?? (await hashKey(demo.accessCode))) : null;
    const [assessor] = await tx.query<{ id: number }>(
      `insert into assessor (first_name, last_name, email, is_registered, must_register, key_hash)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [demo.assessor.firstName, demo.assessor.lastName, demo.assessor.email, demo.assessor.isRegistered, demo.assessor.mustRegister, keyHash],
    );
    const [assessment] = await tx.query<{ id: number }>(
      `insert into assessment (ident_code, product, assessor_id, candidate_title, candidate_first_name, candidate_last_name,
         is_self_assessment, first_login_done, finished_at, questionnaire_key, questionnaire_version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
      [demo.identCode, demo.product, assessor!.id, demo.candidate.title, demo.candidate.firstName, demo.candidate.lastName,
        demo.isSelfAssessment, demo.firstLoginDone, demo.finished ? new Date() : null, demo.questionnaireKey, questionnaire.version],
    );
    for (const [index, question] of questionnaire.questionnaire.questions.slice(0, demo.answeredQuestions).entries()) {
      for (const [position, answer] of question.answerInfos.entries()) {
        const value = demoValue(questionnaire.questionnaire, index, position, question.answerInfos.length);
        await tx.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, $2, $3, $4)', [
          assessment!.id, question.id, answer.id, value,
        ]);
      }
    }
  }
}

/**
 * A valid answer for the demo's answered questions: where the product ranks, the ranks in a
 * different order for each question; on a scale (grid, slider) its configured values in turn.
 */
export function demoValue(questionnaire: Questionnaire, index: number, position: number, items: number): number {
  const { ranks } = productRules(questionnaire.product);
  if (ranks) return ranks[(position + index) % items]!;
  const values = questionnaire.answervaluesConfig.valueInfos.map((info) => info.value);
  return values[(position + index) % values.length]!;
}
