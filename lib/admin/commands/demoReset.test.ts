import fs from 'node:fs';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { seedDemoIfEmpty } from '@/lib/embedded-api/demo/seed';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { envFor, recorder, tempDataDir, withDb } from '../testSupport';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
});

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

describe('demo reset', () => {
  it('restores a finished demo row and leaves other assessments alone', async () => {
    await withDb(env, async ({ db }) => {
      await seedDemoIfEmpty(db);
      await db.query(`update assessment set finished_at = now() where ident_code = 'P1DEMO01'`);
      await db.query(`insert into assessor (is_registered) values (true)`);
      await db.query(`insert into assessment (ident_code, product, assessor_id) values ('OWNROW001', 1, (select max(id) from assessor))`);
    });
    const io = recorder(env);
    expect(await runAdmin(['demo', 'reset'], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual([`Demo data restored (${store.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}).`]);
    await withDb(env, async ({ db }) => {
      const rows = await db.query<{ ident_code: string; finished_at: Date | null }>(
        `select ident_code, finished_at from assessment where ident_code in ('P1DEMO01', 'OWNROW001') order by ident_code`,
      );
      expect(rows).toEqual([{ ident_code: 'OWNROW001', finished_at: null }, { ident_code: 'P1DEMO01', finished_at: null }]);
    });
  }, 120_000);

  it('takes no arguments', async () => {
    const io = recorder(env);
    expect(await runAdmin(['demo', 'reset', '--hard'], io)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain("demo reset: unknown option '--hard'");
  });
});
