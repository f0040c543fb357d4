import fs from 'node:fs';
import { openDatabase } from '@/lib/embedded-api/db/database';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { createMember, findGroupCode } from '@/lib/embedded-api/groups/store';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { envFor, insertQuestionnaire, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';
import { LIST_COLUMNS } from './assessmentList';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
let created: Array<Record<string, string>>;

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
  await withDb(env, async (opened) => {
    await insertQuestionnaire(opened, 'team-check', 1);
    await insertQuestionnaire(opened, 'grid-check', 1, 2);
  });
  const io = recorder(env);
  expect(await runAdmin(['assessment', 'create', '--questionnaire', 'team-check', '--count', '2', '--valid-until', '2999-01-01'], io)).toBe(EXIT.ok);
  expect(await runAdmin(['assessment', 'create', '--questionnaire', 'grid-check'], io)).toBe(EXIT.ok);
  created = parseCsv(io.stdout[0]!).concat(parseCsv(io.stdout[1]!));
  // The first participant has logged in, answered three items and finished.
  await withDb(env, async ({ db }) => {
    const [first] = await db.query<{ id: number }>('select id from assessment where ident_code = $1', [created[0]!.ident_code]);
    for (const answerId of [11, 12, 13]) {
      await db.query('insert into answer (assessment_id, question_id, answer_id, value) values ($1, 1, $2, 1)', [first!.id, answerId]);
    }
    await db.query(`update assessment set first_login_done = true, finished_at = '2030-05-06T07:08:09Z' where id = $1`, [first!.id]);
  });
}, 120_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

describe('assessment list', () => {
  it('lists every assessment as CSV with its progress, in creation order', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'list'], io)).toBe(EXIT.ok);
    expect(io.text().split('\r\n')[0]).toBe(LIST_COLUMNS.join(','));
    const rows = parseCsv(io.text());
    expect(rows.map((r) => r.ident_code)).toEqual(created.map((c) => c.ident_code));
    expect(rows[0]).toMatchObject({
      questionnaire_key: 'team-check', questionnaire_version: '1', product: '1', valid_until: '2999-01-01T23:59:59.999Z',
      first_login_done: 'true', answered_items: '3', finished_at: '2030-05-06T07:08:09.000Z',
    });
    expect(rows[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows[1]).toMatchObject({ first_login_done: 'false', answered_items: '0', finished_at: '', valid_until: '2999-01-01T23:59:59.999Z' });
    expect(rows[2]).toMatchObject({ questionnaire_key: 'grid-check', product: '2', valid_until: '' });
    expect(io.stderr).toEqual(['3 assessments.']);
  });

  it('shows no access code and nothing of the stored hashes', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'list'], io)).toBe(EXIT.ok);
    for (const c of created) expect(io.text()).not.toContain(c.access_code);
    expect(io.text()).not.toMatch(/scrypt/);
  });

  it('lists only the questionnaire asked for', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'list', '--questionnaire', 'grid-check', '--excel'], io)).toBe(EXIT.ok);
    expect(io.text().startsWith('\uFEFFident_code;')).toBe(true);
    expect(parseCsv(io.text(), ';').map((r) => r.ident_code)).toEqual([created[2]!.ident_code]);
    expect(io.stderr).toEqual(['1 assessments of questionnaire grid-check.']);
  });

  it('runs while the app has the database open on PostgreSQL; on PGlite refuses with EXIT.busy', async () => {
    // Opened as the app opens it (startEmbeddedApi), once the commands before have given the folder back.
    await closeSharedFolders();
    const app = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, lock: { role: 'app' } });
    try {
      const io = recorder(env);
      if (store.databaseUrl) {
        expect(await runAdmin(['assessment', 'list'], io)).toBe(EXIT.ok);
        expect(parseCsv(io.text())).toHaveLength(3);
      } else {
        expect(await runAdmin(['assessment', 'list'], io)).toBe(EXIT.busy);
        expect(io.stdout).toEqual([]);
      }
    } finally {
      await app.close();
    }
  });

  it('filters by state and by ident-code prefix, as the console searches; names a wrong state', async () => {
    const finished = recorder(env);
    expect(await runAdmin(['assessment', 'list', '--state', 'finished'], finished)).toBe(EXIT.ok);
    expect(parseCsv(finished.text())).toEqual([expect.objectContaining({ ident_code: created[0]!.ident_code, state: 'finished', last_activity: '2030-05-06T07:08:09.000Z' })]);
    const notStarted = recorder(env);
    expect(await runAdmin(['assessment', 'list', '--state', 'not-started', '--search', created[1]!.ident_code!.slice(0, 5).toLowerCase()], notStarted)).toBe(EXIT.ok);
    expect(parseCsv(notStarted.text()).map((r) => r.ident_code)).toContain(created[1]!.ident_code);
    expect(parseCsv(notStarted.text()).map((r) => r.state)).not.toContain('finished');
    const wrong = recorder(env);
    expect(await runAdmin(['assessment', 'list', '--state', 'done'], wrong)).toBe(EXIT.usage);
    expect(wrong.stderr.join('')).toContain("--state must be one of not-started, in-progress, finished, expired, not 'done'");
  });

  it('names an unknown option', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'list', '--all'], io)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain("assessment list: unknown option '--all'");
  });

  it('shows a group participant\'s group code and number, never the internal ident code made from their access code', async () => {
    await withDb(env, (opened) => insertQuestionnaire(opened, 'web-check', 1, 4));
    const io = recorder(env);
    expect(await runAdmin(['groupcode', 'create', '--variant', 'kodew', '--questionnaires', 'web-check', '--code', 'LISTGROUP1'], io)).toBe(EXIT.ok);
    const member = await withDb(env, async ({ db }) => {
      const group = (await findGroupCode(db, 'LISTGROUP1'))!;
      return db.transaction((tx) => createMember(tx, group));
    });
    const listed = recorder(env);
    expect(await runAdmin(['assessment', 'list', '--questionnaire', 'web-check'], listed)).toBe(EXIT.ok);
    expect(parseCsv(listed.text())).toEqual([expect.objectContaining({
      ident_code: '', questionnaire_key: 'web-check', product: '4', group_code: 'LISTGROUP1', participant: String(member.memberId),
    })]);
    expect(listed.text()).not.toContain(member.accessCode);
    const all = recorder(env);
    expect(await runAdmin(['assessment', 'list'], all)).toBe(EXIT.ok);
    expect(parseCsv(all.text()).slice(0, 3).map((r) => [r.group_code, r.participant])).toEqual([['', ''], ['', ''], ['', '']]);
  });
});
