import type { Database } from './database';
import { ASSESSMENT_MIGRATIONS } from './schema/assessments';
import { BRANDING_MIGRATIONS } from './schema/branding';
import { GROUP_AND_MAIL_MIGRATIONS } from './schema/groupsAndMail';
import { OPERATOR_MIGRATIONS } from './schema/operators';
import { PORTAL_MIGRATIONS } from './schema/portal';
import { PRIVACY_MIGRATIONS } from './schema/privacy';
import { TOKEN_AND_DRAFT_MIGRATIONS } from './schema/tokensAndDrafts';

export type Migration = { version: number; name: string; sql: string };

/**
 * Versioned schema changes, applied in order at start, each in its own transaction.
 * Never edit one that has shipped: add the next version (in ./schema/, by area).
 */
export const MIGRATIONS: ReadonlyArray<Migration> = [...ASSESSMENT_MIGRATIONS, ...GROUP_AND_MAIL_MIGRATIONS, ...PORTAL_MIGRATIONS, ...TOKEN_AND_DRAFT_MIGRATIONS, ...PRIVACY_MIGRATIONS, ...OPERATOR_MIGRATIONS, ...BRANDING_MIGRATIONS];

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
