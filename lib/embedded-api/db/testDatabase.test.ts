import { Client } from 'pg';
import { createTestStore, openTestDatabase } from './testDatabase';

/**
 * The integration tests' databases: on the pass with TEST_DATABASE_URL they must really be that
 * PostgreSQL server's (a quiet fallback to PGlite would make the pass prove nothing), each test file
 * gets an empty database of its own, and nothing is left behind.
 */
// eslint-disable-next-line no-restricted-properties -- the pass's own setting, read to check it was obeyed
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

async function databasesOnServer(): Promise<string[]> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

it(`runs on ${serverUrl ? 'the PostgreSQL server of TEST_DATABASE_URL' : 'PGlite'}`, async () => {
  const db = await openTestDatabase();
  try {
    expect(db.kind).toBe(serverUrl ? 'postgres' : 'pglite');
    // PGlite has no server port; a real server answers with the one the URL names.
    const [row] = await db.query<{ port: number | null }>('select inet_server_port() as port');
    expect(row!.port).toBe(serverUrl ? Number(new URL(serverUrl).port || 5432) : null);
  } finally {
    await db.close();
  }
});

it('gives every opener an empty database of its own', async () => {
  const [one, two] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  try {
    const tables = "select count(*)::int as n from information_schema.tables where table_schema = 'public'";
    expect(await one.query(tables)).toEqual([{ n: 0 }]);
    await one.query('create table mine (id int)');
    await one.query('insert into mine values (1)');
    expect(await two.query(tables)).toEqual([{ n: 0 }]);
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
});

it('removes the database on close', async () => {
  const db = await openTestDatabase();
  const [{ name }] = (await db.query<{ name: string }>('select current_database() as name')) as [{ name: string }];
  await db.close();
  await expect(db.query('select 1')).rejects.toThrow();
  if (serverUrl) expect(await databasesOnServer()).not.toContain(name);
});

it('a store keeps its rows across a restart until it is removed', async () => {
  const store = await createTestStore();
  const first = await store.open();
  await first.query('create table kept (id int)');
  await first.query('insert into kept values (42)');
  await first.close();
  const second = await store.open();
  expect(await second.query('select id from kept')).toEqual([{ id: 42 }]);
  const [{ name }] = (await second.query<{ name: string }>('select current_database() as name')) as [{ name: string }];
  await second.close();
  await store.remove();
  if (serverUrl) expect(await databasesOnServer()).not.toContain(name);
}, 60_000);
