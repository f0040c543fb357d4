import type { Migration } from '../migrations';

/** Versions 5 to 10: group codes and their participants, the mail outbox and its limits, image sizes. */
export const GROUP_AND_MAIL_MIGRATIONS: readonly Migration[] = [
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
];
