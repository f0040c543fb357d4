import type { Sql } from '../db/database';
import type { OutgoingMail } from './send';

/**
 * The outbox (migration 8): where mails go while no SMTP_URL is set, on a fresh machine, in the
 * demo and in tests. Operators read it with `npm run admin -- outbox list|show`. A mail's body may
 * hold a participant's access code, as the participant's own row does; listings never show it.
 */

export type OutboxEntry = {
  id: number;
  created_at: Date | string;
  kind: string;
  language: string;
  sender: string;
  recipient: string;
  subject: string;
};

export type OutboxMail = OutboxEntry & { body: string };

export async function putIntoOutbox(sql: Sql, sender: string, mail: OutgoingMail): Promise<number> {
  const [row] = await sql.query<{ id: string | number }>(
    'insert into mail_outbox (kind, language, sender, recipient, subject, body) values ($1, $2, $3, $4, $5, $6) returning id',
    [mail.kind, mail.language, sender, mail.to, mail.subject, mail.text],
  );
  return Number(row!.id);
}

/** A page of the outbox without bodies, oldest first, after the given id (keyset pagination). */
export async function outboxPage(sql: Sql, afterId: number, limit: number): Promise<OutboxEntry[]> {
  const rows = await sql.query<OutboxEntry & { id: string | number }>(
    'select id, created_at, kind, language, sender, recipient, subject from mail_outbox where id > $1 order by id limit $2',
    [afterId, limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function outboxMail(sql: Sql, id: number): Promise<OutboxMail | undefined> {
  const [row] = await sql.query<OutboxMail & { id: string | number }>('select * from mail_outbox where id = $1', [id]);
  return row ? { ...row, id: Number(row.id) } : undefined;
}
