import type { Sql } from '@/lib/embedded-api/db/database';
import type { OutboxEntry } from '@/lib/embedded-api/mail/outbox';

/**
 * The console's view of the outbox: the newest mails first, a page at a time (the command line's
 * `outbox list` reads it oldest first, as CSV). Without bodies: a listing never shows a code.
 */
export async function latestOutbox(sql: Sql, limit: number, beforeId?: number): Promise<OutboxEntry[]> {
  const rows = await sql.query<OutboxEntry & { id: string | number }>(
    'select id, created_at, kind, language, sender, recipient, subject from mail_outbox where ($1::bigint is null or id < $1) order by id desc limit $2',
    [beforeId ?? null, limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at) }));
}
