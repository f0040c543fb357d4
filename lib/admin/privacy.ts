import type { Database, Sql } from '@/lib/embedded-api/db/database';
import { auditPage, recordAudit, type AuditRow } from '@/lib/embedded-api/privacy/audit';
import { erasePerson, type Erased } from '@/lib/embedded-api/privacy/erase';
import { exportPerson, type ExportCounts } from '@/lib/embedded-api/privacy/exportPerson';
import { describeQuery, findPerson, type Person, type PersonQuery } from '@/lib/embedded-api/privacy/people';
import { exportAnonymousAnswers } from './anonymousExport';
import { csvHeader, csvLine, isoUtc, type CsvDialect, type CsvValue } from './csv';
import { checkExportable, type ExportOptions, type ExportSummary } from './export';
import { keysetPages } from './pages';

/**
 * The privacy operations as the command line (`privacy erase`, `privacy export`, `export
 * --anonymous`, `privacy audit`) and the console (app/admin/privacy) both do them: each leaves the
 * privacy audit's row naming what kind of thing it was applied to and by whom, never whom.
 */

/** Where an export goes: the command line's sink (a file appears on commit), or a download. */
export type Delivery = { write: (chunk: string) => void | Promise<void>; commit?: () => Promise<void> };

/** Thrown inside the preview's transaction so that it rolls back: the preview counts, nothing more. */
class Preview extends Error {
  constructor(readonly counts: Erased) {
    super('preview');
  }
}

export type ErasurePreview = {
  person: Person;
  /** What the erasure would remove, per table. */
  counts: Erased;
  /** The assessor has other assessments too: their name and e-mail stay. */
  shared: boolean;
};

/** The person and what erasing them would remove; undefined when nothing matches. Nothing is changed. */
export async function previewErasure(db: Database, query: PersonQuery, keepAnswersAnonymous: boolean): Promise<ErasurePreview | undefined> {
  const person = await findPerson(db, query);
  if (!person) return undefined;
  const counts = await db
    .transaction(async (tx) => {
      throw new Preview(await erasePerson(tx, person, { keepAnswersAnonymous, now: Date.now() }));
    })
    .catch((error: unknown) => {
      if (error instanceof Preview) return error.counts;
      throw error;
    });
  return { person, counts, shared: person.sharedAssessorIds.length > 0 };
}

/** Erases the person and records it in the privacy audit, in one transaction; answers what was erased. */
export function erasePersonAudited(db: Database, person: Person, options: { query: PersonQuery; keepAnswersAnonymous: boolean; by: string }): Promise<Erased> {
  return db.transaction(async (tx) => {
    const counts = await erasePerson(tx, person, { keepAnswersAnonymous: options.keepAnswersAnonymous, now: Date.now() });
    await recordAudit(tx, { action: 'erase', subject: describeQuery(options.query), details: counts, by: options.by }, Date.now());
    return counts;
  });
}

/**
 * Everything stored about the person as JSON (lib/embedded-api/privacy/exportPerson.ts), delivered,
 * then recorded in the privacy audit; undefined (nothing delivered) when nothing matches.
 */
export async function exportPersonAudited(db: Sql, query: PersonQuery, by: string, delivery: Delivery): Promise<{ counts: ExportCounts; shared: boolean } | undefined> {
  const person = await findPerson(db, query);
  if (!person) return undefined;
  const subject = describeQuery(query);
  const now = Date.now();
  const { data, counts } = await exportPerson(db, person, subject, now);
  await delivery.write(`${JSON.stringify(data, null, 2)}\n`);
  await delivery.commit?.();
  await recordAudit(db, { action: 'export', subject, details: counts, by }, now);
  return { counts, shared: person.sharedAssessorIds.length > 0 };
}

/**
 * The anonymous export of one questionnaire's answers (lib/admin/anonymousExport.ts), delivered,
 * then recorded in the privacy audit. An unknown questionnaire throws UnknownExportError before
 * anything is written.
 */
export async function exportAnonymousAudited(db: Sql, options: ExportOptions, by: string, delivery: Delivery): Promise<ExportSummary> {
  await checkExportable(db, options.questionnaireKey);
  const summary = await exportAnonymousAnswers(db, options, delivery.write);
  await delivery.commit?.();
  const details = { assessment: summary.participants, answer: summary.rows };
  await recordAudit(db, { action: 'export-anonymous', subject: `questionnaire ${options.questionnaireKey}`, details, by }, Date.now());
  return summary;
}

export const PRIVACY_AUDIT_COLUMNS = ['id', 'done_at', 'action', 'subject', 'records', 'details', 'done_by'] as const;

/** details as JSON with its keys in order, so that two exports of the same row read alike. */
export function detailsText(details: Record<string, number>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(details).sort(([a], [b]) => a.localeCompare(b))));
}

export function privacyAuditValues(row: AuditRow): CsvValue[] {
  return [row.id, isoUtc(row.at), row.action, row.subject, row.records, detailsText(row.details), row.by];
}

/** The privacy audit as CSV, oldest first, a page at a time; answers how many rows. */
export async function writePrivacyAudit(db: Sql, dialect: CsvDialect, write: (chunk: string) => void | Promise<void>): Promise<number> {
  let count = 0;
  await write(csvHeader(PRIVACY_AUDIT_COLUMNS, dialect));
  for await (const page of keysetPages((after: number | undefined, limit) => auditPage(db, after ?? 0, limit), (row) => row.id, 500)) {
    await write(page.map((row) => csvLine(privacyAuditValues(row), dialect)).join(''));
    count += page.length;
  }
  return count;
}

/** How an operator names a person in the console's forms: the command line's three options. */
export const PERSON_KINDS = ['assessment', 'groupParticipant', 'email'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** The longest code or address a form may name (an e-mail address may have 254 characters). */
const MAX_PERSON_TEXT = 254;

/** The person a console form names, or undefined when the kind is not one of ours or the text is empty or too long. */
export function personQueryOf(kind: unknown, text: unknown): PersonQuery | undefined {
  if (typeof text !== 'string' || !(PERSON_KINDS as readonly unknown[]).includes(kind)) return undefined;
  const value = text.trim();
  if (value === '' || value.length > MAX_PERSON_TEXT) return undefined;
  if (kind === 'assessment') return { assessment: value };
  if (kind === 'groupParticipant') return { groupParticipant: value };
  return { email: value };
}
