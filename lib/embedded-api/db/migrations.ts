import type { Database } from './database';

/**
 * Versioned schema changes, applied in order at start, each in its own transaction.
 * Never edit one that has shipped: add the next version.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'assessors, assessments, revoked tokens',
    sql: `
      create table assessor (
        id serial primary key,
        first_name text not null default '',
        last_name text not null default '',
        email text not null default '',
        is_registered boolean not null default false,
        must_register boolean not null default false,
        key_hash text
      );
      create table assessment (
        id serial primary key,
        ident_code text not null unique,
        product int not null,
        assessor_id int not null references assessor(id),
        ui_language text not null default 'de-DE',
        questionnaire_language text not null default 'de-DE',
        stylesheet text not null default 'default',
        candidate_title text not null default '',
        candidate_first_name text not null default '',
        candidate_last_name text not null default '',
        candidate_pseudonym text not null default '',
        is_self_assessment boolean not null default false,
        first_login_done boolean not null default false,
        valid_until timestamptz,
        finished_at timestamptz
      );
      create table revoked_token (
        jti text primary key,
        expires_at timestamptz not null
      );
      create index revoked_token_expires on revoked_token (expires_at);
    `,
  },
  {
    version: 2,
    name: 'questionnaires, answers, access-code attempts',
    sql: `
      alter table assessment add column questionnaire_key text not null default 'competency-24';
      create table answer (
        assessment_id int not null references assessment(id) on delete cascade,
        question_id int not null,
        answer_id int not null,
        value int not null,
        saved_at timestamptz not null default now(),
        primary key (assessment_id, answer_id)
      );
      create table access_code_failure (
        id bigserial primary key,
        assessment_id int references assessment(id) on delete cascade,
        client_address text not null,
        failed_at timestamptz not null default now()
      );
      create index access_code_failure_assessment on access_code_failure (assessment_id, failed_at);
      create index access_code_failure_client on access_code_failure (client_address, failed_at);
    `,
  },
  {
    version: 3,
    name: 'ident-code lookups, why a token was revoked',
    sql: `
      alter table revoked_token add column reason text not null default 'signout';
      create table ident_code_lookup (
        id bigserial primary key,
        client_address text,
        looked_up_at timestamptz not null default now(),
        failed boolean not null
      );
      create index ident_code_lookup_failures on ident_code_lookup (client_address, looked_up_at) where failed;
      create index ident_code_lookup_time on ident_code_lookup (looked_up_at);
      create index access_code_failure_time on access_code_failure (failed_at);
      create index assessment_ident_code_upper on assessment (upper(ident_code));
    `,
  },
  {
    version: 4,
    name: 'questionnaires as imported data, their images, the version an assessment answers',
    sql: `
      create table questionnaire (
        key text not null,
        version int not null,
        checksum text not null,
        definition jsonb not null,
        imported_at timestamptz not null default now(),
        primary key (key, version)
      );
      create table questionnaire_image (
        questionnaire_key text not null,
        questionnaire_version int not null,
        image_key text not null,
        media_type text not null,
        data bytea not null,
        primary key (questionnaire_key, questionnaire_version, image_key),
        foreign key (questionnaire_key, questionnaire_version) references questionnaire (key, version) on delete cascade
      );
      alter table assessment add column questionnaire_version int;
      alter table assessment add column created_at timestamptz not null default now();
      create index assessment_questionnaire on assessment (questionnaire_key, questionnaire_version);
    `,
  },
  {
    version: 5,
    name: 'group codes, their participants, group-code guessing',
    sql: `
      create table group_code (
        id serial primary key,
        code text not null,
        variant text not null check (variant in ('ra', 'kodew', 'kodegroupcode')),
        product int not null,
        ui_language text not null default 'de-DE',
        stylesheet text not null default 'default',
        valid_until timestamptz,
        closed_at timestamptz,
        fields jsonb not null default '[]',
        questionnaires jsonb not null default '[]',
        created_at timestamptz not null default now()
      );
      create unique index group_code_code on group_code (upper(code));
      create table group_member (
        id serial primary key,
        group_code_id int not null references group_code(id) on delete cascade,
        assessor_id int not null references assessor(id) on delete cascade,
        access_code text not null,
        field_values jsonb not null default '{}',
        current_assessment_id int,
        personal_info_saved_at timestamptz,
        created_at timestamptz not null default now()
      );
      create unique index group_member_access_code on group_member (upper(access_code));
      create index group_member_group_code on group_member (group_code_id);
      alter table assessment add column group_member_id int references group_member(id) on delete cascade;
      alter table assessment add column assessment_type int;
      create index assessment_group_member on assessment (group_member_id);
      create table group_code_failure (
        id bigserial primary key,
        client_address text not null,
        failed_at timestamptz not null default now()
      );
      create index group_code_failure_client on group_code_failure (client_address, failed_at);
      create index group_code_failure_time on group_code_failure (failed_at);
    `,
  },
  {
    version: 6,
    name: 'group-code logins per address (participant flooding)',
    sql: `
      create table group_code_login (
        id bigserial primary key,
        group_code_id int not null references group_code(id) on delete cascade,
        client_address text not null,
        logged_in_at timestamptz not null
      );
      create index group_code_login_subject on group_code_login (group_code_id, client_address, logged_in_at);
      create index group_code_login_time on group_code_login (logged_in_at);
    `,
  },
  {
    version: 7,
    name: 'group codes whose personal-info page asks finish or cancel before saving',
    sql: `
      alter table group_code add column personal_info_finish_modal boolean not null default false;
    `,
  },
  {
    version: 8,
    name: 'mail outbox, mails counted for the anti-spam limits',
    sql: `
      create table mail_outbox (
        id bigserial primary key,
        created_at timestamptz not null default now(),
        kind text not null,
        language text not null,
        sender text not null,
        recipient text not null,
        subject text not null,
        body text not null
      );
      create table mail_sent (
        id bigserial primary key,
        group_member_id int references group_member(id) on delete cascade,
        client_address text not null,
        sent_at timestamptz not null
      );
      create index mail_sent_member on mail_sent (group_member_id, sent_at);
      create index mail_sent_client on mail_sent (client_address, sent_at);
      create index mail_sent_time on mail_sent (sent_at);
    `,
  },
  {
    version: 10,
    name: 'questionnaire images: width, height and hash, so that pages know an image before it arrives',
    sql: `
      alter table questionnaire_image add column width int;
      alter table questionnaire_image add column height int;
      alter table questionnaire_image add column sha256 text;
    `,
  },
  {
    version: 11,
    name: 'the portal: portals, transactions (invoice forms sent), payments recorded once, and reports PayPal did not confirm',
    sql: `
      create table portal (
        id int primary key,
        group_code_ident text not null,
        product_text text not null,
        -- null: the portal has no price and shows no payment button
        price_cents bigint,
        created_at timestamptz not null default now()
      );
      create table portal_transaction (
        id text primary key,
        portal_id int not null references portal(id),
        invoice_is_private boolean not null,
        invoice_name text not null,
        invoice_street text not null,
        invoice_city text not null,
        invoice_email text not null,
        -- the portal's product and price when the form was sent: what the buyer agreed to pay
        product_text text not null,
        price_cents bigint not null,
        ui_language text not null,
        data_privacy_accepted_at timestamptz not null,
        client_address text not null,
        created_at timestamptz not null
      );
      create index portal_transaction_client on portal_transaction (client_address, created_at);
      create table payment (
        id serial primary key,
        transaction_id text not null references portal_transaction(id),
        -- one payment per PayPal order, whatever is reported twice or at once
        paypal_order_id text not null unique,
        paypal_capture_id text not null,
        amount_cents bigint not null,
        currency text not null,
        recorded_at timestamptz not null,
        -- smtp, outbox or failed: whether the buyer's confirmation went out
        confirmation_mail text
      );
      create index payment_transaction on payment (transaction_id);
      create table payment_report (
        id serial primary key,
        transaction_id text not null,
        paypal_order_id text not null,
        outcome text not null,
        reported_at timestamptz not null
      );
      create index payment_report_transaction on payment_report (transaction_id);
    `,
  },
  {
    version: 12,
    name: 'the demo payment provider: its orders (PAYPAL_MODE=demo), kept a day',
    sql: `
      create table demo_paypal_order (
        id text primary key,
        -- CREATED, APPROVED, COMPLETED, as PayPal's order status
        status text not null,
        currency text not null,
        -- PayPal's amount string, 345.67
        amount_value text not null,
        description text,
        custom_id text,
        invoice_id text,
        payer_id text,
        capture_id text,
        -- the PayPal-Request-Id of the capture that completed it: the same request is answered alike
        capture_request_id text,
        client_address text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index demo_paypal_order_client on demo_paypal_order (client_address, created_at);
      create index demo_paypal_order_created on demo_paypal_order (created_at);
    `,
  },
  {
    version: 13,
    name: 'the buyer’s confirmation mail tried again until it goes out: attempts made, when the next is due',
    sql: `
      -- attempts claimed so far, the send after the answer included (portal/confirmationRetries.ts)
      alter table payment add column confirmation_attempts int not null default 0;
      -- when the next attempt is due, or when a claimed one that a stop cut off is due again,
      -- null when no attempt is left (the mail went out, or failed for good)
      alter table payment add column confirmation_next_at timestamptz;
      create index payment_confirmation_due on payment (confirmation_next_at) where confirmation_next_at is not null;
      update payment set confirmation_attempts = 1;
      -- Confirmations of the last day that failed or were cut off are tried again at once, older
      -- ones, which nothing sent, count as failed for good.
      update payment set confirmation_next_at = now()
        where (confirmation_mail is null or confirmation_mail = 'failed') and recorded_at > now() - interval '1 day';
      update payment set confirmation_mail = 'failed' where confirmation_mail is null and confirmation_next_at is null;
    `,
  },
  {
    version: 14,
    name: 'access-code checks paced per assessment; waiting turns ranked by the attempts of their address and network',
    sql: `
      -- key checks one assessment may still run back to back (a bucket refilled at one check per
      -- ACCESS_CODE_CHECK_INTERVAL_SECONDS), counted across all addresses (keyCheckTurns.ts)
      create table key_check_pace (
        assessment_id int primary key references assessment(id) on delete cascade,
        tokens float8 not null,
        updated_at timestamptz not null
      );
      -- attempts waiting for a check, served by rank (the attempts of the address and its network
      -- on the assessment before it), then the newest first
      create table key_check_turn (
        id bigserial primary key,
        assessment_id int not null references assessment(id) on delete cascade,
        client_address text not null,
        client_network text not null,
        rank int not null,
        expires_at timestamptz not null
      );
      create index key_check_turn_queue on key_check_turn (assessment_id, rank, id);
      create index key_check_turn_client on key_check_turn (client_address, assessment_id);
      create index access_code_failure_pair on access_code_failure (assessment_id, client_address, failed_at);
      -- false: an attempt that got no check (its turn did not come), kept only for its rank
      alter table access_code_failure add column checked boolean not null default true;
      -- the address's /24 (IPv4) or /48 (IPv6), whose attempts rank its addresses too
      alter table access_code_failure add column client_network text;
      create index access_code_failure_network on access_code_failure (assessment_id, client_network, failed_at);
      create index key_check_turn_network on key_check_turn (assessment_id, client_network);
    `,
  },
  {
    version: 15,
    name: 'tokens end with sign-out, key change and finish; one finish retry within a minute; key changes counted',
    sql: `
      -- tokens of this participant issued before it are refused (participantTokens.ts): set by
      -- sign-out, a key change and finishing (null while none of them happened)
      alter table assessor add column tokens_valid_after timestamptz;
      -- when the token was revoked, and when the token that finished retried (once, within a minute)
      alter table revoked_token add column revoked_at timestamptz not null default now();
      alter table revoked_token add column retried_at timestamptz;
      -- one row per personal key set, for the per-participant limit (keyChangeLimit.ts)
      create table key_change (
        id bigserial primary key,
        assessor_id int not null,
        changed_at timestamptz not null
      );
      create index key_change_assessor on key_change (assessor_id, changed_at);
    `,
  },
  {
    version: 16,
    name: 'mails counted per recipient too (a hash of the address, kept for the hour it counts)',
    sql: `
      alter table mail_sent add column recipient_hash text;
      create index mail_sent_recipient on mail_sent (recipient_hash, sent_at);
    `,
  },
  {
    version: 17,
    name: 'drafts of a page not yet sent, and each page’s revision with the id of its last save',
    sql: `
      -- what a participant chose on a page before sending it (handlers/questionnaire.ts): shown again
      -- when the page loads, never counted as answers. A value equal to the unset value is a choice
      -- cleared. Deleted when the page is saved, when the assessment is finished, and with it
      create table answer_draft (
        assessment_id int not null references assessment(id) on delete cascade,
        question_id int not null,
        answer_id int not null,
        value int not null,
        saved_at timestamptz not null default now(),
        primary key (assessment_id, answer_id)
      );
      -- every save and draft of a page raises its revision, and a save naming an older one writes
      -- nothing. last_save_id is the id the last write was sent with, so that its retry writes nothing again
      create table page_revision (
        assessment_id int not null references assessment(id) on delete cascade,
        page_start int not null,
        revision int not null,
        last_save_id text,
        saved_at timestamptz not null default now(),
        primary key (assessment_id, page_start)
      );
    `,
  },
];

/**
 * An advisory lock keeps two instances starting together from racing on the same version. Tests of
 * a migration pass the ones before it, to make a database as an older app left it.
 */
export async function migrate(db: Database, migrations: typeof MIGRATIONS = MIGRATIONS): Promise<number[]> {
  const applied: number[] = [];
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727274)');
    await tx.query(`create table if not exists schema_migration (
      version int primary key, name text not null, applied_at timestamptz not null default now())`);
    const done = new Set((await tx.query<{ version: number }>('select version from schema_migration')).map((r) => r.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migration (version, name) values ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
  });
  return applied;
}

/** Prepared statements take one command each; our migrations have no semicolons inside strings. */
function splitStatements(sql: string): string[] {
  return sql
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}
