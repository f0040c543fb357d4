import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { closeSharedFolders } from '../oneOpenPerSuite';
import { envFor, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;
const EMAIL = 'olga.auskunft@example.org';
const KEY_HASH = 'scrypt$olga-secret-hash';

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
  await withDb(env, async ({ db }) => {
    // The questionnaire is not imported here, so its texts are null (exportPerson.test.ts has them).
    const [assessor] = await db.query<{ id: number }>(
      "insert into assessor (first_name, last_name, email, is_registered, key_hash) values ('Olga', 'Auskunft', $1, true, $2) returning id",
      [EMAIL, KEY_HASH],
    );
    const [assessment] = await db.query<{ id: number }>(
      "insert into assessment (ident_code, product, assessor_id, questionnaire_key, candidate_first_name) values ('OLGA00001', 1, $1, 'team-check', 'Kandida') returning id",
      [assessor!.id],
    );
    await db.query("insert into answer (assessment_id, question_id, answer_id, value, saved_at) values ($1, 1, 11, 3, '2030-01-01T09:00:00Z')", [assessment!.id]);
    await db.query("insert into mail_outbox (kind, language, sender, recipient, subject, body) values ('accessCode', 'de-DE', 'x@example.org', $1, 'Ihr Zugangscode', 'Ihr Code: OLGACODE9')", [EMAIL]);
  });
}, 120_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

const audit = async () => {
  const io = recorder(env);
  expect(await runAdmin(['privacy', 'audit'], io)).toBe(EXIT.ok);
  return { rows: parseCsv(io.text()), text: io.text() };
};

describe('privacy export', () => {
  it('writes the person as JSON to a file readable only by its owner, says how much, and the audit records it without whom', async () => {
    const file = path.join(dataDir, 'olga.json');
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'export', '--email', 'OLGA.auskunft@example.org', '--output', file], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toEqual([`Exported assessor 1, assessment 1, answer 1, mail_outbox 1 to ${file}.`]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data).toMatchObject({
      format: 'assessment-web.person-export/1',
      found_by: 'e-mail address',
      assessors: [{ first_name: 'Olga', last_name: 'Auskunft', email: EMAIL, registered: true, has_personal_key: true, privacy_consent: null, key_changes: [] }],
      assessments: [
        {
          product: 1,
          questionnaire: { key: 'team-check', version: null, title: null },
          candidate: { title: '', first_name: 'Kandida', last_name: '', pseudonym: '' },
          answers: [{ question_id: 1, question: null, answer_id: 11, item: null, value: 3, value_means: null, saved_at: '2030-01-01T09:00:00.000Z' }],
        },
      ],
      mails: [{ kind: 'accessCode', language: 'de-DE', recipient: EMAIL, subject: 'Ihr Zugangscode', created_at: expect.any(String) }],
    });
    // No key hash, ident code, nor the mail's body with its code.
    for (const secret of [KEY_HASH, 'OLGA00001', 'OLGACODE9']) expect(text).not.toContain(secret);

    const { rows, text: listed } = await audit();
    expect(rows.at(-1)).toEqual({
      id: expect.any(String),
      done_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'export',
      subject: 'e-mail address',
      records: '4',
      details: '{"answer":1,"assessment":1,"assessor":1,"mail_outbox":1}',
      done_by: os.userInfo().username,
    });
    for (const personal of ['olga', 'Auskunft', 'OLGA00001']) expect(listed.toLowerCase()).not.toContain(personal.toLowerCase());
  });

  it('writes to stdout without --output; an ident code finds the same assessment', async () => {
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'export', '--assessment', 'olga00001'], io)).toBe(EXIT.ok);
    const data = JSON.parse(io.text()) as { found_by: string; assessors: Array<{ email: string }>; assessments: unknown[] };
    expect([data.found_by, data.assessors.map((a) => a.email), data.assessments.length]).toEqual(['assessment', [EMAIL], 1]);
    expect(io.stderr).toEqual(['Exported assessor 1, assessment 1, answer 1, mail_outbox 1 to stdout.']);
    expect((await audit()).rows.at(-1)).toMatchObject({ action: 'export', subject: 'assessment' });
  });

  it('nobody matches: says so, exit 1, no file left behind and no audit row', async () => {
    const before = (await audit()).rows.length;
    const file = path.join(dataDir, 'nobody.json');
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'export', '--group-participant', 'NOSUCHCODE', '--output', file], io)).toBe(EXIT.failure);
    expect(io.stderr).toEqual(['privacy export: no group participant matches; nothing was exported.']);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('nobody.json'))).toEqual([]);
    expect((await audit()).rows).toHaveLength(before);
  });

  it.each<[string, string[], string]>([
    ['no person named', [], 'name the person with exactly one of --assessment, --group-participant or --email'],
    ['two ways at once', ['--email', EMAIL, '--assessment', 'OLGA00001'], 'name the person with exactly one of --assessment, --group-participant or --email'],
    ['an empty value', ['--assessment', ' '], '--assessment needs a value'],
    ['an empty file name', ['--email', EMAIL, '--output', ' '], '--output is required'],
    ['a folder that does not exist', ['--email', EMAIL, '--output', '/no/such/folder/olga.json'], 'cannot write /no/such/folder/olga.json: its folder does not exist'],
    ['an unknown option', ['--email', EMAIL, '--yes'], "unknown option '--yes'"],
  ])('%s: a usage error, nothing done', async (_label, args, message) => {
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'export', ...args], io)).toBe(EXIT.usage);
    expect(io.stderr.join('\n').split('\n')[0]).toBe(`privacy export: ${message}`);
    expect(io.stdout).toEqual([]);
  });

  it('has a help text with the shape’s name and an example', async () => {
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'export', '--help'], io)).toBe(EXIT.ok);
    expect(io.text()).toContain('assessment-web.person-export/1');
    expect(io.text()).toContain('npm run admin -- privacy export --email');
  });
});
