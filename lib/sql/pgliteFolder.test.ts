import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFolderApart } from './pgliteFolder';

describe('createFolderApart', () => {
  it('creates a database folder in a worker thread', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-'));
    try {
      expect(await createFolderApart(path.join(dataDir, 'pgdata'), [])).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
