import type { Sql } from '../db/database';

/**
 * For the purge's tests (purge.test.ts, dailyPurge.test.ts, the admin command's): rows on both
 * sides of every retention rule at the default settings, seen from NOW, each named by a label that
 * whatIsLeft lists while the row is there. `…-OLD` rows are a minute past their period, `…-NEW`
 * rows a minute inside it.
 */
export const NOW = Date.UTC(2026, 5, 15, 12);
const DAY = 86_400_000;
const MINUTE = 60_000;

/** A minute longer ago than `days`: past the period. */
export const older = (days: number, now = NOW) => new Date(now - days * DAY - MINUTE);
/** A minute less long ago than `days`: inside the period. */
export const younger = (days: number, now = NOW) => new Date(now - days * DAY + MINUTE);

type AssessmentInit = { createdAt?: Date; finishedAt?: Date; validUntil?: Date; memberId?: number; assessorId?: number; email?: string };

export function rowsIn(db: Sql, now = NOW) {
  let groupCodeId: number | undefined;
  const longAgo = new Date(now - 400 * DAY);

  const assessor = async (email = '') => (await db.query<{ id: number }>("insert into assessor (first_name, email) values ('Ida', $1) returning id", [email]))[0]!.id;
  const groupCode = async () => {
    groupCodeId ??= (await db.query<{ id: number }>("insert into group_code (code, variant, product) values ('PURGE001', 'kodew', 4) returning id"))[0]!.id;
    return groupCodeId;
  };
  const assessment = async (ident: string, init: AssessmentInit = {}) => {
    const assessorId = init.assessorId ?? (await assessor(init.email));
    const [row] = await db.query<{ id: number }>(
      'insert into assessment (ident_code, product, assessor_id, created_at, finished_at, valid_until, group_member_id) values ($1, 1, $2, $3, $4, $5, $6) returning id',
      [ident, assessorId, init.createdAt ?? longAgo, init.finishedAt ?? null, init.validUntil ?? null, init.memberId ?? null],
    );
    return row!.id;
  };
  const answer = (assessmentId: number, savedAt: Date, answerId = 1) =>
    db.query('insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, $2, 1, $3)', [assessmentId, answerId, savedAt]);
  const draft = (assessmentId: number, savedAt: Date, answerId = 1) =>
    db.query('insert into answer_draft (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, $2, 1, $3)', [assessmentId, answerId, savedAt]);
  const pageSaved = (assessmentId: number, savedAt: Date) =>
    db.query('insert into page_revision (assessment_id, page_start, revision, saved_at) values ($1, 0, 1, $2)', [assessmentId, savedAt]);
  /** A group participant with one assessment (as a login creates them); their access code is the label. */
  const member = async (accessCode: string, init: { createdAt: Date; personalInfoSavedAt?: Date }) => {
    const assessorId = await assessor();
    const [row] = await db.query<{ id: number }>(
      'insert into group_member (group_code_id, assessor_id, access_code, field_values, created_at, personal_info_saved_at) values ($1, $2, $3, $4, $5, $6) returning id',
      [await groupCode(), assessorId, accessCode, JSON.stringify({ 1: `field of ${accessCode}` }), init.createdAt, init.personalInfoSavedAt ?? null],
    );
    const memberId = row!.id;
    const assessmentId = await assessment(`G-${memberId}-1`, { assessorId, memberId, createdAt: init.createdAt });
    return { memberId, assessorId, assessmentId };
  };
  return { assessor, groupCode, assessment, answer, draft, pageSaved, member };
}

/** One row on each side of every rule (PRIVACY_FINISHED_DAYS=90 for the finished ones). */
export async function seedEveryRule(db: Sql, now = NOW): Promise<void> {
  const rows = rowsIn(db, now);
  const at = (days: number) => new Date(now - days * DAY);

  // Never started: group participants with nothing answered, 30 days after their login.
  await rows.member('NEVER-OLD', { createdAt: older(30, now), personalInfoSavedAt: older(30, now) });
  await rows.member('NEVER-NEW', { createdAt: younger(30, now) });
  const drafted = await rows.member('NEVER-DRAFTED', { createdAt: older(30, now) });
  await rows.draft(drafted.assessmentId, younger(30, now));

  // Unfinished: 365 days after the last activity.
  await rows.answer(await rows.assessment('UNF-OLD', { email: 'unf-old@example.org' }), older(365, now));
  const active = await rows.assessment('UNF-NEW');
  await rows.answer(active, younger(365, now));
  await rows.assessment('UNF-VALID', { validUntil: at(-10) });
  await rows.pageSaved(await rows.assessment('UNF-DRAFTED'), at(100));
  const quiet = await rows.member('UNFM-OLD', { createdAt: at(400), personalInfoSavedAt: at(400) });
  await rows.answer(quiet.assessmentId, older(365, now));
  const typing = await rows.member('UNFM-NEW', { createdAt: at(400), personalInfoSavedAt: younger(365, now) });
  await rows.answer(typing.assessmentId, at(400));

  // Finished: 90 days after finishing, when PRIVACY_FINISHED_DAYS=90; an anonymous one stays as it is.
  await rows.answer(await rows.assessment('FIN-OLD', { finishedAt: older(90, now) }), at(100));
  await rows.answer(await rows.assessment('FIN-NEW', { finishedAt: younger(90, now) }), at(100));
  await rows.answer(await rows.assessment('ERASED-before', { finishedAt: at(1000) }), at(1000));
  const done = await rows.member('FINM-OLD', { createdAt: at(400), personalInfoSavedAt: at(400) });
  await db.query('update assessment set finished_at = $2 where id = $1', [done.assessmentId, older(90, now)]);
  await rows.answer(done.assessmentId, at(100));
  await rows.assessment(`G-${done.memberId}-2`, { assessorId: done.assessorId, memberId: done.memberId, createdAt: older(90, now) });
  const justDone = await rows.member('FINM-NEW', { createdAt: at(400), personalInfoSavedAt: at(400) });
  await db.query('update assessment set finished_at = $2 where id = $1', [justDone.assessmentId, younger(90, now)]);
  await rows.answer(justDone.assessmentId, at(100));

  // Drafts: 30 days untouched; the page's revision stays.
  await rows.draft(active, older(30, now), 11);
  await rows.draft(active, younger(30, now), 12);
  await rows.pageSaved(active, younger(30, now));

  // The outbox: 30 days.
  for (const [label, createdAt] of [['outbox-old@example.org', older(30, now)], ['outbox-new@example.org', younger(30, now)]] as const) {
    await db.query("insert into mail_outbox (created_at, kind, language, sender, recipient, subject, body) values ($1, 'accessCode', 'de-DE', 'x@example.org', $2, 'Code', 'Hallo')", [createdAt, label]);
  }

  // The guessing and counting tables: 2 days (key_check_turn: 2 days after it expired).
  const groupCode = await rows.groupCode();
  for (const [side, time] of [['old', older(2, now)], ['new', younger(2, now)]] as const) {
    await db.query('insert into access_code_failure (assessment_id, client_address, failed_at) values ($1, $2, $3)', [active, `acf-${side}`, time]);
    await db.query('insert into ident_code_lookup (client_address, looked_up_at, failed) values ($1, $2, true)', [`icl-${side}`, time]);
    await db.query('insert into group_code_failure (client_address, failed_at) values ($1, $2)', [`gcf-${side}`, time]);
    await db.query('insert into group_code_login (group_code_id, client_address, logged_in_at) values ($1, $2, $3)', [groupCode, `gcl-${side}`, time]);
    await db.query('insert into mail_sent (client_address, sent_at) values ($1, $2)', [`ms-${side}`, time]);
    await db.query("insert into key_check_turn (assessment_id, client_address, client_network, rank, expires_at) values ($1, $2, 'net', 0, $3)", [active, `kct-${side}`, time]);
    await db.query('insert into key_change (assessor_id, changed_at) values ($1, $2)', [side === 'old' ? 9001 : 9002, time]);
  }

  // Revoked tokens: once expired.
  await db.query("insert into revoked_token (jti, expires_at) values ('jti-expired', $1), ('jti-valid', $2)", [new Date(now - MINUTE), new Date(now + MINUTE)]);

  // Invoice data: 10 years after the end of their calendar year (in 2026 those of 2015 go, those of
  // 2016 stay), whatever the participant rules erase: the address is UNF-OLD's.
  await db.query("insert into portal (id, group_code_ident, product_text, price_cents) values (1, 'PTPURGE1', 'Analyse', 34567)");
  const year = new Date(now).getUTCFullYear() - 10;
  for (const [id, createdAt] of [['INV-OLD', new Date(Date.UTC(year - 1, 11, 31, 23, 59))], ['INV-NEW', new Date(Date.UTC(year, 0, 1, 0, 1))]] as const) {
    await db.query(
      `insert into portal_transaction (id, portal_id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email, product_text,
         price_cents, ui_language, data_privacy_accepted_at, client_address, created_at)
       values ($1, 1, true, 'Ida', 'Weg 1', 'Berlin', 'unf-old@example.org', 'Analyse', 34567, 'de-DE', $2, '192.0.2.1', $2)`,
      [id, createdAt],
    );
    await db.query("insert into payment (transaction_id, paypal_order_id, paypal_capture_id, amount_cents, currency, recorded_at) values ($1, $2, 'CAP', 34567, 'EUR', $3)", [id, `ORDER-${id}`, createdAt]);
    await db.query("insert into payment_report (transaction_id, paypal_order_id, outcome, reported_at) values ($1, $2, 'COMPLETED', $3)", [id, `ORDER-${id}`, createdAt]);
  }

  // Orders of the demo PayPal stand-in: a day.
  for (const [id, createdAt] of [['DEMO-OLD', older(1, now)], ['DEMO-NEW', younger(1, now)]] as const) {
    await db.query("insert into demo_paypal_order (id, status, currency, amount_value, client_address, created_at, updated_at) values ($1, 'CREATED', 'EUR', '1.00', '192.0.2.1', $2, $2)", [id, createdAt]);
  }
}

/** Empties every table but the migrations' and the questionnaires', for the next test's rows. */
export async function emptyTables(db: Sql): Promise<void> {
  const tables = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('schema_migration', 'questionnaire', 'questionnaire_image')`,
  );
  await db.query(`truncate ${tables.map((t) => `"${t.table_name}"`).join(', ')} restart identity cascade`);
}

/** The labels of what is there, sorted: an assessment by its ident code (an anonymous one as ERASED), a participant by their access code, … */
export async function whatIsLeft(db: Sql): Promise<string[]> {
  const rows = await db.query<{ label: string }>(
    `select 'assessment ' || case when a.group_member_id is not null
                                  then (select access_code from group_member m where m.id = a.group_member_id) || ' #' || split_part(ident_code, '-', 3)
                                  when ident_code like 'ERASED-%' and ident_code <> 'ERASED-before' then 'ERASED' else ident_code end
            || ' answers ' || (select count(*) from answer x where x.assessment_id = a.id) as label from assessment a
     union all select 'participant ' || access_code from group_member
     union all select 'draft ' || answer_id from answer_draft
     union all select 'page revision of ' || (select ident_code from assessment a where a.id = p.assessment_id) from page_revision p
     union all select 'mail ' || recipient from mail_outbox
     union all select 'access_code_failure ' || client_address from access_code_failure
     union all select 'ident_code_lookup ' || client_address from ident_code_lookup
     union all select 'group_code_failure ' || client_address from group_code_failure
     union all select 'group_code_login ' || client_address from group_code_login
     union all select 'mail_sent ' || client_address from mail_sent
     union all select 'key_check_turn ' || client_address from key_check_turn
     union all select 'key_change ' || assessor_id from key_change
     union all select 'revoked_token ' || jti from revoked_token
     union all select 'portal_transaction ' || id from portal_transaction
     union all select 'payment of ' || transaction_id from payment
     union all select 'payment_report of ' || transaction_id from payment_report
     union all select 'demo_paypal_order ' || id from demo_paypal_order`,
  );
  return rows.map((r) => r.label).sort();
}

/** Every table's rows, for a dry run that must change nothing. */
export async function rowCounts(db: Sql): Promise<Record<string, number>> {
  const tables = await db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) counts[table] = (await db.query<{ n: number }>(`select count(*)::int as n from "${table}"`))[0]!.n;
  return counts;
}
