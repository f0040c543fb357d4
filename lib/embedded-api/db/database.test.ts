import type { Database } from './database';
import { openTestDatabase } from './testDatabase';

/**
 * What a database server does and an in-process PGlite never does: end connections. The PostgreSQL
 * pass (TEST_DATABASE_URL) is where this proves something; on PGlite there is nothing to end.
 */
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => db?.close());

const others = 'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()';

it('keeps serving when the server ends its idle connections (a restart, an administrator), and says so in the log', async () => {
  const logged: string[] = [];
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => logged.push(String(chunk)) > 0);
  // Several connections in the pool, then all but the one in hand ended by the server.
  await Promise.all(Array.from({ length: 5 }, () => db.query('select pg_sleep(0.05)')));
  await db.transaction(async (tx) => {
    await tx.query(`select pg_terminate_backend(pid) from (${others}) as o`);
    // Until they are gone, so that their goodbyes have reached the pool before the test goes on.
    // (A transaction sees one snapshot of the statistics unless told to take a new one.)
    const remaining = async () => (await tx.query('select pg_stat_clear_snapshot()'), await tx.query(others)).length;
    for (let i = 0; i < 100 && (await remaining()) > 0; i++) await tx.query('select pg_sleep(0.02)');
    expect(await remaining()).toBe(0);
  });
  const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => db.query<{ n: number }>('select $1::int as n', [i])));
  expect(answers.map(([row]) => row!.n)).toEqual([0, 1, 2, 3, 4]);
  stderr.mockRestore();
  if (db.kind === 'postgres') expect(logged.join('')).toContain('"event":"database connection lost","code":"57P01"');
});
