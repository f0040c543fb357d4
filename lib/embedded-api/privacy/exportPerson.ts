import type { Language } from '@/lib/api/languages';
import type { TransactionRow } from '../portal/store';
import type { AdditionalFieldDefinition } from '@/lib/content/groupCode';
import { sortAdditionalFields } from '@/lib/validation/additionalFields';
import { languageOf } from '../context';
import type { Sql } from '../db/database';
import { contentLanguage, localize, localizeOrNull, type QuestionnaireDefinition } from '../questionnaires/definitions';
import { definitionOf } from '../questionnaires/store';
import type { Person } from './people';

/**
 * Everything stored about one person, for their right of access and to data portability (GDPR
 * Art. 15 and 20; issue 29, point 4), in a documented, versioned shape (docs/privacy.md, "Access
 * and portability"). A change of the shape that a reader could trip over takes the next format
 * number.
 *
 * What is never in it: key hashes, access codes, ident codes, group codes, tokens and the ids that
 * serve as secrets (a portal transaction's id), and client addresses (the guessing tables hold
 * those per code, not per person, and may be anybody's). The operator knows whose export it is:
 * they asked for it. Mail bodies are left out: the access-code mail's body is the access code.
 */
export const PERSON_EXPORT_FORMAT = 'assessment-web.person-export/1';

type Timestamp = string | null;

export type ExportedAssessor = {
  first_name: string;
  last_name: string;
  email: string;
  registered: boolean;
  /** Whether a personal key is set (never the key or its hash). */
  has_personal_key: boolean;
  /** The privacy text agreed to and when; null while no agreement is recorded. */
  privacy_consent: { version: string | null; agreed_at: Timestamp } | null;
  /** When the personal key was set or changed, as far as the limit on key changes keeps it (an hour). */
  key_changes: string[];
};

export type ExportedField = { label: string; value: string | null };

export type ExportedGroupParticipation = {
  /** Numbers this participation within the export; an assessment names it in group_participation. */
  number: number;
  group_code_variant: string;
  product: number;
  /** The additional fields in the order and language of the personal-info page, with what was typed or chosen. */
  fields: ExportedField[];
  joined_at: string;
  personal_info_saved_at: Timestamp;
};

/** One answer item (or draft of it) with the texts it answered. */
export type ExportedAnswer = {
  question_id: number;
  /** The question's text as the participant saw it; null if the questionnaire no longer has it. */
  question: string | null;
  answer_id: number;
  item: string | null;
  value: number;
  /** The caption the questionnaire gives this value (a scale point, a rank, "not rated"); null where it gives none. */
  value_means: string | null;
  saved_at: string;
};

export type ExportedAssessment = {
  product: number;
  questionnaire: { key: string; version: number | null; title: string | null; language: Language };
  /** The person assessed, as the questionnaire's heading shows them; null when none is stored. */
  candidate: { title: string; first_name: string; last_name: string; pseudonym: string } | null;
  self_assessment: boolean;
  /** The group participation it was answered in, or null for an assessment opened with its ident code. */
  group_participation: number | null;
  ui_language: string;
  created_at: string;
  valid_until: Timestamp;
  finished_at: Timestamp;
  answers: ExportedAnswer[];
  /** Choices made on a page not yet sent: kept to show the page again, never counted as answers. */
  drafts: ExportedAnswer[];
  /** When each page (by the index of its first question) was last saved or drafted. */
  pages: Array<{ page_start: number; last_saved_at: string }>;
};

export type ExportedMail = { kind: string; language: string; recipient: string; subject: string; created_at: string };

export type ExportedInvoice = {
  private_person: boolean;
  name: string;
  street: string;
  city: string;
  email: string;
  product: string;
  price_cents: number;
  ui_language: string;
  data_privacy_accepted_at: string;
  created_at: string;
  payments: Array<{ amount_cents: number; currency: string; recorded_at: string }>;
};

export type PersonExport = {
  format: typeof PERSON_EXPORT_FORMAT;
  exported_at: string;
  /** How the operator named the person: 'assessment', 'group participant' or 'e-mail address' (never the code or address itself). */
  found_by: string;
  assessors: ExportedAssessor[];
  group_participations: ExportedGroupParticipation[];
  assessments: ExportedAssessment[];
  mails: ExportedMail[];
  invoices: ExportedInvoice[];
};

/** Records per table that the export read, for the privacy audit. */
export type ExportCounts = Record<string, number>;

const iso = (value: Date | string | null | undefined): Timestamp => (value === null || value === undefined ? null : new Date(value).toISOString());
const isoOf = (value: Date | string): string => new Date(value).toISOString();
const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export async function exportPerson(sql: Sql, person: Person, foundBy: string, now: number): Promise<{ data: PersonExport; counts: ExportCounts }> {
  const counts: ExportCounts = {};
  const count = (table: string, n: number) => {
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  };

  const assessors = await exportAssessors(sql, person.assessorIds);
  count('assessor', assessors.length);
  count('key_change', assessors.reduce((sum, a) => sum + a.key_changes.length, 0));

  const { participations, numberOf, accessCodes } = await exportParticipations(sql, person.groupMemberIds);
  count('group_member', participations.length);

  const assessments = await exportAssessments(sql, person.assessmentIds, numberOf);
  count('assessment', assessments.length);
  count('answer', assessments.reduce((sum, a) => sum + a.answers.length, 0));
  count('answer_draft', assessments.reduce((sum, a) => sum + a.drafts.length, 0));
  count('page_revision', assessments.reduce((sum, a) => sum + a.pages.length, 0));

  // The mails to their addresses, and the access-code mails carrying their code (sent to an address they typed, kept nowhere else).
  const mails = (
    await sql.query<ExportedMail & { created_at: Date | string }>(
      `select kind, language, recipient, subject, created_at from mail_outbox
        where lower(recipient) = any($1::text[]) or exists (select 1 from unnest($2::text[]) as c(code) where position(c.code in body) > 0)
        order by id`,
      [person.emails, accessCodes],
    )
  ).map((m) => ({ kind: m.kind, language: m.language, recipient: m.recipient, subject: m.subject, created_at: isoOf(m.created_at) }));
  count('mail_outbox', mails.length);

  const invoices = await exportInvoices(sql, person.emails);
  count('portal_transaction', invoices.length);

  return {
    data: {
      format: PERSON_EXPORT_FORMAT,
      exported_at: isoOf(new Date(now)),
      found_by: foundBy,
      assessors,
      group_participations: participations,
      assessments,
      mails,
      invoices,
    },
    counts,
  };
}

async function exportAssessors(sql: Sql, ids: number[]): Promise<ExportedAssessor[]> {
  const rows = await sql.query<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    is_registered: boolean;
    has_key: boolean;
    privacy_consent_version: string | null;
    privacy_consent_at: Date | string | null;
  }>(
    `select id, first_name, last_name, email, is_registered, key_hash is not null as has_key, privacy_consent_version, privacy_consent_at
       from assessor where id = any($1::int[]) order by id`,
    [ids],
  );
  const changes = await sql.query<{ assessor_id: number; changed_at: Date | string }>(
    'select assessor_id, changed_at from key_change where assessor_id = any($1::int[]) order by changed_at, id',
    [ids],
  );
  return rows.map((row) => ({
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    registered: row.is_registered,
    has_personal_key: row.has_key,
    privacy_consent:
      row.privacy_consent_version === null && row.privacy_consent_at === null ? null : { version: row.privacy_consent_version, agreed_at: iso(row.privacy_consent_at) },
    key_changes: changes.filter((c) => c.assessor_id === row.id).map((c) => isoOf(c.changed_at)),
  }));
}

async function exportParticipations(sql: Sql, memberIds: number[]) {
  const rows = await sql.query<{
    id: number;
    access_code: string;
    field_values: Record<string, string> | string;
    created_at: Date | string;
    personal_info_saved_at: Date | string | null;
    variant: string;
    product: number;
    ui_language: string;
    fields: AdditionalFieldDefinition[] | string;
  }>(
    `select m.id, m.access_code, m.field_values, m.created_at, m.personal_info_saved_at, g.variant, g.product, g.ui_language, g.fields
       from group_member m join group_code g on g.id = m.group_code_id
      where m.id = any($1::int[]) order by m.id`,
    [memberIds],
  );
  const numberOf = new Map<number, number>();
  const participations = rows.map((row, index): ExportedGroupParticipation => {
    numberOf.set(row.id, index + 1);
    const values = jsonOf(row.field_values);
    // The labels in the group code's language: the one its personal-info page opens in.
    const language = languageOf(row.ui_language);
    return {
      number: index + 1,
      group_code_variant: row.variant,
      product: row.product,
      fields: sortAdditionalFields(jsonOf(row.fields)).map((field) => ({ label: localize(field.name, language), value: values[String(field.id)] || null })),
      joined_at: isoOf(row.created_at),
      personal_info_saved_at: iso(row.personal_info_saved_at),
    };
  });
  // Only to find the access-code mails that carry them: never written out.
  return { participations, numberOf, accessCodes: rows.map((r) => r.access_code) };
}

type AssessmentRow = {
  id: number;
  product: number;
  questionnaire_key: string;
  questionnaire_version: number | null;
  questionnaire_language: string;
  ui_language: string;
  candidate_title: string;
  candidate_first_name: string;
  candidate_last_name: string;
  candidate_pseudonym: string;
  is_self_assessment: boolean;
  group_member_id: number | null;
  created_at: Date | string;
  valid_until: Date | string | null;
  finished_at: Date | string | null;
  /** The imported version its texts come from: its own, or the latest while it is not yet bound to one. */
  text_version: number | null;
  checksum: string | null;
};

type ItemRow = { assessment_id: number; question_id: number; answer_id: number; value: number; saved_at: Date | string };

async function exportAssessments(sql: Sql, ids: number[], participationOf: Map<number, number>): Promise<ExportedAssessment[]> {
  const rows = await sql.query<AssessmentRow>(
    `select a.id, a.product, a.questionnaire_key, a.questionnaire_version, a.questionnaire_language, a.ui_language,
            a.candidate_title, a.candidate_first_name, a.candidate_last_name, a.candidate_pseudonym, a.is_self_assessment,
            a.group_member_id, a.created_at, a.valid_until, a.finished_at, q.version as text_version, q.checksum
       from assessment a
       left join questionnaire q on q.key = a.questionnaire_key
        and q.version = coalesce(a.questionnaire_version, (select max(version) from questionnaire where key = a.questionnaire_key))
      where a.id = any($1::int[]) order by a.id`,
    [ids],
  );
  const items = (table: 'answer' | 'answer_draft') =>
    sql.query<ItemRow>(`select assessment_id, question_id, answer_id, value, saved_at from ${table} where assessment_id = any($1::int[]) order by assessment_id, question_id, answer_id`, [ids]);
  const answers = await items('answer');
  const drafts = await items('answer_draft');
  const pages = await sql.query<{ assessment_id: number; page_start: number; saved_at: Date | string }>(
    'select assessment_id, page_start, saved_at from page_revision where assessment_id = any($1::int[]) order by assessment_id, page_start',
    [ids],
  );

  const exported: ExportedAssessment[] = [];
  for (const row of rows) {
    // Read through the cache of parsed definitions, without binding an unbound assessment to a version: an export changes nothing.
    const definition = row.text_version !== null && row.checksum !== null ? await definitionOf(sql, row.questionnaire_key, row.text_version, row.checksum) : undefined;
    const language = definition ? contentLanguage(definition, languageOf(row.questionnaire_language)) : languageOf(row.questionnaire_language);
    const describe = describer(definition, language);
    const candidate = { title: row.candidate_title, first_name: row.candidate_first_name, last_name: row.candidate_last_name, pseudonym: row.candidate_pseudonym };
    exported.push({
      product: row.product,
      questionnaire: { key: row.questionnaire_key, version: row.questionnaire_version, title: definition ? localize(definition.title, language) : null, language },
      candidate: Object.values(candidate).some((value) => value !== '') ? candidate : null,
      self_assessment: row.is_self_assessment,
      group_participation: row.group_member_id === null ? null : (participationOf.get(row.group_member_id) ?? null),
      ui_language: row.ui_language,
      created_at: isoOf(row.created_at),
      valid_until: iso(row.valid_until),
      finished_at: iso(row.finished_at),
      answers: answers.filter((a) => a.assessment_id === row.id).map(describe),
      drafts: drafts.filter((d) => d.assessment_id === row.id).map(describe),
      pages: pages.filter((p) => p.assessment_id === row.id).map((p) => ({ page_start: p.page_start, last_saved_at: isoOf(p.saved_at) })),
    });
  }
  return exported;
}

/** An answer item with the texts of the questionnaire it answered, in the language the participant saw. */
function describer(definition: QuestionnaireDefinition | undefined, language: Language) {
  const questions = new Map(definition?.questions.map((q) => [q.id, q]));
  const items = new Map(definition?.questions.flatMap((q) => q.answerInfos.map((a) => [a.id, a] as const)));
  return (row: ItemRow): ExportedAnswer => {
    const question = questions.get(row.question_id);
    const item = items.get(row.answer_id);
    return {
      question_id: row.question_id,
      question: question ? localize(question.text, language) : null,
      answer_id: row.answer_id,
      item: item ? localize(item.text, language) : null,
      value: row.value,
      value_means: definition ? valueMeaning(definition, row.value, language) : null,
      saved_at: isoOf(row.saved_at),
    };
  };
}

/** What the questionnaire says a value means: its caption on the scale (or rank), or "not rated". */
export function valueMeaning(definition: QuestionnaireDefinition, value: number, language: Language): string | null {
  const config = definition.answervaluesConfig;
  if (definition.notRated && config.notRatedValue !== null && value === config.notRatedValue) return localizeOrNull(config.notRatedValueCaption, language);
  const point = config.valueInfos.find((info) => info.value === value);
  return point ? localize(point.caption, language) : null;
}

async function exportInvoices(sql: Sql, emails: string[]): Promise<ExportedInvoice[]> {
  // The invoice as the portal keeps it (portal/store.ts), without what is no business of the person's export.
  const rows = await sql.query<Omit<TransactionRow, 'portal_id' | 'client_address'> & { data_privacy_accepted_at: Date | string; created_at: Date | string }>(
    `select id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email, product_text, price_cents, ui_language, data_privacy_accepted_at, created_at
       from portal_transaction where lower(invoice_email) = any($1::text[]) order by created_at, id`,
    [emails],
  );
  const payments = await sql.query<{ transaction_id: string; amount_cents: string | number; currency: string; recorded_at: Date | string }>(
    'select transaction_id, amount_cents, currency, recorded_at from payment where transaction_id = any($1::text[]) order by recorded_at, id',
    [rows.map((r) => r.id)],
  );
  // The transaction's id is left out: it is what the browser carries through the payment.
  return rows.map((row) => ({
    private_person: row.invoice_is_private,
    name: row.invoice_name,
    street: row.invoice_street,
    city: row.invoice_city,
    email: row.invoice_email,
    product: row.product_text,
    price_cents: Number(row.price_cents),
    ui_language: row.ui_language,
    data_privacy_accepted_at: isoOf(row.data_privacy_accepted_at),
    created_at: isoOf(row.created_at),
    payments: payments
      .filter((p) => p.transaction_id === row.id)
      .map((p) => ({ amount_cents: Number(p.amount_cents), currency: p.currency, recorded_at: isoOf(p.recorded_at) })),
  }));
}
