import type { Sql } from '@/lib/embedded-api/db/database';

/**
 * Assessments as the operator looks for them: by the candidate's name, by the start of an ident
 * code, or by state. The console's list and `assessment list` both read through here, so that a
 * state means the same on every door and on the live overview (lib/admin/overview.ts): started
 * is "something of theirs is saved, an answer or a draft of a page".
 *
 * No code secret leaves this function: no access code (only its hash is stored anyway), and no
 * ident code of a group participant, which is made from their personal access code — such a row
 * names its group code and participant number instead, and a code prefix never matches it (else
 * the search would answer questions about personal access codes).
 */
export const ASSESSMENT_STATES = ['notStarted', 'inProgress', 'finished', 'expired'] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];

export function isAssessmentState(value: unknown): value is AssessmentState {
  return typeof value === 'string' && (ASSESSMENT_STATES as readonly string[]).includes(value);
}

export type AssessmentSearch = {
  /** The start of an ident code (any case), or a part of the candidate's name (title, first, last name or pseudonym). */
  text?: string;
  state?: AssessmentState;
  questionnaireKey?: string;
  /** Keyset: rows after this id in the order asked for. */
  after?: number;
  limit: number;
  /** The console shows the newest first; the command line lists in creation order. */
  order?: 'newest' | 'oldest';
  now?: Date;
};

export type AssessmentRow = {
  id: number;
  /** Null for a group participant's assessment (see above). */
  identCode: string | null;
  questionnaireKey: string;
  questionnaireVersion: number | null;
  product: number;
  candidate: { title: string; firstName: string; lastName: string; pseudonym: string };
  selfAssessment: boolean;
  groupCode: string | null;
  /** The group participant's number (their group_member id), as the export names them. */
  participant: number | null;
  createdAt: Date;
  validUntil: Date | null;
  firstLoginDone: boolean;
  answeredItems: number;
  finishedAt: Date | null;
  state: AssessmentState;
  /** The last save (answer or draft) or the finish, whichever is later; null before anything. */
  lastActivity: Date | null;
};

/** The longest search text taken; a name or a code is far shorter. */
export const MAX_SEARCH_LENGTH = 100;

type Row = {
  id: number;
  ident_code: string | null;
  questionnaire_key: string;
  questionnaire_version: number | null;
  product: number;
  candidate_title: string;
  candidate_first_name: string;
  candidate_last_name: string;
  candidate_pseudonym: string;
  is_self_assessment: boolean;
  group_code: string | null;
  participant: number | null;
  created_at: Date | string;
  valid_until: Date | string | null;
  first_login_done: boolean;
  answered_items: number;
  finished_at: Date | string | null;
  state: AssessmentState;
  last_activity: Date | string | null;
};

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** LIKE's own characters taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The state of each assessment, in SQL: finished once finished; otherwise expired once its
 * valid-until has passed (a started one too: it can no longer be finished); otherwise in progress
 * once something is saved; otherwise not started.
 */
const STATE = `case when a.finished_at is not null then 'finished'
    when a.valid_until is not null and a.valid_until <= $1 then 'expired'
    when act.last_at is not null then 'inProgress'
    else 'notStarted' end`;

export async function searchAssessments(sql: Sql, search: AssessmentSearch): Promise<AssessmentRow[]> {
  const text = search.text?.trim().slice(0, MAX_SEARCH_LENGTH) || null;
  const newest = (search.order ?? 'newest') === 'newest';
  const rows = await sql.query<Row>(
    `select * from (
       select a.id, case when a.group_member_id is null then a.ident_code end as ident_code, a.questionnaire_key, a.questionnaire_version,
              a.product, a.candidate_title, a.candidate_first_name, a.candidate_last_name, a.candidate_pseudonym, a.is_self_assessment,
              g.code as group_code, a.group_member_id as participant, a.created_at, a.valid_until, a.first_login_done, a.finished_at,
              (select count(*)::int from answer s where s.assessment_id = a.id) as answered_items,
              ${STATE} as state,
              case when act.last_at is null then a.finished_at when a.finished_at is null then act.last_at else greatest(act.last_at, a.finished_at) end as last_activity
         from assessment a
         left join lateral (
           select max(saved_at) as last_at from (
             select saved_at from answer where assessment_id = a.id
             union all select saved_at from answer_draft where assessment_id = a.id) saves) act on true
         left join group_member m on m.id = a.group_member_id
         left join group_code g on g.id = m.group_code_id
        where ($2::text is null or a.questionnaire_key = $2)
          and ($3::int is null or ${newest ? 'a.id < $3' : 'a.id > $3'})
          and ($4::text is null
               or (a.group_member_id is null and upper(a.ident_code) like upper($5::text) || '%' escape '\\')
               or a.candidate_first_name ilike '%' || $5::text || '%' escape '\\'
               or a.candidate_last_name ilike '%' || $5::text || '%' escape '\\'
               or a.candidate_pseudonym ilike '%' || $5::text || '%' escape '\\'
               or (a.candidate_first_name || ' ' || a.candidate_last_name) ilike '%' || $5::text || '%' escape '\\')
     ) listed
     where ($6::text is null or state = $6)
     order by id ${newest ? 'desc' : 'asc'}
     limit $7`,
    [search.now ?? new Date(), search.questionnaireKey ?? null, search.after ?? null, text, text === null ? '' : likeLiteral(text), search.state ?? null, search.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    identCode: row.ident_code,
    questionnaireKey: row.questionnaire_key,
    questionnaireVersion: row.questionnaire_version,
    product: row.product,
    candidate: { title: row.candidate_title, firstName: row.candidate_first_name, lastName: row.candidate_last_name, pseudonym: row.candidate_pseudonym },
    selfAssessment: row.is_self_assessment,
    groupCode: row.group_code,
    participant: row.participant,
    createdAt: new Date(row.created_at),
    validUntil: dateOf(row.valid_until),
    firstLoginDone: row.first_login_done,
    answeredItems: row.answered_items,
    finishedAt: dateOf(row.finished_at),
    state: row.state,
    lastActivity: dateOf(row.last_activity),
  }));
}

/** The candidate as a heading would name them: "Dr. Clara Kandidatin (CK)"; empty when nobody is named. */
export function candidateName(candidate: AssessmentRow['candidate']): string {
  const name = [candidate.title, candidate.firstName, candidate.lastName].filter((part) => part.trim() !== '').join(' ');
  if (candidate.pseudonym.trim() === '') return name;
  return name === '' ? candidate.pseudonym : `${name} (${candidate.pseudonym})`;
}

/** The keys of the imported questionnaires, for a choice of one. */
export async function importedQuestionnaireKeys(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ key: string }>('select distinct key from questionnaire order by key');
  return rows.map((row) => row.key);
}
