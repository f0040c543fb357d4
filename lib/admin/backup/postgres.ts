/**
 * On PostgreSQL (DATABASE_URL) backups are PostgreSQL's own: pg_dump takes a consistent copy while
 * the app runs, on any number of instances, and pg_restore puts it back. The commands are given here
 * once: `backup` and `restore` print them, docs/operations.md shows them, and
 * lib/admin/commands/backupPostgres.test.ts runs them.
 */

/** The file is created readable by its owner only (umask), as `backup` creates its own: it holds every participant's answers. */
export const PG_DUMP_COMMAND = '(umask 077 && pg_dump --format=custom --file=backup.dump --dbname="$DATABASE_URL")';

/** With the app stopped: drops what the backup holds and creates it anew, all or nothing. */
export const PG_RESTORE_COMMAND = 'pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$DATABASE_URL" backup.dump';

/** What `backup` and `restore` answer on PostgreSQL, where they do nothing themselves. */
export function postgresAdvice(command: 'backup' | 'restore'): string {
  return [
    `${command}: the database is PostgreSQL (DATABASE_URL), which is backed up with its own tools; nothing was done.`,
    'Back it up (while the app runs, too) with:',
    `  ${PG_DUMP_COMMAND}`,
    'and restore it, with every instance of the app stopped, with:',
    `  ${PG_RESTORE_COMMAND}`,
    'See docs/operations.md, "Backups".',
  ].join('\n');
}
