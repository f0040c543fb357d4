import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { traceInMemory } from '@/lib/tracing/testTracing';
import { startMetrics, stopMetrics } from '@/lib/metrics/start.mjs';
import { measuredDatabase, operationLabel } from './measured';
import { openPglite } from './pglite';
import type { Database } from './types';

/** Each operation's count of the statement histogram, as {"SELECT": 2}. */
async function counts(): Promise<Record<string, number>> {
  const metrics = startMetrics();
  const histogram = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'db_query_duration_seconds') as {
    values: Array<{ labels: Record<string, string>; value: number; metricName?: string }>;
  };
  return Object.fromEntries(histogram.values.filter((v) => v.metricName === 'db_query_duration_seconds_count').map((v) => [v.labels.operation, v.value]));
}

describe('the duration of each statement, on the one SQL layer (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
    stopMetrics();
  });

  it('counts each statement by its first keyword and each transaction whole, its statements too', async () => {
    startMetrics();
    db = await openTestDatabase();
    await db.query('create table members (id serial primary key, code text)');
    const before = await counts();
    await db.query('insert into members (code) values ($1)', ['KWDEMO01']);
    await db.query('select id from members where code = $1', ['KWDEMO01']);
    await db.query(' /* a comment */ with m as (select 1) select * from m');
    await db.transaction(async (tx) => {
      await tx.query('update members set code = $1', ['x']);
      await tx.query('delete from members');
    });
    const after = await counts();
    const moved = Object.fromEntries(Object.entries(after).map(([operation, n]) => [operation, n - (before[operation] ?? 0)]).filter(([, n]) => n !== 0));
    expect(moved).toEqual({ INSERT: 1, SELECT: 1, WITH: 1, UPDATE: 1, DELETE: 1, TRANSACTION: 1 });
    expect(before.OTHER).toBeGreaterThanOrEqual(1);
  });

  it('a statement that fails is counted too, and its error thrown on', async () => {
    startMetrics();
    db = await openTestDatabase();
    const before = (await counts()).SELECT ?? 0;
    await expect(db.query('select * from no_such_table')).rejects.toThrow('no_such_table');
    expect((await counts()).SELECT).toBe(before + 1);
  });

  it("a backup's copy of the PGlite folder goes through, with metrics and tracing on", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'measured-'));
    startMetrics();
    const tracing = traceInMemory();
    try {
      db = await openPglite(path.join(folder, 'data'), { settings: [] });
      await db.query('create table members (id int)');
      await db.copyDataDir!(path.join(folder, 'copy'));
      expect(fs.existsSync(path.join(folder, 'copy', 'PG_VERSION'))).toBe(true);
    } finally {
      await tracing.stop();
      await db?.close();
      db = undefined;
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('without metrics the database is returned as it is', async () => {
    db = await openTestDatabase();
    expect(measuredDatabase(db)).toBe(db);
  });

  it.each([
    ['SELECT 1', 'SELECT'],
    ['  insert into x values (1)', 'INSERT'],
    ['-- why\nupdate x set a = 1', 'UPDATE'],
    ['(select 1) union (select 2)', 'SELECT'],
    ['create table x (a int)', 'OTHER'],
    ['set local lock_timeout = 1000', 'OTHER'],
    ['transaction', 'OTHER'],
    ["select 'P1DEMO01'", 'SELECT'],
  ])('%j → %s', (text, operation) => expect(operationLabel(text)).toBe(operation));
});
