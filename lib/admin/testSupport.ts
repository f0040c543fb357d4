import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestStore } from '@/lib/embedded-api/db/testDatabase';
import type { Io } from './command';
import { withAdminDatabase, type AdminDatabase } from './database';

/** An Io that records what an operator would see, with the given environment. */
export function recorder(env: Record<string, string | undefined>): Io & { stdout: string[]; stderr: string[]; text: () => string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), env, text: () => stdout.join('') };
}

/** A fresh data folder for PGlite on disk, as an operator's DATA_DIR. */
export function tempDataDir(prefix = 'admin-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The command line's environment: PGlite in dataDir, or, on the PostgreSQL pass, the store's own database. */
export function envFor(dataDir: string, store?: TestStore): Record<string, string> {
  return { DATA_DIR: dataDir, PUBLIC_URL: 'https://assess.example', ...(store?.databaseUrl && { DATABASE_URL: store.databaseUrl }) };
}

/** Direct access for arranging and checking rows, through the same door as the commands. */
export function withDb<T>(env: Record<string, string | undefined>, work: (opened: AdminDatabase) => Promise<T>): Promise<T> {
  return withAdminDatabase(env, work);
}

/** A questionnaire row as the import leaves it (the import itself is another command's). */
export async function insertQuestionnaire(opened: AdminDatabase, key: string, version: number, product = 1): Promise<void> {
  await opened.db.query(`insert into questionnaire (key, version, checksum, definition) values ($1, $2, $3, $4)`, [
    key, version, `sum-${key}-${version}`, JSON.stringify({ key, product }),
  ]);
}

/** Parses the CSV these commands write: header and rows as objects (lib/admin/csvRead.ts). */
export { csvObjects as parseCsv } from './csvRead';
