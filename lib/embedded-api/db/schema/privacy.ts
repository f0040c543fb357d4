import type { Migration } from '../migrations';

export const PRIVACY_MIGRATIONS: readonly Migration[] = [
  {
    version: 18,
    name: 'privacy: the audit of erasures, exports and purges; which privacy text a participant agreed to, and when',
    sql: `
      -- one row per erasure, export or purge (lib/embedded-api/privacy/audit.ts): what was done and to
      -- how many records, when and by whom, but never the data itself, nor a code or name that names a person
      create table privacy_audit (
        id bigserial primary key,
        action text not null,
        subject text not null,
        records int not null,
        details jsonb not null default '{}',
        done_at timestamptz not null,
        done_by text not null
      );
      create index privacy_audit_time on privacy_audit (done_at);
      -- the version of the privacy text the participant agreed to on /register or the personal-info
      -- page, and when (null: no agreement recorded, as for rows from before this version)
      alter table assessor add column privacy_consent_version text;
      alter table assessor add column privacy_consent_at timestamptz;
    `,
  },
];
