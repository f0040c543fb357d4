import fs from 'node:fs';
import os from 'node:os';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { closeSharedFolders } from '../oneOpenPerSuite';
import { envFor, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';
import { AUDIT_COLUMNS } from './privacyAudit';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
}, 120_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

/** An assessor with an assessment, and a mail in the outbox to them. */
async function person(email: string, identCode: string): Promise<void> {
  await withDb(env, async ({ db }) => {
    const [assessor] = await db.query<{ id: number }>("insert into assessor (first_name, last_name, email) values ('Ida', 'Löschbar', $1) returning id", [email]);
    await db.query("insert into assessment (ident_code, product, assessor_id, candidate_first_name) values ($1, 1, $2, 'Kandida')", [identCode, assessor!.id]);
    await db.query("insert into mail_outbox (kind, language, sender, recipient, subject, body) values ('accessCode', 'de-DE', 'x@example.org', $1, 'Code', 'Hallo')", [email]);
  });
}

const remaining = (email: string) =>
  withDb(env, async ({ db }) => {
    const [row] = await db.query<{ assessors: number; mails: number }>(
      'select (select count(*)::int from assessor where email = $1) as assessors, (select count(*)::int from mail_outbox where recipient = $1) as mails',
      [email],
    );
    return row;
  });

describe('privacy erase', () => {
  it('without a terminal and without --yes it refuses and erases nothing', async () => {
    await person('ida.terminal@example.org', 'ERASE0001');
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'erase', '--email', 'ida.terminal@example.org'], io)).toBe(EXIT.usage);
    expect(io.stderr.join('\n')).toContain('erasing asks for confirmation: run it in a terminal, or add --yes');
    expect(await remaining('ida.terminal@example.org')).toEqual({ assessors: 1, mails: 1 });
  });

  it('shows what it would erase and asks; anything but yes erases nothing', async () => {
    const io = { ...recorder(env), ask: jest.fn(async () => 'no') };
    expect(await runAdmin(['privacy', 'erase', '--email', 'ida.terminal@example.org'], io)).toBe(EXIT.failure);
    expect(io.stderr[0]).toBe('This erases: assessment 1, assessor 1, mail_outbox 1.');
    expect(io.ask).toHaveBeenCalledWith('Erase this for good? Type yes to erase: ');
    expect(io.stderr).toContain('Nothing was erased.');
    expect(await remaining('ida.terminal@example.org')).toEqual({ assessors: 1, mails: 1 });
  });

  it('erases after yes, prints what it erased, and the audit says what, when and by whom, never whom', async () => {
    const io = { ...recorder(env), ask: jest.fn(async () => 'yes') };
    expect(await runAdmin(['privacy', 'erase', '--email', 'IDA.Terminal@example.org'], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual(['Erased: assessment 1, assessor 1, mail_outbox 1.']);
    expect(await remaining('ida.terminal@example.org')).toEqual({ assessors: 0, mails: 0 });

    const audit = recorder(env);
    expect(await runAdmin(['privacy', 'audit'], audit)).toBe(EXIT.ok);
    const rows = parseCsv(audit.text());
    expect(Object.keys(rows[0]!)).toEqual([...AUDIT_COLUMNS]);
    expect(rows.at(-1)).toEqual({
      id: expect.any(String),
      done_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'erase',
      subject: 'e-mail address',
      records: '3',
      details: '{"assessment":1,"assessor":1,"mail_outbox":1}',
      done_by: os.userInfo().username,
    });
    for (const secret of ['ida.terminal', 'ERASE0001', 'Löschbar']) expect(audit.text()).not.toContain(secret);
  });

  it('--yes erases without asking; --keep-answers-anonymous keeps the assessment under a new code', async () => {
    await person('ida.script@example.org', 'ERASE0002');
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'erase', '--assessment', 'erase0002', '--keep-answers-anonymous', '--yes'], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual(['Erased: assessment (kept anonymous, with its answers) 1, assessor 1, mail_outbox 1.']);
    const kept = await withDb(env, ({ db }) => db.query("select candidate_first_name from assessment where ident_code like 'ERASED-%'"));
    expect(kept).toEqual([{ candidate_first_name: '' }]);
  });

  it.each<[string, string[], string]>([
    ['no person named', [], 'name the person with exactly one of --assessment, --group-participant or --email'],
    ['two ways at once', ['--email', 'a@example.org', '--assessment', 'X1'], 'name the person with exactly one of --assessment, --group-participant or --email'],
    ['an empty value', ['--email', ' '], '--email needs a value'],
  ])('%s: a usage error, nothing done', async (_label, args, message) => {
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'erase', ...args, '--yes'], io)).toBe(EXIT.usage);
    expect(io.stderr[0]).toBe(`privacy erase: ${message}\nRun 'npm run admin -- privacy erase --help' for its options.`);
  });

  it('nobody matches: says so, exit 1', async () => {
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'erase', '--group-participant', 'NOSUCHCODE', '--yes'], io)).toBe(EXIT.failure);
    expect(io.stderr).toEqual(['privacy erase: no group participant matches; nothing was erased.']);
  });
});
