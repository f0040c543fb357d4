import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTestsStartFromDump } from '@/lib/sql/emptyCluster';
import { openDatabase } from './database';

describe('openDatabase on a PGlite data folder', () => {
  // initdb as on an operator's first start, not the tests' dump of an empty cluster (jest.setup.ts).
  let undo: () => void;
  beforeAll(() => (undo = setTestsStartFromDump(false)));
  afterAll(() => undo());
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the folder on the first open and keeps what was written for the next', async () => {
    const first = await openDatabase({ dataDir });
    await first.query('create table note (text text)');
    await first.transaction((tx) => tx.query('insert into note values ($1)', ['kept']));
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(await second.query('select text from note')).toEqual([{ text: 'kept' }]);
    await second.close();
  }, 120_000);

  // The folder is created in a worker thread that resolves PGlite from the working directory.
  it('is created in the app\'s own thread when the worker cannot load PGlite', async () => {
    const cwd = process.cwd();
    process.chdir(os.tmpdir());
    try {
      const db = await openDatabase({ dataDir });
      expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
      await db.close();
    } finally {
      process.chdir(cwd);
    }
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  }, 120_000);

  // Its buffer cache is resident memory of the app's own process (npm run bench:memory).
  it('runs with a 16 MB buffer cache, in a new folder and in an existing one', async () => {
    for (let open = 0; open < 2; open++) {
      const db = await openDatabase({ dataDir });
      expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      await db.close();
    }
  }, 120_000);

  it('in memory too', async () => {
    const db = await openDatabase({ memory: true });
    expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    await db.close();
  }, 120_000);
});
