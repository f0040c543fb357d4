import type { Migration } from '../migrations';

/** Versions 14 on: access-code pacing, the ends of tokens, mail counts per recipient, drafts. */
export const TOKEN_AND_DRAFT_MIGRATIONS: readonly Migration[] = [
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
