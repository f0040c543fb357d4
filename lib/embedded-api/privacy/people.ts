import type { Sql } from '../db/database';

/**
 * Whom an erasure or an export is about (issue 29): the rows that hold one person's data, found by
 * what an operator has at hand. An ident code names one assessment (its candidate, and its assessor
 * while the assessor has no other assessment); a group participant's access code names their
 * member row, assessor and every assessment they answered; an e-mail address names every assessor
 * registered with it, everything of theirs, and the mails sent to it.
 */
export type PersonQuery = { assessment: string } | { groupParticipant: string } | { email: string };

export type Person = {
  /** Assessments whose data goes (or is exported). */
  assessmentIds: number[];
  /** Assessors whose personal data goes: only those with no assessment beyond assessmentIds. */
  assessorIds: number[];
  /** Assessors of these assessments who have others too: their name and e-mail stay. */
  sharedAssessorIds: number[];
  groupMemberIds: number[];
  /** The addresses whose mails go (lower-case). */
  emails: string[];
};

/** How an operator names the person, for messages and the audit's subject (never the code itself). */
export function describeQuery(query: PersonQuery): string {
  if ('assessment' in query) return 'assessment';
  if ('groupParticipant' in query) return 'group participant';
  return 'e-mail address';
}

/** The person's rows; undefined when nothing matches. */
export async function findPerson(sql: Sql, query: PersonQuery): Promise<Person | undefined> {
  let assessmentIds: number[] = [];
  let groupMemberIds: number[] = [];
  let candidateAssessors: number[] = [];
  const emails = new Set<string>();

  if ('assessment' in query) {
    const rows = await sql.query<{ id: number; assessor_id: number; group_member_id: number | null }>(
      'select id, assessor_id, group_member_id from assessment where upper(ident_code) = upper($1)',
      [query.assessment.trim()],
    );
    if (rows.length === 0) return undefined;
    assessmentIds = rows.map((r) => r.id);
    candidateAssessors = rows.map((r) => r.assessor_id);
    groupMemberIds = rows.flatMap((r) => (r.group_member_id === null ? [] : [r.group_member_id]));
    // A group participant's questionnaires are all theirs: the person is the member, with every one of them.
    if (groupMemberIds.length > 0) {
      const theirs = await sql.query<{ id: number }>('select id from assessment where group_member_id = any($1::int[])', [groupMemberIds]);
      assessmentIds.push(...theirs.map((r) => r.id));
    }
  } else if ('groupParticipant' in query) {
    const members = await sql.query<{ id: number; assessor_id: number }>('select id, assessor_id from group_member where upper(access_code) = upper($1)', [
      query.groupParticipant.trim(),
    ]);
    if (members.length === 0) return undefined;
    groupMemberIds = members.map((m) => m.id);
    candidateAssessors = members.map((m) => m.assessor_id);
    assessmentIds = (await sql.query<{ id: number }>('select id from assessment where group_member_id = any($1::int[])', [groupMemberIds])).map((r) => r.id);
  } else {
    const email = query.email.trim().toLowerCase();
    emails.add(email);
    candidateAssessors = (await sql.query<{ id: number }>('select id from assessor where lower(email) = $1', [email])).map((r) => r.id);
    const mails = await sql.query<{ n: number }>('select count(*)::int as n from mail_outbox where lower(recipient) = $1', [email]);
    if (candidateAssessors.length === 0 && mails[0]!.n === 0) return undefined;
    assessmentIds = (await sql.query<{ id: number }>('select id from assessment where assessor_id = any($1::int[])', [candidateAssessors])).map((r) => r.id);
    groupMemberIds = (await sql.query<{ id: number }>('select id from group_member where assessor_id = any($1::int[])', [candidateAssessors])).map((r) => r.id);
  }

  return withAssessors(sql, assessmentIds, groupMemberIds, candidateAssessors, emails);
}

/**
 * The person the retention rules erase (retention.ts): these assessments, and these group
 * participants with every assessment of theirs; their assessors as findPerson takes them (an
 * assessor with an assessment outside the set keeps their data). A participant is not taken with
 * an assessment of theirs: the purge names the participants it erases.
 */
export async function personOf(sql: Sql, ids: { assessmentIds: number[]; groupMemberIds: number[] }): Promise<Person> {
  const members = await sql.query<{ assessor_id: number }>('select assessor_id from group_member where id = any($1::int[])', [ids.groupMemberIds]);
  const assessments = await sql.query<{ id: number; assessor_id: number }>(
    'select id, assessor_id from assessment where id = any($1::int[]) or group_member_id = any($2::int[])',
    [ids.assessmentIds, ids.groupMemberIds],
  );
  const candidateAssessors = [...members, ...assessments].map((r) => r.assessor_id);
  return withAssessors(sql, assessments.map((r) => r.id), ids.groupMemberIds, candidateAssessors, new Set());
}

async function withAssessors(sql: Sql, assessmentIds: number[], groupMemberIds: number[], candidateAssessors: number[], emails: Set<string>): Promise<Person> {
  // An assessor with an assessment outside the set keeps their personal data: it is another person's assessment too.
  const others = await sql.query<{ assessor_id: number }>(
    'select distinct assessor_id from assessment where assessor_id = any($1::int[]) and not (id = any($2::int[]))',
    [candidateAssessors, assessmentIds],
  );
  const shared = new Set(others.map((r) => r.assessor_id));
  const assessorIds = [...new Set(candidateAssessors)].filter((id) => !shared.has(id));
  for (const row of await sql.query<{ email: string }>("select lower(email) as email from assessor where id = any($1::int[]) and email <> ''", [assessorIds])) {
    emails.add(row.email);
  }
  return {
    assessmentIds: [...new Set(assessmentIds)].sort((a, b) => a - b),
    assessorIds: assessorIds.sort((a, b) => a - b),
    sharedAssessorIds: [...shared].sort((a, b) => a - b),
    groupMemberIds: [...new Set(groupMemberIds)].sort((a, b) => a - b),
    emails: [...emails].sort(),
  };
}
