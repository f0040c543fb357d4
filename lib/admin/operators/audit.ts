import type { Sql } from '@/lib/embedded-api/db/database';

/**
 * The operators' audit log: one row per change made in the console or on the command line, saying
 * who (an operator's e-mail address, or "command line: <user>"), what, on what, and when. Details
 * name the things changed (a group code, a questionnaire key, a count), never a secret: no
 * password, no setup link, no access code.
 */
export type OperatorAuditEntry = {
  operator: string;
  action: string;
  subject?: string;
  details?: Record<string, string | number | boolean>;
};

export type OperatorAuditRow = Required<OperatorAuditEntry> & { id: number; at: Date };

export async function recordOperatorAudit(sql: Sql, entry: OperatorAuditEntry, now: Date = new Date()): Promise<void> {
  await sql.query('insert into operator_audit (at, operator, action, subject, details) values ($1, $2, $3, $4, $5)', [
    now,
    entry.operator,
    entry.action,
    entry.subject ?? '',
    JSON.stringify(entry.details ?? {}),
  ]);
}

type Row = { id: string; at: Date; operator: string; action: string; subject: string; details: Record<string, string | number | boolean> };

function rowOf(row: Row): OperatorAuditRow {
  return { id: Number(row.id), at: new Date(row.at), operator: row.operator, action: row.action, subject: row.subject, details: row.details };
}

/** The newest rows first, before beforeId (keyset pages for the console's list). */
export async function latestAudit(sql: Sql, limit: number, beforeId?: number): Promise<OperatorAuditRow[]> {
  const rows = await sql.query<Row>(
    'select id, at, operator, action, subject, details from operator_audit where ($1::bigint is null or id < $1) order by id desc limit $2',
    [beforeId ?? null, limit],
  );
  return rows.map(rowOf);
}

/** Oldest first from the row after afterId: the export's pages. */
export async function auditAfter(sql: Sql, afterId: number, limit: number): Promise<OperatorAuditRow[]> {
  const rows = await sql.query<Row>('select id, at, operator, action, subject, details from operator_audit where id > $1 order by id limit $2', [afterId, limit]);
  return rows.map(rowOf);
}
