import fs from 'node:fs';
import { createTestStore, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { accessCodeMail } from '@/lib/embedded-api/mail/accessCodeMail';
import { putIntoOutbox } from '@/lib/embedded-api/mail/outbox';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { envFor, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';
import { OUTBOX_COLUMNS } from './outbox';
import { closeSharedFolders } from '../oneOpenPerSuite';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
const FROM = 'Assessment Online <no-reply@assessment-online.example>';
let store: TestStore;
let env: Record<string, string>;
const ids: number[] = [];

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
  // Two mails as the e-mail step writes them while no SMTP_URL is set.
  await withDb(env, async ({ db }) => {
    ids.push(await putIntoOutbox(db, FROM, accessCodeMail('anna@example.com', 'K7MQ2XRT9', 'de-DE', 'https://assess.example')));
    ids.push(await putIntoOutbox(db, FROM, accessCodeMail('ben, "the second"@example.com', 'P4WZ8NHC3', 'en-US', 'https://assess.example')));
  });
}, 120_000);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

describe('outbox list', () => {
  it('lists the mails as CSV, oldest first, without their text or access code', async () => {
    const io = recorder(env);
    expect(await runAdmin(['outbox', 'list'], io)).toBe(EXIT.ok);
    expect(io.text().split('\r\n')[0]).toBe(OUTBOX_COLUMNS.join(','));
    const rows = parseCsv(io.text().replace('"ben, ""the second""@example.com"', 'ben-second@example.com'));
    expect(rows).toEqual([
      { id: String(ids[0]), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), kind: 'accessCode', language: 'de-DE', recipient: 'anna@example.com', subject: 'Ihr persönlicher Zugangscode' },
      { id: String(ids[1]), created_at: expect.any(String), kind: 'accessCode', language: 'en-US', recipient: 'ben-second@example.com', subject: 'Your personal access code' },
    ]);
    for (const secret of ['K7MQ2XRT9', 'P4WZ8NHC3', '/home/']) expect(io.text()).not.toContain(secret);
    expect(io.stderr).toEqual(['2 mails in the outbox.']);
  });

  it('--excel: semicolons and a BOM', async () => {
    const io = recorder(env);
    expect(await runAdmin(['outbox', 'list', '--excel'], io)).toBe(EXIT.ok);
    expect(io.text().startsWith(`\uFEFF${OUTBOX_COLUMNS.join(';')}\r\n`)).toBe(true);
  });

  it('with SMTP_URL set, says that new mails go to that server (without naming it)', async () => {
    const io = recorder({ ...env, SMTP_URL: 'smtp://user:Sup3rSecret@mail.example.com:587?requireTLS=true' });
    expect(await runAdmin(['outbox', 'list'], io)).toBe(EXIT.ok);
    expect(io.stderr[1]).toMatch(/^SMTP_URL is set: the app sends new mails to that server/);
    expect(io.stderr.join('')).not.toContain('Sup3rSecret');
  });

  it('names an unknown option', async () => {
    const io = recorder(env);
    expect(await runAdmin(['outbox', 'list', '--all'], io)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain("outbox list: unknown option '--all'");
  });
});

describe('outbox show', () => {
  it('prints the mail whole: headers, the access code and the deep link back', async () => {
    const io = recorder(env);
    expect(await runAdmin(['outbox', 'show', String(ids[0])], io)).toBe(EXIT.ok);
    const text = io.text();
    const head = text.slice(0, text.indexOf('\n\n'));
    const body = text.slice(text.indexOf('\n\n') + 2);
    expect(head.split('\n')).toEqual([
      `From: ${FROM}`,
      'To: anna@example.com',
      expect.stringMatching(/^Date: \d{4}-\d\d-\d\dT/),
      'Subject: Ihr persönlicher Zugangscode',
      'Content-Language: de-DE',
    ]);
    expect(body).toContain('Ihr persönlicher Zugangscode: K7MQ2XRT9');
    expect(io.text()).toContain('https://assess.example/home/K7MQ2XRT9/de\n');
  });

  it('an unknown id: exit 1, one line, nothing on stdout', async () => {
    const io = recorder(env);
    expect(await runAdmin(['outbox', 'show', '99999'], io)).toBe(EXIT.failure);
    expect(io.stdout).toEqual([]);
    expect(io.stderr).toEqual(['outbox show: no mail 99999 in the outbox (see outbox list).']);
  });

  it.each([
    [[], 'the id of a mail is required'],
    [['first'], "the id must be a whole number from 1 to 9007199254740991, not 'first'"],
    [['0'], 'the id must be a whole number'],
    [['1', '2'], 'one id, not 2'],
    [['--raw', '1'], "unknown option '--raw'"],
  ])('outbox show %j: exit 2, naming the problem', async (args, message) => {
    const io = recorder(env);
    expect(await runAdmin(['outbox', 'show', ...args], io)).toBe(EXIT.usage);
    expect(io.stderr.join('')).toContain(`outbox show: ${message}`);
    expect(io.stdout).toEqual([]);
  });

  it('--help of both commands', async () => {
    for (const name of ['list', 'show']) {
      const io = recorder(env);
      expect(await runAdmin(['outbox', name, '--help'], io)).toBe(EXIT.ok);
      expect(io.text()).toMatch(new RegExp(`^Usage: npm run admin -- outbox ${name}`));
    }
    const io = recorder(env);
    expect(await runAdmin(['--help'], io)).toBe(EXIT.ok);
    expect(io.text()).toMatch(/outbox list .*\n.*outbox show /);
  });
});
