import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTestsStartFromDump } from './emptyCluster';
import { openPglite } from './pglite';
import { createFolderApart } from './pgliteFolder';

jest.mock('./pgliteFolder', () => {
  const actual = jest.requireActual<typeof import('./pgliteFolder')>('./pgliteFolder');
  return { createFolderApart: jest.fn(actual.createFolderApart) };
});

const SETTINGS = ['-c', 'shared_buffers=16MB'];

// PGlite is one connection: a query asked during a transaction must wait for its end, not run inside it.
it('runs a query asked during a transaction after the transaction', async () => {
  const db = await openPglite(undefined, { settings: SETTINGS });
  try {
    await db.query('create table note (text text)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into note values ($1)', ['first']);
      await held;
      throw new Error('rolled back');
    });
    const counted = db.query<{ n: number }>('select count(*)::int as n from note');
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await counted).toEqual([{ n: 0 }]);
  } finally {
    await db.close();
  }
  expect(db.closed).toBe(true);
}, 120_000);

// The tests' servers start new folders from a dump of an empty cluster (TEST_PGLITE_FROM_DUMP, set
// in jest.setup.ts); an operator's start runs initdb. Both give the same database.
it.each([
  ['by initdb, in a worker', false, 1],
  ['from the empty cluster dump (tests only)', true, 0],
])('creates a new folder %s with its settings, and gives back what the caller took once closed', async (_how, fromDump, initdbRuns) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-pglite-'));
  const undo = setTestsStartFromDump(fromDump);
  jest.mocked(createFolderApart).mockClear();
  try {
    const afterClose = jest.fn();
    const db = await openPglite(path.join(dataDir, 'nested', 'db'), { settings: SETTINGS, afterClose });
    expect(db.kind).toBe('pglite');
    expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    expect(afterClose).not.toHaveBeenCalled();
    await db.close();
    expect(afterClose).toHaveBeenCalledTimes(1);
    expect(fs.existsSync(path.join(dataDir, 'nested', 'db', 'PG_VERSION'))).toBe(true);
    expect(createFolderApart).toHaveBeenCalledTimes(initdbRuns);
    // Opened again, the folder keeps what was written.
    const again = await openPglite(path.join(dataDir, 'nested', 'db'), { settings: SETTINGS });
    await again.query('create table kept (n int)');
    await again.close();
    const third = await openPglite(path.join(dataDir, 'nested', 'db'), { settings: SETTINGS });
    expect(await third.query("select count(*)::int as n from pg_tables where tablename = 'kept'")).toEqual([{ n: 1 }]);
    await third.close();
    expect(createFolderApart).toHaveBeenCalledTimes(initdbRuns);
  } finally {
    undo();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

// What comes back from PGlite through the one SQL layer: rows with their types, errors with PostgreSQL's fields.
describe('PGlite through lib/sql', () => {
  it('hands back rows with their types, and an error with its message and PostgreSQL code', async () => {
    const db = await openPglite(undefined, { settings: SETTINGS });
    try {
      await db.query('create table item (id serial primary key, at timestamptz, data bytea, doc jsonb, big int8)');
      const at = new Date('2026-11-27T10:00:00.000Z');
      await db.query('insert into item (at, data, doc, big) values ($1, $2, $3, $4)', [at, new Uint8Array([1, 2, 3]), JSON.stringify({ a: [1] }), '9007199254740993']);
      const [row] = await db.query<{ id: number; at: Date; data: Uint8Array; doc: unknown; big: unknown }>('select * from item');
      expect(row!.at).toEqual(at);
      // A Date of the main realm (jest's own Date is another's): checked by its tag.
      expect(Object.prototype.toString.call(row!.at)).toBe('[object Date]');
      expect([...row!.data]).toEqual([1, 2, 3]);
      expect(row!.doc).toEqual({ a: [1] });
      expect(String(row!.big)).toBe('9007199254740993');
      await expect(db.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01', message: expect.stringContaining('no_such_table') });
      await expect(db.query('insert into item (id) values (1)')).rejects.toMatchObject({ code: '23505', constraint: 'item_pkey' });
      // After a failed statement inside a transaction, the next statement still works (the transaction rolled back).
      await expect(db.transaction(async (tx) => tx.query('insert into item (id) values (1)'))).rejects.toMatchObject({ code: '23505' });
      expect(await db.query('select count(*)::int as n from item')).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);

  // Each statement is prepared once and then only executed (pglitePrepared.ts): two asked at once in a
  // transaction (a handler's Promise.all) must each get their own rows, and a table changed under a
  // prepared statement must not break it.
  it('answers two statements asked at once within a transaction each with its own rows, and a statement again after its table changed', async () => {
    const db = await openPglite(undefined, { settings: SETTINGS });
    try {
      await db.query('create table one (v text)');
      await db.query('create table two (v text)');
      await db.query("insert into one values ('a'), ('b')");
      await db.query("insert into two values ('x')");
      const [first, second] = await db.transaction((tx) =>
        Promise.all([tx.query<{ v: string }>('select v from one where v <> $1 order by v', ['-']), tx.query<{ v: string }>('select v from two where v <> $1', ['-'])]),
      );
      expect(first).toEqual([{ v: 'a' }, { v: 'b' }]);
      expect(second).toEqual([{ v: 'x' }]);
      await db.query('alter table two add column w int default 7');
      expect(await db.query('select * from two where v <> $1', ['-'])).toEqual([{ v: 'x', w: 7 }]);
      await db.query('alter table two drop column w');
      expect(await db.query('select * from two where v <> $1', ['-'])).toEqual([{ v: 'x' }]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('does not keep a process alive that never closed it, and keeps it alive while a statement runs', () => {
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sql-thread-')), 'left-open.ts');
    fs.writeFileSync(
      script,
      `import { openPglite } from ${JSON.stringify(path.resolve('lib/sql/pglite'))};\n` +
        `openPglite(undefined, { settings: [] }).then(async (db) => { const [row] = await db.query<{ n: number }>('select 42 as n'); console.log(row.n); });\n`,
    );
    const started = Date.now();
    const result = spawnSync(path.resolve('node_modules/.bin/tsx'), [script], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stdout.trim()).toBe('42');
    expect(result.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
