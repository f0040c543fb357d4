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
