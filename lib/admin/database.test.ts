import fs from 'node:fs';
import { EXIT } from './command';
import { runAdmin } from './main';
import { recorder, tempDataDir } from './testSupport';

const dataDir = tempDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the database the command line opens', () => {
  it('names the PostgreSQL server it cannot reach, without the password, exit 1', async () => {
    const io = recorder({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://operator:s3cret-pw@127.0.0.1:1/assessments' });
    expect(await runAdmin(['assessment', 'list'], io)).toBe(EXIT.failure);
    expect(io.stderr.join('')).toMatch(/^assessment list: cannot reach PostgreSQL at 127\.0\.0\.1:1\/assessments \(DATABASE_URL\): /);
    expect(io.stderr.join('')).not.toContain('s3cret-pw');
    expect(io.stdout).toEqual([]);
  });

  it('names a configuration it cannot use, exit 2', async () => {
    const io = recorder({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x@localhost/db' });
    expect(await runAdmin(['assessment', 'list'], io)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain('Invalid configuration: DATABASE_URL');
  });
});
