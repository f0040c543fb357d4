import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyCluster } from '@/lib/sql/emptyCluster';
import { openDatabase, type Database } from './database';

/**
 * Databases for the integration tests: PGlite unless TEST_DATABASE_URL names a PostgreSQL server.
 * On that server every store is a database of its own, created empty and dropped at the end, so
 * that test files running side by side in jest workers never meet, and each starts as empty as an
 * in-memory PGlite. TEST_DATABASE_URL's role must be allowed to create databases.
 */
// eslint-disable-next-line no-restricted-properties -- a test-only setting, never read by the app
const serverUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** The database kind the tests were asked to run on. */
export const expectedTestDatabaseKind = (): Database['kind'] => (serverUrl() ? 'postgres' : 'pglite');

/** A store that can be opened, closed and opened again (a restart), then removed for good. */
export type TestStore = {
  open(): Promise<Database>;
  remove(): Promise<void>;
  /** On the server: the database's URL, for what connects by itself (the admin command line's DATABASE_URL). */
  databaseUrl?: string;
};

/** A store that outlives its connections: a PGlite folder, or a fresh database on the server. */
export async function createTestStore(): Promise<TestStore> {
  const url = serverUrl();
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-store-'));
    return {
      open: async () => checked(await openDatabase({ dataDir, emptyCluster: await emptyCluster() })),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `test_${process.pid}_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    open: async () => checked(await openDatabase({ databaseUrl: databaseUrl.href, dataDir: os.tmpdir() })),
    remove: () => dropDatabase(url, name),
    databaseUrl: databaseUrl.href,
  };
}

/** An empty database for one test file; close() also removes it. */
export function openTestDatabase(): Promise<Database> {
  return openTestDatabaseWith(async (place) => openDatabase('memory' in place ? { memory: true, emptyCluster: await emptyCluster() } : place));
}

/** Where a test's database is opened: the app's own (openTestDatabase), or a module's of its own (the demo PayPal provider's). */
export type TestDatabasePlace = { memory: true } | { databaseUrl: string; dataDir: string };

/**
 * A database for one test file, opened by `open` where the tests run: PGlite in
 * memory, or a fresh database on TEST_DATABASE_URL's server, as on an operator's PostgreSQL;
 * close() also removes it.
 */
export async function openTestDatabaseWith(open: (place: TestDatabasePlace) => Promise<Database>): Promise<Database> {
  if (!serverUrl()) return checked(await open({ memory: true }));
  const store = await createTestStore();
  const db = checked(await open({ databaseUrl: store.databaseUrl!, dataDir: os.tmpdir() }));
  return {
    kind: db.kind,
    get closed() {
      return db.closed;
    },
    query: (text, params) => db.query(text, params),
    transaction: (fn) => db.transaction(fn),
    close: async () => {
      await db.close();
      await store.remove();
    },
  };
}

/** A pass that asked for PostgreSQL and quietly got PGlite would prove nothing: refuse it. */
function checked(db: Database): Database {
  const expected = expectedTestDatabaseKind();
  if (db.kind !== expected) throw new Error(`the tests asked for ${expected} but opened ${db.kind}`);
  return db;
}

/**
 * A pool resolves its end() before its connections have said goodbye, and a forced drop would
 * answer those with an error: wait for them first. Force only for what a failed test left open.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return await onServer(url, `drop database if exists ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await onServer(url, `drop database if exists ${name} with (force)`);
}

async function onServer(url: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
