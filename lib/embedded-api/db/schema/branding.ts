import type { Migration } from '../migrations';

export const BRANDING_MIGRATIONS: readonly Migration[] = [
  {
    version: 20,
    name: 'branding: the operator’s logo and theme, shown to every participant',
    sql: `
      -- one row at most (lib/embedded-api/branding.ts): without it, the bundled logo and the default theme
      create table branding (
        id boolean primary key default true check (id),
        theme text not null default 'default',
        logo_base64 text,
        logo_type text check (logo_type in ('png', 'jpeg')),
        logo_width int,
        logo_height int,
        updated_at timestamptz not null default now(),
        check ((logo_base64 is null) = (logo_type is null))
      )
    `,
  },
];
