import { newPersonalAccessCode } from '@/lib/crypto/codes';
import type { AdditionalFieldDefinition, GroupQuestionnaire } from '@/lib/content/groupCode';
import type { GroupVariant } from '@/lib/flows/groupVariants';
import type { Sql } from '../db/database';

/**
 * Group codes and their participants (migration 5). A group code can be used again and again:
 * every login with it starts a new participant, a group_member with an assessor of its
 * own (no key until the personal-info page sets one) and a personal access code. A participant has
 * one assessment per questionnaire they answer (the selection loop of the web variant), and
 * group_member.current_assessment_id names the one they are at: the one their token speaks for.
 */

export type GroupCodeRow = {
  id: number;
  code: string;
  variant: GroupVariant;
  product: number;
  ui_language: string;
  stylesheet: string;
  valid_until: Date | null;
  closed_at: Date | null;
  fields: AdditionalFieldDefinition[];
  questionnaires: GroupQuestionnaire[];
  /** Migration 7: the personal-info page asks "finish or cancel?" before it saves. */
  personal_info_finish_modal: boolean;
};

export type GroupMemberRow = {
  id: number;
  group_code_id: number;
  assessor_id: number;
  access_code: string;
  field_values: Record<string, string>;
  current_assessment_id: number | null;
  personal_info_saved_at: Date | null;
};

function parsed<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function groupRow(row: GroupCodeRow): GroupCodeRow {
  return { ...row, fields: parsed(row.fields), questionnaires: parsed(row.questionnaires) };
}

/** A group code as typed (any case), or undefined. */
export async function findGroupCode(sql: Sql, code: string): Promise<GroupCodeRow | undefined> {
  const [row] = await sql.query<GroupCodeRow>('select * from group_code where upper(code) = upper($1)', [code]);
  return row ? groupRow(row) : undefined;
}

/**
 * The participant an assessment belongs to, with its group code; undefined for an ident-code
 * assessment. One statement: the group flows' every call asks it (groups/holder.ts). The member's
 * columns are named one by one, as the group code's share their names.
 */
export async function memberOfAssessment(sql: Sql, assessmentId: number): Promise<{ member: GroupMemberRow; group: GroupCodeRow } | undefined> {
  const [row] = await sql.query<GroupCodeRow & MemberColumns>(
    `select g.*, m.id as member_id, m.assessor_id as member_assessor_id, m.access_code as member_access_code,
            m.field_values as member_field_values, m.current_assessment_id as member_current_assessment_id,
            m.personal_info_saved_at as member_personal_info_saved_at, m.created_at as member_created_at
       from assessment a join group_member m on m.id = a.group_member_id join group_code g on g.id = m.group_code_id
      where a.id = $1`,
    [assessmentId],
  );
  if (!row) return undefined;
  const { member_id, member_assessor_id, member_access_code, member_field_values, member_current_assessment_id, member_personal_info_saved_at, member_created_at, ...group } = row;
  const member = {
    id: member_id,
    group_code_id: group.id,
    assessor_id: member_assessor_id,
    access_code: member_access_code,
    field_values: parsed<Record<string, string>>(member_field_values),
    current_assessment_id: member_current_assessment_id,
    personal_info_saved_at: member_personal_info_saved_at,
    created_at: member_created_at,
  };
  return { member, group: groupRow(group as GroupCodeRow) };
}

type MemberColumns = {
  member_id: number;
  member_assessor_id: number;
  member_access_code: string;
  member_field_values: unknown;
  member_current_assessment_id: number | null;
  member_personal_info_saved_at: Date | null;
  member_created_at: Date;
};

/** The latest imported version of a questionnaire key, or undefined when it is not imported. */
export async function latestVersion(sql: Sql, key: string): Promise<number | undefined> {
  const [row] = await sql.query<{ version: number | null }>('select max(version) as version from questionnaire where key = $1', [key]);
  return row?.version ?? undefined;
}

/** A personal access code that is neither another participant's nor an ident code. */
async function freeAccessCode(sql: Sql): Promise<string> {
  for (;;) {
    const code = newPersonalAccessCode();
    const [taken] = await sql.query<{ n: number }>(
      `select (select count(*) from group_member where upper(access_code) = $1) + (select count(*) from assessment where upper(ident_code) = $1) as n`,
      [code],
    );
    if (Number(taken?.n ?? 0) === 0) return code;
  }
}

/**
 * Creates an assessment of a participant for one questionnaire of their group code. Its ident code
 * is internal (it has a '-', which no typed ident code has) and made of the participant's number, not
 * of their personal access code, which is a credential: listings that show ident codes show nothing
 * secret. A participant comes back with the personal access code of group_member, never with this.
 */
export async function createMemberAssessment(tx: Sql, member: { id: number; assessor_id: number; access_code: string }, group: GroupCodeRow, entry: GroupQuestionnaire): Promise<number> {
  const version = await latestVersion(tx, entry.key);
  const [row] = await tx.query<{ id: number }>(
    `insert into assessment (ident_code, product, assessor_id, ui_language, questionnaire_language, stylesheet, first_login_done,
       questionnaire_key, questionnaire_version, group_member_id, assessment_type)
     values ('G-' || $1::text || '-' || (select count(*) + 1 from assessment where group_member_id = $2), $3, $4, $5, $5, $6, true, $7, $8, $2, $9)
     returning id`,
    [String(member.id), member.id, group.product, member.assessor_id, group.ui_language, group.stylesheet, entry.key, version ?? null, entry.questionnaireType],
  );
  await tx.query('update group_member set current_assessment_id = $2 where id = $1', [member.id, row!.id]);
  return row!.id;
}

export type NewMember = { memberId: number; assessorId: number; assessmentId: number; accessCode: string };

/**
 * A new participant of a group code: an assessor without key or name, a personal access code, and
 * an assessment of the group's first selectable questionnaire (for the web variant a placeholder
 * until the selection names one). Run it inside a transaction.
 */
export async function createMember(tx: Sql, group: GroupCodeRow): Promise<NewMember> {
  const entry = group.questionnaires.find((q) => q.selectable) ?? group.questionnaires[0];
  if (!entry) throw new Error(`group code ${group.id} has no questionnaire`);
  const [assessor] = await tx.query<{ id: number }>('insert into assessor (is_registered) values (true) returning id');
  const accessCode = await freeAccessCode(tx);
  const [member] = await tx.query<{ id: number }>(
    'insert into group_member (group_code_id, assessor_id, access_code) values ($1, $2, $3) returning id',
    [group.id, assessor!.id, accessCode],
  );
  const assessmentId = await createMemberAssessment(tx, { id: member!.id, assessor_id: assessor!.id, access_code: accessCode }, group, entry);
  return { memberId: member!.id, assessorId: assessor!.id, assessmentId, accessCode };
}
