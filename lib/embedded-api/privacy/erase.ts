import crypto from 'node:crypto';
import type { Sql } from '../db/database';
import { recipientKey } from '../mail/limits';
import type { Person } from './people';

/**
 * Erases one person (issue 29, point 3): their name, e-mail, additional fields, key hash, drafts,
 * mails and every token, in the caller's transaction. What stays is said by the counts and by
 * docs/privacy.md: invoice data (commercial retention) and, with keepAnswersAnonymous, the answers
 * of each assessment, moved to an anonymous assessment (a random ident code nobody was given, no
 * candidate, a blank assessor whose tokens ended now) that links to nobody.
 *
 * Every earlier token stops at once: an erased assessment, member or assessor is gone, and an
 * anonymous one's assessor refuses every token issued before now (tokens_valid_after).
 */
export type Erased = Record<string, number>;

export async function erasePerson(tx: Sql, person: Person, options: { keepAnswersAnonymous: boolean; now: number }): Promise<Erased> {
  const now = new Date(options.now);
  const counts: Erased = {};
  const count = (table: string, n: number) => {
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  };
  const run = async (table: string, text: string, params: unknown[]) => count(table, (await tx.query(`${text} returning 1`, params)).length);

  // A group participant's access code is in the access-code mails sent to them: those go, and with
  // them the address they went to, which the app kept nowhere else.
  const accessCodes = (await tx.query<{ access_code: string }>('select access_code from group_member where id = any($1::int[])', [person.groupMemberIds])).map((r) => r.access_code);
  const emails = new Set(person.emails);
  for (const code of accessCodes) {
    for (const row of await tx.query<{ recipient: string }>('select recipient from mail_outbox where position($1 in body) > 0', [code])) emails.add(row.recipient.toLowerCase());
  }

  const ids = person.assessmentIds;
  // What only serves the running assessment, and the addresses that tried its codes.
  await run('answer_draft', 'delete from answer_draft where assessment_id = any($1::int[])', [ids]);
  await run('page_revision', 'delete from page_revision where assessment_id = any($1::int[])', [ids]);
  await run('access_code_failure', 'delete from access_code_failure where assessment_id = any($1::int[])', [ids]);
  await run('key_check_turn', 'delete from key_check_turn where assessment_id = any($1::int[])', [ids]);
  await run('key_check_pace', 'delete from key_check_pace where assessment_id = any($1::int[])', [ids]);

  if (options.keepAnswersAnonymous) {
    for (const id of ids) {
      const [blank] = await tx.query<{ id: number }>('insert into assessor (tokens_valid_after) values ($1) returning id', [now]);
      await tx.query(
        `update assessment set ident_code = $2, assessor_id = $3, group_member_id = null,
           candidate_title = '', candidate_first_name = '', candidate_last_name = '', candidate_pseudonym = ''
         where id = $1`,
        [id, `ERASED-${crypto.randomBytes(12).toString('base64url')}`, blank!.id],
      );
    }
    count('assessment (kept anonymous, with its answers)', ids.length);
  } else {
    const [answers] = await tx.query<{ n: number }>('select count(*)::int as n from answer where assessment_id = any($1::int[])', [ids]);
    count('answer', answers!.n);
    await run('assessment', 'delete from assessment where id = any($1::int[])', [ids]);
  }

  await run('mail_sent', 'delete from mail_sent where group_member_id = any($1::int[])', [person.groupMemberIds]);
  await run('group_member', 'delete from group_member where id = any($1::int[])', [person.groupMemberIds]);
  await run('key_change', 'delete from key_change where assessor_id = any($1::int[])', [person.assessorIds]);
  await run('assessor', 'delete from assessor where id = any($1::int[])', [person.assessorIds]);

  const addresses = [...emails];
  await run('mail_outbox', 'delete from mail_outbox where lower(recipient) = any($1::text[])', [addresses]);
  await run('mail_sent', 'delete from mail_sent where recipient_hash = any($1::text[])', [addresses.map(recipientKey)]);
  return counts;
}
