import type { Migration } from '../migrations';

/** Versions 1 to 4: assessors and their assessments, tokens, questionnaires and answers. */
export const ASSESSMENT_MIGRATIONS: readonly Migration[] = [
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
];
