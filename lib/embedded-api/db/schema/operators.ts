import type { Migration } from '../migrations';

export const OPERATOR_MIGRATIONS: readonly Migration[] = [
  {
    version: 19,
    name: 'operator console: operators, their setup links, passkeys, sessions, sign-in failures, and the audit of their changes',
    sql: `
      -- who may use the console (lib/admin/operators): created on the command line, with one of the roles of lib/admin/console/roles.ts
      create table operator (
        id bigserial primary key,
        email text not null unique,
        role text not null check (role in ('owner', 'viewer')),
        password_hash text,
        created_at timestamptz not null default now(),
        disabled_at timestamptz
      );
      -- one-time links that let an operator set a password: only the token's SHA-256 is kept
      create table operator_setup (
        token_hash text primary key,
        operator_id bigint not null references operator (id) on delete cascade,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      -- an operator's passkeys (WebAuthn): the public key and signature counter, never a secret
      create table operator_passkey (
        credential_id text primary key,
        operator_id bigint not null references operator (id) on delete cascade,
        public_key bytea not null,
        counter bigint not null default 0,
        transports text not null default '',
        created_at timestamptz not null default now()
      );
      -- the challenges of passkey ceremonies under way, each usable once, for a few minutes
      create table operator_challenge (
        challenge text primary key,
        operator_id bigint references operator (id) on delete cascade,
        purpose text not null,
        expires_at timestamptz not null
      );
      -- console sessions: only the cookie's SHA-256 is kept, so that a copy of the database signs nobody in
      create table operator_session (
        id_hash text primary key,
        operator_id bigint not null references operator (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        seen_at timestamptz not null default now(),
        ended_at timestamptz
      );
      create index operator_session_operator on operator_session (operator_id);
      -- wrong passwords, per account and per client address, for the sign-in limits
      create table operator_signin_failure (
        id bigserial primary key,
        email text not null,
        client text not null,
        at timestamptz not null default now()
      );
      create index operator_signin_failure_email on operator_signin_failure (email, at);
      create index operator_signin_failure_client on operator_signin_failure (client, at);
      -- every change an operator made: who, what, when, and on what (never a secret)
      create table operator_audit (
        id bigserial primary key,
        at timestamptz not null default now(),
        operator text not null,
        action text not null,
        subject text not null default '',
        details jsonb not null default '{}'
      );
      create index operator_audit_time on operator_audit (at)
    `,
  },
];
