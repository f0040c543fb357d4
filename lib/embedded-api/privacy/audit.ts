import type { Sql } from '../db/database';

/**
 * The privacy audit (issue 29, point 7): every erasure, export and purge leaves one row saying what
 * was done, to how many records (per table in details), when and by whom. It never holds the data,
 * nor what would name the person (an ident code, an access code, an address): an audit that
 * remembered whom it erased would undo the erasure.
 */
export type PrivacyAction = 'erase' | 'export' | 'export-anonymous' | 'purge';

export type AuditEntry = {
  action: PrivacyAction;
  /** What kind of thing it was applied to: 'assessment', 'group participant', 'e-mail address', 'questionnaire competency-24', 'retention'. */
  subject: string;
  /** Records per table (or kind), as the operation counted them. */
  details: Record<string, number>;
  /** On the command line the operating-system user; in the app 'app'. */
  by: string;
};

export type AuditRow = AuditEntry & { id: number; records: number; at: Date };

export async function recordAudit(sql: Sql, entry: AuditEntry, now: number): Promise<void> {
  const records = Object.values(entry.details).reduce((sum, count) => sum + count, 0);
  await sql.query('insert into privacy_audit (action, subject, records, details, done_at, done_by) values ($1, $2, $3, $4, $5, $6)', [
    entry.action,
    entry.subject,
    records,
    JSON.stringify(entry.details),
    new Date(now),
    entry.by,
  ]);
}

type StoredRow = { id: string; action: PrivacyAction; subject: string; records: number; details: Record<string, number>; done_at: Date; done_by: string };

function rowOf(row: StoredRow): AuditRow {
  return { id: Number(row.id), action: row.action, subject: row.subject, records: row.records, details: row.details, at: new Date(row.done_at), by: row.done_by };
}

/** The audit, oldest first, from the row after afterId (keyset pages). */
export async function auditPage(sql: Sql, afterId: number, limit: number): Promise<AuditRow[]> {
  const rows = await sql.query<StoredRow>(
    'select id, action, subject, records, details, done_at, done_by from privacy_audit where id > $1 order by id limit $2',
    [afterId, limit],
  );
  return rows.map(rowOf);
}

/** The newest rows first, before beforeId: the console's list. */
export async function latestAuditPage(sql: Sql, limit: number, beforeId?: number): Promise<AuditRow[]> {
  const rows = await sql.query<StoredRow>(
    'select id, action, subject, records, details, done_at, done_by from privacy_audit where ($1::bigint is null or id < $1) order by id desc limit $2',
    [beforeId ?? null, limit],
  );
  return rows.map(rowOf);
}
