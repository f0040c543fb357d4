import type { Sql } from '../db/database';
import type { QuestionnaireDefinition } from './definitions';
import { questionsOfPage, type Values } from './engine';

/** The saved answers of an assessment (table answer): what finishing, resuming and canFinish go by. Drafts never count. */
export async function savedValues(sql: Sql, assessmentId: number): Promise<Values> {
  const rows = await sql.query<{ answer_id: number; value: number }>('select answer_id, value from answer where assessment_id = $1', [assessmentId]);
  return new Map(rows.map((r) => [r.answer_id, r.value]));
}

/** What the server holds of an assessment: saved answers, drafts (with the question they were chosen for) and page revisions. */
export type Held = { saved: Values; drafts: Map<number, { questionId: number; value: number }>; revisions: Map<number, number> };

/**
 * Read in one statement, so from one snapshot: a revision never comes with the values of another
 * (a page shown with revision r holds what revision r saved).
 */
export async function heldState(sql: Sql, assessmentId: number): Promise<Held> {
  const rows = await sql.query<{ kind: 'answer' | 'draft' | 'revision'; id: number; value: number; question_id: number | null }>(
    `select 'answer' as kind, answer_id as id, value, question_id from answer where assessment_id = $1
     union all select 'draft', answer_id, value, question_id from answer_draft where assessment_id = $1
     union all select 'revision', page_start, revision, null::int from page_revision where assessment_id = $1`,
    [assessmentId],
  );
  const held: Held = { saved: new Map(), drafts: new Map(), revisions: new Map() };
  for (const row of rows) {
    if (row.kind === 'answer') held.saved.set(row.id, row.value);
    else if (row.kind === 'draft') held.drafts.set(row.id, { questionId: row.question_id!, value: row.value });
    else held.revisions.set(row.id, row.value);
  }
  return held;
}

/**
 * The values a page shows: the saved answers overlaid with the page's drafts. A draft wins, also
 * one of the unset value (the participant cleared that choice). A draft chosen for another
 * question (the assessment moved to a newer version of its questionnaire meanwhile) is not shown.
 */
export function shownValues(definition: QuestionnaireDefinition, start: number, held: Held): { values: Values; hasDraft: boolean } {
  const values: Values = new Map(held.saved);
  let hasDraft = false;
  for (const question of questionsOfPage(definition, start)) {
    for (const answer of question.answerInfos) {
      const draft = held.drafts.get(answer.id);
      if (!draft || draft.questionId !== question.id) continue;
      values.set(answer.id, draft.value);
      hasDraft = true;
    }
  }
  return { values, hasDraft };
}
