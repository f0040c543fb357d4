import type { Language } from '@/lib/api/languages';
import type { GroupQuestionnaire } from '@/lib/content/groupCode';
import type { LocalizedText } from '@/lib/content/questionnaire';
import type { Sql } from '../db/database';
import { localize } from '../questionnaires/definitions';
import { createMemberAssessment, latestVersion, type GroupCodeRow, type GroupMemberRow } from './store';

/**
 * The selection loop of the web variant (spec §2 /kodewquestionnaireselection, §4 finish): which of
 * the group code's questionnaires a participant may still choose, and which of their assessments
 * their token speaks for next. A participant has at most one unfinished assessment per questionnaire:
 * choosing one they started goes back to it, choosing a new one re-uses an assessment nobody has
 * answered yet, and only otherwise a new assessment is made.
 */

/** One entry of the group code's questionnaires as this participant sees it. */
export type SelectionEntry = {
  /** Stable for the entry: its place in the group code's list, from 1 (the list never changes once created). */
  id: number;
  entry: GroupQuestionnaire;
  /** Imported at all: an entry whose questionnaire is not imported cannot be answered. */
  imported: boolean;
  /** The participant finished an assessment of this questionnaire. */
  finished: boolean;
  /** Configured selectable, imported, and not finished by this participant. */
  selectable: boolean;
};

export function entryId(group: GroupCodeRow, key: string): number | undefined {
  const index = group.questionnaires.findIndex((q) => q.key === key);
  return index === -1 ? undefined : index + 1;
}

/** The group's questionnaires with what this participant may still do with each. */
export async function selectionEntries(sql: Sql, member: GroupMemberRow, group: GroupCodeRow): Promise<SelectionEntry[]> {
  const keys = group.questionnaires.map((q) => q.key);
  const [finishedRows, importedRows] = await Promise.all([
    sql.query<{ key: string }>('select distinct questionnaire_key as key from assessment where group_member_id = $1 and finished_at is not null', [member.id]),
    sql.query<{ key: string }>('select distinct key from questionnaire where key = any($1::text[])', [keys]),
  ]);
  const finished = new Set(finishedRows.map((r) => r.key));
  const imported = new Set(importedRows.map((r) => r.key));
  return group.questionnaires.map((entry, index) => {
    const done = finished.has(entry.key);
    const available = imported.has(entry.key);
    return { id: index + 1, entry, imported: available, finished: done, selectable: entry.selectable && available && !done };
  });
}

/** The titles of the group's questionnaires in a language (their latest versions'); the key where none is imported. */
export async function questionnaireTitles(sql: Sql, group: GroupCodeRow, language: Language): Promise<Map<string, string>> {
  const rows = await sql.query<{ key: string; title: unknown }>(
    `select distinct on (key) key, definition->'title' as title from questionnaire where key = any($1::text[]) order by key, version desc`,
    [group.questionnaires.map((q) => q.key)],
  );
  const titles = new Map(group.questionnaires.map((q) => [q.key, q.key]));
  for (const row of rows) {
    const title = (typeof row.title === 'string' ? JSON.parse(row.title) : row.title) as LocalizedText | null;
    if (title) titles.set(row.key, localize(title, language));
  }
  return titles;
}

type MemberAssessment = { id: number; questionnaire_key: string; assessment_type: number | null; finished: boolean; answered: boolean };

async function memberAssessments(sql: Sql, memberId: number): Promise<MemberAssessment[]> {
  return sql.query<MemberAssessment>(
    `select a.id, a.questionnaire_key, a.assessment_type, a.finished_at is not null as finished,
            exists (select 1 from answer x where x.assessment_id = a.id) as answered
       from assessment a where a.group_member_id = $1 order by a.id`,
    [memberId],
  );
}

/** Whether an assessment has any answer saved. */
export async function hasAnswers(sql: Sql, assessmentId: number): Promise<boolean> {
  const [row] = await sql.query<{ answered: boolean }>('select exists (select 1 from answer where assessment_id = $1) as answered', [assessmentId]);
  return row?.answered === true;
}

/** Locks the participant's row for the rest of the transaction: their selections and finishes run one at a time. */
async function lockMember(tx: Sql, memberId: number): Promise<GroupMemberRow> {
  const [row] = await tx.query<GroupMemberRow>('select * from group_member where id = $1 for update', [memberId]);
  if (!row) throw new Error(`group member ${memberId} vanished`);
  return row;
}

/** Points an assessment nobody has answered at another questionnaire of the group. */
async function retarget(tx: Sql, assessmentId: number, entry: GroupQuestionnaire): Promise<void> {
  const version = await latestVersion(tx, entry.key);
  await tx.query('update assessment set questionnaire_key = $2, questionnaire_version = $3, assessment_type = $4 where id = $1', [
    assessmentId,
    entry.key,
    version ?? null,
    entry.questionnaireType,
  ]);
}

async function makeCurrent(tx: Sql, memberId: number, assessmentId: number): Promise<void> {
  await tx.query('update group_member set current_assessment_id = $2 where id = $1', [memberId, assessmentId]);
}

export type Choice = { assessmentId: number; entry: GroupQuestionnaire } | { invalid: string };

/**
 * The participant's assessment for the questionnaire they chose (its entry id and type, as the
 * selection page listed them): the unfinished one they have for it; else their current one
 * re-targeted, when nobody has answered it; else a new one. It becomes their current assessment.
 * A choice that is not in the list, or not selectable (anymore), changes nothing. Run it inside a
 * transaction: the participant's row is locked first, so a finish in another tab cannot slip in.
 */
export async function chooseQuestionnaire(tx: Sql, memberId: number, group: GroupCodeRow, id: number, type: number): Promise<Choice> {
  const member = await lockMember(tx, memberId);
  const chosen = (await selectionEntries(tx, member, group)).find((e) => e.id === id);
  if (!chosen) return { invalid: `selectedQuestionnaireId: ${id} is not one of this group's questionnaires` };
  if (chosen.entry.questionnaireType !== type) return { invalid: `type: ${type} is not the type of questionnaire ${id}` };
  if (!chosen.selectable) return { invalid: `selectedQuestionnaireId: questionnaire ${id} cannot be chosen (${chosen.finished ? 'finished already' : 'not offered'})` };
  const { entry } = chosen;
  const mine = await memberAssessments(tx, memberId);
  const started = mine.find((a) => !a.finished && a.questionnaire_key === entry.key);
  const current = mine.find((a) => a.id === member.current_assessment_id);
  let assessmentId: number;
  if (started) assessmentId = started.id;
  else if (current && !current.finished && !current.answered) {
    await retarget(tx, current.id, entry);
    assessmentId = current.id;
  } else assessmentId = await createMemberAssessment(tx, member, group, entry);
  await makeCurrent(tx, memberId, assessmentId);
  return { assessmentId, entry };
}

export type NextAssessment = { assessmentId: number; assessmentType: number | null };

/**
 * Where a participant goes on after finishing a questionnaire: undefined when nothing selectable is
 * left (they are done); else their current assessment when it is still open for a selectable
 * questionnaire, else another they started, else one nobody has answered re-targeted, else a new one
 * for the first selectable questionnaire. It becomes their current assessment, so that the selection
 * page loads with the token made for it. Run it inside a transaction.
 */
export async function nextAssessment(tx: Sql, memberId: number, group: GroupCodeRow): Promise<NextAssessment | undefined> {
  const member = await lockMember(tx, memberId);
  const open = (await selectionEntries(tx, member, group)).filter((e) => e.selectable);
  const first = open[0];
  if (!first) return undefined;
  const openKeys = new Set(open.map((e) => e.entry.key));
  const mine = (await memberAssessments(tx, memberId)).filter((a) => !a.finished);
  const current = mine.find((a) => a.id === member.current_assessment_id);
  const candidate =
    (current && openKeys.has(current.questionnaire_key) ? current : undefined) ??
    mine.filter((a) => openKeys.has(a.questionnaire_key)).sort((a, b) => Number(b.answered) - Number(a.answered))[0];
  if (candidate) {
    await makeCurrent(tx, memberId, candidate.id);
    return { assessmentId: candidate.id, assessmentType: candidate.assessment_type };
  }
  const blank = mine.find((a) => !a.answered);
  if (blank) {
    await retarget(tx, blank.id, first.entry);
    await makeCurrent(tx, memberId, blank.id);
    return { assessmentId: blank.id, assessmentType: first.entry.questionnaireType };
  }
  const created = await createMemberAssessment(tx, member, group, first.entry);
  return { assessmentId: created, assessmentType: first.entry.questionnaireType };
}
