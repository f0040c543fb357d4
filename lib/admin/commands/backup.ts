import fs from 'node:fs';
import path from 'node:path';
import { postgresAdvice } from '../backup/postgres';
import { restoreBackup } from '../backup/restore';
import { backUpRunning, backUpStopped } from '../backup/write';
import { EXIT, UsageError, type Command } from '../command';
import { adminDatabasePlace, withAdminDatabase } from '../database';
import { outputFile } from '../output';
import { operatorPath } from '../paths';
import { parseOptions, required } from '../options';
import { describeHolder } from '@/lib/embedded-api/db/folderLock';
import { commandLineOperator } from './operator';

const BACKUP_HELP = `Usage: npm run admin -- backup --output <file> [--force]

Writes a backup of the PGlite database (DATA_DIR/pgdata) to <file>: its data folder as one
gzip-compressed tar archive, taken between two transactions, so that it holds every save committed
before it and none in part. It works while the app runs (the app takes the copy, its requests
waiting that moment, and this command line writes the file) and while it is stopped. The database
is taken as it is: not brought to a newer schema first, nothing changed.

The file holds every participant's answers and personal data. It is created readable by its owner
only; keep it so, and delete it when its time is over (docs/operations.md, "Backups").

On PostgreSQL (DATABASE_URL) this command does nothing and prints the pg_dump command to use.

Options:
  --output <file>  the backup file (required); it appears once complete
  --force          replace <file> when it exists (without it, an existing file is refused)

Exit code 0 when written, 1 when there is no database to back up or writing failed, 2 for wrong
arguments, an existing file, or PostgreSQL.

Example:
  npm run admin -- backup --output /srv/backups/assessment-$(date +%F).tar.gz`;

const RESTORE_HELP = `Usage: npm run admin -- restore <file>

Replaces the PGlite database (DATA_DIR/pgdata) with a backup written by 'backup'. Stop the app
first: it holds the database while it runs, and the command then refuses (exit 3).

The backup is checked before anything is changed: a gzip-compressed PGlite data folder holding this
app's database, at a schema this version knows (an older one is brought up to date). It is opened
beside the database it replaces, and only then are the folders swapped. The database replaced is
kept beside it as pgdata.before-restore-<time>: move it back to undo the restore, or delete it once
the restored one is right (it holds personal data). The restore is recorded in the restored
database's operator audit.

Erasures made after the backup was taken are undone by it: repeat them (docs/privacy.md). The
retention periods apply again at the app's next daily purge.

On PostgreSQL (DATABASE_URL) this command does nothing and prints the pg_restore command to use.

Exit code 0 when restored, 1 when the file is no backup this version can restore (nothing
changed), 2 for wrong arguments, a missing file, or PostgreSQL, 3 while the app runs.

Example:
  npm run admin -- restore /srv/backups/assessment-2026-03-31.tar.gz`;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export const backupCommand: Command = {
  name: 'backup',
  summary: 'write a backup of the PGlite database to a file (while the app runs, too)',
  help: BACKUP_HELP,
  run: async (args, io) => {
    const { values } = parseOptions(args, { output: { type: 'string' }, force: { type: 'boolean', default: false } });
    const output = required(values.output, '--output');
    const place = adminDatabasePlace(io.env);
    if (place.kind === 'postgres') {
      io.err(postgresAdvice('backup'));
      return EXIT.usage;
    }
    // A folder without a database: an empty archive would restore as nothing at all.
    if (!place.inApp && !fs.existsSync(path.join(place.dataDir, 'pgdata', 'PG_VERSION'))) {
      io.err(`backup: there is no database in ${place.dataDir} (DATA_DIR) to back up; nothing was written.`);
      return EXIT.failure;
    }
    const sink = await outputFile(io, output, { replace: values.force });
    try {
      const written = place.inApp
        ? await withAdminDatabase(io.env, ({ db }) => backUpRunning(db, place.dataDir, sink))
        : await backUpStopped(place.dataDir, sink, (holder) => io.err(`Waiting for ${describeHolder(holder)} to finish with ${place.dataDir} …`));
      await sink.commit();
      io.err(`Backed up the database in ${place.dataDir} (${megabytes(written.archiveBytes)}) to ${sink.describe} (${megabytes(written.fileBytes)} compressed).`);
      io.err('It holds personal data: keep it where only those may read it who may read the answers.');
      return EXIT.ok;
    } catch (error) {
      await sink.abort();
      throw error;
    }
  },
};

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'replace the PGlite database with a backup (the app stopped)',
  help: RESTORE_HELP,
  run: async (args, io) => {
    const { positionals } = parseOptions(args, {}, { positionals: true });
    if (positionals.length !== 1) throw new UsageError('name exactly one backup file');
    const place = adminDatabasePlace(io.env);
    if (place.kind === 'postgres') {
      io.err(postgresAdvice('restore'));
      return EXIT.usage;
    }
    if (place.inApp) {
      io.err(`restore: the app is running on ${place.dataDir} (pid ${process.pid}); a restore replaces the database it holds. ` +
        'Stop the app, run restore again, then start the app. Nothing was changed.');
      return EXIT.busy;
    }
    const file = path.resolve(operatorPath(io, positionals[0]!));
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new UsageError(`'${positionals[0]}' does not exist or is no file`);
    const restored = await restoreBackup(place.dataDir, file, {
      operator: commandLineOperator(io),
      onWait: (holder) => io.err(`Waiting for ${describeHolder(holder)} to finish with ${place.dataDir} …`),
    });
    io.err(`Restored ${file} into ${place.dataDir}: ${restored.assessments} assessments, ${restored.answers} answers.`);
    if (restored.migrated.length > 0) io.err(`The backup was of an older version: schema versions ${restored.migrated.join(', ')} were applied.`);
    if (restored.keptAs) io.err(`The database it replaced is kept in ${restored.keptAs}: delete it once the restored one is right (it holds personal data).`);
    io.err('Erasures made after the backup was taken are undone: repeat them (docs/privacy.md). Start the app.');
    return EXIT.ok;
  },
};

export const backupCommands: Command[] = [backupCommand, restoreCommand];
