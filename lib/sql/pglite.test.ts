import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from './pglite';

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

it('creates a new folder with its settings, and gives back what the caller took once closed', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-pglite-'));
  try {
    const afterClose = jest.fn();
    const db = await openPglite(path.join(dataDir, 'nested', 'db'), { settings: SETTINGS, afterClose });
    expect(db.kind).toBe('pglite');
    expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    expect(afterClose).not.toHaveBeenCalled();
    await db.close();
    expect(afterClose).toHaveBeenCalledTimes(1);
    expect(fs.existsSync(path.join(dataDir, 'nested', 'db', 'PG_VERSION'))).toBe(true);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
