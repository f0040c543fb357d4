import type { Database, Sql } from '../db/database';
import type { QuestionnaireDefinition } from './definitions';
import { isQuestionValid, questionsOfPage, type Values } from './engine';
import { heldState, type Held } from './held';

/** What became of a save, decided in its transaction under the page's lock. */
export type Outcome =
  | { kind: 'finished' }
  | { kind: 'moved' }
  /** baseRevision is not the page's, and the save is no retry of its last write: nothing written. */
  | { kind: 'conflict'; held: Held }
  /** The page's last write had this saveId: the save landed already, nothing written again. */
  | { kind: 'retry'; held: Held }
  /** A page save (not a draft) whose questions are not validly answered: nothing written. */
  | { kind: 'invalid'; held: Held; failed: Set<number> }
  | { kind: 'saved'; held: Held };

export type PageSave = {
  assessmentId: number;
  /** The version of the questionnaire the answers were checked against. */
  version: number;
  definition: QuestionnaireDefinition;
  start: number;
  /** The page's answers as sent, each an answer of the page with an allowed value. */
  submitted: Values;
  /** The question of each answer of the page. */
  questionOf: ReadonlyMap<number, number>;
  draft: boolean;
  /** A save on the way back is checked leniently (spec §5). */
  forward: boolean;
  baseRevision?: number;
  saveId?: string;
};

/**
 * One transaction: a save racing the finish of the same assessment (another tab) waits for it
 * and then finds it finished. An import that moved this not-yet-answered assessment to a newer
 * version in the meantime (./import.ts) is noticed here: the answers were checked against the old
 * one. The page's revision row is locked (made first when the page has none), so that the revision
 * check and the write cannot interleave with another save of the page.
 */
export function savePage(db: Database, save: PageSave): Promise<Outcome> {
  const { assessmentId, start } = save;
  return db.transaction(async (tx): Promise<Outcome> => {
    const [running] = await tx.query<{ questionnaire_version: number | null }>(
      'select questionnaire_version from assessment where id = $1 and finished_at is null for share',
      [assessmentId],
    );
    if (!running) return { kind: 'finished' };
    if (running.questionnaire_version !== save.version) return { kind: 'moved' };
    await tx.query('insert into page_revision (assessment_id, page_start, revision) values ($1, $2, 0) on conflict (assessment_id, page_start) do nothing', [
      assessmentId,
      start,
    ]);
    const [page] = await tx.query<{ revision: number; last_save_id: string | null }>(
      'select revision, last_save_id from page_revision where assessment_id = $1 and page_start = $2 for update',
      [assessmentId, start],
    );
    const current = page!.revision;
    if (save.saveId !== undefined && save.saveId === page!.last_save_id && save.baseRevision !== current) return { kind: 'retry', held: await heldState(tx, assessmentId) };
    if (save.baseRevision !== undefined && save.baseRevision !== current) return { kind: 'conflict', held: await heldState(tx, assessmentId) };

    const before = await heldState(tx, assessmentId);
    if (save.draft) await writeDraft(tx, save);
    else {
      const merged: Values = new Map([...before.saved, ...save.submitted]);
      const failed = new Set(questionsOfPage(save.definition, start).filter((q) => !isQuestionValid(save.definition, q, merged, !save.forward)).map((q) => q.id));
      if (failed.size > 0) return { kind: 'invalid', held: before, failed };
      await writeAnswers(tx, save);
    }
    await tx.query('update page_revision set revision = revision + 1, last_save_id = $3, saved_at = now() where assessment_id = $1 and page_start = $2', [
      assessmentId,
      start,
      save.saveId ?? null,
    ]);
    return { kind: 'saved', held: await heldState(tx, assessmentId) };
  });
}

/** An array per column, so that a page's rows go in one statement (unnest). */
function columns(save: PageSave, rows: ReadonlyArray<readonly [number, number]>): unknown[] {
  return [save.assessmentId, rows.map(([id]) => save.questionOf.get(id)), rows.map(([id]) => id), rows.map(([, value]) => value)];
}

/** The page's drafts are replaced by what was sent, unset values included (a choice cleared). */
async function writeDraft(tx: Sql, save: PageSave): Promise<void> {
  await tx.query('delete from answer_draft where assessment_id = $1 and answer_id = any($2::int[])', [save.assessmentId, [...save.questionOf.keys()]]);
  const all = [...save.submitted];
  if (all.length === 0) return;
  await tx.query(
    `insert into answer_draft (assessment_id, question_id, answer_id, value, saved_at)
     select $1, q, a, v, now() from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)`,
    columns(save, all),
  );
}

/** An unset value sent clears a saved answer; the page's drafts have served. */
async function writeAnswers(tx: Sql, save: PageSave): Promise<void> {
  const unset = save.definition.unsetValue;
  const cleared = [...save.submitted].filter(([, value]) => value === unset).map(([id]) => id);
  const kept = [...save.submitted].filter(([, value]) => value !== unset);
  if (cleared.length > 0) await tx.query('delete from answer where assessment_id = $1 and answer_id = any($2::int[])', [save.assessmentId, cleared]);
  if (kept.length > 0) {
    await tx.query(
      `insert into answer (assessment_id, question_id, answer_id, value, saved_at)
       select $1, q, a, v, now() from unnest($2::int[], $3::int[], $4::int[]) as t(q, a, v)
       on conflict (assessment_id, answer_id) do update set value = excluded.value, question_id = excluded.question_id, saved_at = now()`,
      columns(save, kept),
    );
  }
  await tx.query('delete from answer_draft where assessment_id = $1 and answer_id = any($2::int[])', [save.assessmentId, [...save.questionOf.keys()]]);
}
