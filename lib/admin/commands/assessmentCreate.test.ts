import fs from 'node:fs';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { envFor, insertQuestionnaire, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
const countAssessments = () => withDb(env, async ({ db }) => (await db.query<{ n: number }>('select count(*)::int as n from assessment'))[0]!.n);

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
  await withDb(env, async (opened) => {
    await insertQuestionnaire(opened, 'team-check', 1);
    await insertQuestionnaire(opened, 'team-check', 2, 2);
  });
}, 60_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

describe('assessment create', () => {
  it('prints CSV of ident code, access code and deep link on stdout, and the once-only warning on stderr', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'create', '--questionnaire', 'team-check', '--count', '3'], io)).toBe(EXIT.ok);
    const text = io.text();
    expect(text.split('\r\n')[0]).toBe('ident_code,access_code,deep_link');
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.access_code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(row.deep_link).toBe(`https://assess.example/home/${row.ident_code}`);
    }
    expect(new Set(rows.map((r) => r.ident_code)).size).toBe(3);
    const warnings = io.stderr.filter((line) => /only this once/.test(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('\n');
    // Nothing secret on stderr: it may end up in a log.
    for (const row of rows) expect(io.stderr.join('')).not.toContain(row.access_code);

    // The codes are bound to the latest version, and only their hashes are stored.
    await withDb(env, async ({ db }) => {
      const stored = await db.query<Record<string, unknown>>(
        `select a.questionnaire_version, a.product, s.key_hash from assessment a join assessor s on s.id = a.assessor_id where a.ident_code = any($1)`,
        [rows.map((r) => r.ident_code)],
      );
      expect(stored).toHaveLength(3);
      for (const row of stored) expect(row).toMatchObject({ questionnaire_version: 2, product: 2, key_hash: expect.stringMatching(/^scrypt\$/) });
      expect(JSON.stringify(await db.query('select * from assessor'))).not.toContain(rows[0]!.access_code);
    });
  });

  it('keeps candidate, self-assessment, valid-until (a date is the end of that day in UTC) and language', async () => {
    const io = recorder(env);
    const code = await runAdmin([
      'assessment', 'create', '--questionnaire', 'team-check', '--candidate', 'Dr.; Clara ;Kandidatin', '--self',
      '--valid-until', '2999-03-31', '--language', 'EN', '--base-url', 'https://other.example/app/',
    ], io);
    expect(code).toBe(EXIT.ok);
    const [row] = parseCsv(io.text());
    expect(row!.deep_link).toBe(`https://other.example/app/home/${row!.ident_code}/en`);
    await withDb(env, async ({ db }) => {
      const [stored] = await db.query<Record<string, unknown>>('select * from assessment where ident_code = $1', [row!.ident_code]);
      expect(stored).toMatchObject({
        candidate_title: 'Dr.', candidate_first_name: 'Clara', candidate_last_name: 'Kandidatin', is_self_assessment: true,
        ui_language: 'en-US', questionnaire_language: 'en-US',
      });
      expect((stored!.valid_until as Date).toISOString()).toBe('2999-03-31T23:59:59.999Z');
    });
  });

  it('takes a valid-until date-time with its offset', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'create', '--questionnaire', 'team-check', '--valid-until', '2999-03-31T18:00+02:00'], io)).toBe(EXIT.ok);
    const [row] = parseCsv(io.text());
    await withDb(env, async ({ db }) => {
      const [stored] = await db.query<{ valid_until: Date }>('select valid_until from assessment where ident_code = $1', [row!.ident_code]);
      expect(stored!.valid_until.toISOString()).toBe('2999-03-31T16:00:00.000Z');
    });
  });

  it('makes no access code when the participant must register, and says so instead of the warning', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'create', '--questionnaire', 'team-check', '--must-register', '--count', '2'], io)).toBe(EXIT.ok);
    const rows = parseCsv(io.text());
    expect(rows.map((r) => r.access_code)).toEqual(['', '']);
    expect(io.stderr.join('\n')).toMatch(/register at their deep link/);
    expect(io.stderr.join('\n')).not.toMatch(/only this once/);
  });

  it('writes the Excel variant: BOM, semicolons', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'create', '--questionnaire', 'team-check', '--excel'], io)).toBe(EXIT.ok);
    expect(io.text().startsWith('\uFEFFident_code;access_code;deep_link\r\n')).toBe(true);
  });

  let before: number;
  it('(counts the assessments before the refusals)', async () => {
    before = await countAssessments();
  });

  it.each([
    [['--count', '2'], '--questionnaire is required'],
    [['--questionnaire', 'team-check', '--cout', '2'], "unknown option '--cout'"],
    [['--questionnaire', 'team-check', '--count', 'five'], "--count must be a whole number from 1 to 10000, not 'five'"],
    [['--questionnaire', 'team-check', '--count', '0'], '--count must be a whole number from 1 to 10000'],
    [['--questionnaire', 'team-check', '--count', '10001'], '--count must be a whole number from 1 to 10000'],
    [['--questionnaire', 'team-check', '--count'], "option '--count <value>' argument missing"],
    [['--questionnaire', 'team-check', '--valid-until', '2020-01-01'], '--valid-until 2020-01-01T23:59:59.999Z has passed already'],
    [['--questionnaire', 'team-check', '--valid-until', '2999-02-30'], "--valid-until must be a date (2025-03-31: the end of that day in UTC) or a date-time with offset (2025-03-31T18:00+02:00), not '2999-02-30'"],
    [['--questionnaire', 'team-check', '--valid-until', '31.03.2999'], "--valid-until must be a date (2025-03-31: the end of that day in UTC) or a date-time with offset (2025-03-31T18:00+02:00), not '31.03.2999'"],
    [['--questionnaire', 'team-check', '--valid-until', '2999-03-31T18:00'], "--valid-until '2999-03-31T18:00' has no time zone: add Z for UTC or an offset such as +01:00"],
    [['--questionnaire', 'team-check', '--language', 'es'], "--language must be one of de, en, fr, it, cz (or de-DE, en-US, fr-FR, it-IT, cz-CZ), not 'es'"],
    [['--questionnaire', 'team-check', '--candidate', 'Clara Kandidatin'], '--candidate must be "<title>;<first name>;<last name>"'],
    [['--questionnaire', 'team-check', '--candidate', ';;'], '--candidate names nobody'],
    [['--questionnaire', 'team-check', '--base-url', 'ftp://x.example'], "--base-url must be an http or https address, not 'ftp://x.example'"],
    [['--questionnaire', 'team-check', 'extra'], "unexpected argument 'extra'"],
  ])('refuses %j with a message naming the problem, exit 2', async (args, message) => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'create', ...args], io)).toBe(EXIT.usage);
    expect(io.stderr.join('\n')).toContain(`assessment create: ${message}`);
    expect(io.stderr.join('\n')).toContain("Run 'npm run admin -- assessment create --help'");
    expect(io.stdout).toEqual([]);
  });

  it('created nothing on any of these refusals', async () => {
    expect(await countAssessments()).toBe(before);
  });

  it('names the imported questionnaires when the key is unknown, exit 1, and creates nothing', async () => {
    const before = await countAssessments();
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'create', '--questionnaire', 'team-chek', '--count', '4'], io)).toBe(EXIT.failure);
    expect(io.stderr.join('')).toBe("assessment create: questionnaire 'team-chek' is not imported. Imported: team-check. Import one with 'questionnaire import <file|folder>'.");
    expect(io.stdout).toEqual([]);
    expect(await countAssessments()).toBe(before);
  });

  it('has a help text with usage, options and an example', async () => {
    const io = recorder(env);
    expect(await runAdmin(['assessment', 'create', '--help'], io)).toBe(EXIT.ok);
    expect(io.text()).toMatch(/^Usage: npm run admin -- assessment create --questionnaire <key>/);
    for (const option of ['--count', '--candidate', '--self', '--must-register', '--valid-until', '--language', '--base-url', '--excel']) expect(io.text()).toContain(option);
    expect(io.text()).toMatch(/Example:\n {2}npm run admin -- assessment create/);
  });
});
