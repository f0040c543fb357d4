import fs from 'node:fs';
import os from 'node:os';
import { createTestStore, expectedTestDatabaseKind, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { LOCK_PURGE } from '@/lib/embedded-api/privacy/dailyPurge';
import { emptyTables, seedEveryRule, whatIsLeft } from '@/lib/embedded-api/privacy/retentionFixture';
import { EXIT } from '../command';
import { runAdmin } from '../main';
import { closeSharedFolders } from '../oneOpenPerSuite';
import { envFor, parseCsv, recorder, tempDataDir, withDb } from '../testSupport';

// The commands' opens of the data folder share one open database for the suite (oneOpenPerSuite.ts).
jest.mock('@/lib/embedded-api/db/database', () => jest.requireActual('../oneOpenPerSuite').databaseModule());

const dataDir = tempDataDir();
let store: TestStore;
let env: Record<string, string>;

beforeAll(async () => {
  store = await createTestStore();
  env = envFor(dataDir, store);
}, 120_000);

beforeEach(() =>
  withDb(env, async ({ db }) => {
    await emptyTables(db);
    // Seen from now: the command purges as of its own clock, seconds later, well inside the minute the rows have.
    await seedEveryRule(db, Date.now());
  }),
);

afterAll(async () => {
  await closeSharedFolders();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await store.remove();
});

const left = () => withDb(env, ({ db }) => whatIsLeft(db));
const audit = async () => {
  const io = recorder(env);
  expect(await runAdmin(['privacy', 'audit'], io)).toBe(EXIT.ok);
  return parseCsv(io.text());
};

/** What the command prints for the fixture at the default settings, rule by rule. */
const PER_RULE = [
  'neverStarted — group participants who never answered, 30 days after their login (PRIVACY_NEVER_STARTED_DAYS): assessment 1, group_member 1, assessor 1',
  'unfinished — unfinished assessments, 365 days after their last activity (PRIVACY_UNFINISHED_DAYS): answer 2, assessment 2, group_member 1, assessor 2',
  'finished — finished assessments: kept (PRIVACY_FINISHED_DAYS is off): nothing',
  'drafts — drafts not touched for 30 days (PRIVACY_DRAFT_DAYS): answer_draft 1',
  'outbox — mails in the outbox, 30 days after they were written (PRIVACY_OUTBOX_DAYS): mail_outbox 1',
  "guessing — rows of the guessing and counting limits, and invoices' client addresses, 2 days after they counted (or their limit's longer window or lock): access_code_failure 1, ident_code_lookup 1, group_code_failure 1, group_code_login 1, mail_sent 1, key_check_turn 1, key_change 1, portal_transaction.client_address 2",
  'revokedTokens — revoked tokens that have expired: revoked_token 1',
  'invoices — invoice data of the portal, 10 years after the end of their calendar year (PRIVACY_INVOICE_YEARS): payment_report 1, payment 1, portal_transaction 1',
  'demoOrders — orders of the demo PayPal stand-in, a day after they were created: demo_paypal_order 1',
];

describe('privacy purge', () => {
  it('--dry-run prints what it would delete, rule by rule, and deletes nothing', async () => {
    const before = await left();
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'purge', '--dry-run'], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual(PER_RULE);
    expect(io.stderr[0]).toMatch(/^Would delete, as of \d{4}-\d\d-\d\dT[\d:.]+Z:$/);
    expect(io.stderr.at(-1)).toBe('26 records in all; nothing was deleted (--dry-run).');
    expect(await left()).toEqual(before);
    expect(await audit()).toEqual([]);
  });

  it('prints what it would delete, then deletes it without asking; the audit names the operating-system user', async () => {
    const io = recorder(env);
    expect(await runAdmin(['privacy', 'purge'], io)).toBe(EXIT.ok);
    expect(io.stdout).toEqual([
      ...PER_RULE,
      'Purged 26 records: neverStarted 3, unfinished 7, drafts 1, outbox 1, guessing 9, revokedTokens 1, invoices 3, demoOrders 1.',
    ]);
    const after = await left();
    for (const label of ['participant NEVER-OLD', 'assessment UNF-OLD answers 1', 'mail outbox-old@example.org', 'portal_transaction INV-OLD']) expect(after).not.toContain(label);
    for (const label of ['participant NEVER-NEW', 'assessment UNF-NEW answers 1', 'assessment FIN-OLD answers 1', 'portal_transaction INV-NEW']) expect(after).toContain(label);
    const rows = await audit();
    expect(rows).toEqual([expect.objectContaining({ action: 'purge', subject: 'retention', records: '26', done_by: os.userInfo().username })]);
    expect(JSON.parse(rows[0]!.details!)).toMatchObject({ 'unfinished.assessment': 2, 'outbox.mail_outbox': 1 });

    const again = recorder(env);
    expect(await runAdmin(['privacy', 'purge'], again)).toBe(EXIT.ok);
    expect(again.stderr.at(-1)).toBe('Nothing to delete.');
    expect(await audit()).toHaveLength(1);
  });

  it('takes its periods from the PRIVACY_* settings', async () => {
    const io = recorder({ ...env, PRIVACY_FINISHED_DAYS: '90' });
    expect(await runAdmin(['privacy', 'purge', '--dry-run'], io)).toBe(EXIT.ok);
    expect(io.stdout[2]).toBe(
      "finished — finished assessments' personal data, 90 days after finishing, answers kept anonymous (PRIVACY_FINISHED_DAYS): assessment 1, assessment (kept anonymous, with its answers) 2, group_member 1, assessor 2",
    );
  });

  it.each<[string, string[], Record<string, string>, string]>([
    ['an unknown option', ['--yes'], {}, "privacy purge: unknown option '--yes'"],
    ['a period that is no whole number of days', [], { PRIVACY_UNFINISHED_DAYS: '0' }, 'Invalid configuration: PRIVACY_UNFINISHED_DAYS: '],
    ['a negative finished period', [], { PRIVACY_FINISHED_DAYS: '-1' }, 'Invalid configuration: PRIVACY_FINISHED_DAYS: '],
  ])('%s: a usage error naming it, nothing deleted', async (_label, args, settings, message) => {
    const before = await left();
    const io = recorder({ ...env, ...settings });
    expect(await runAdmin(['privacy', 'purge', ...args], io)).toBe(EXIT.usage);
    expect(io.stderr[0]).toContain(message);
    expect(io.stdout).toEqual([]);
    expect(await left()).toEqual(before);
  });

  // Collected only in the PostgreSQL pass: on PGlite the app holds the folder and no command runs beside it.
  if (expectedTestDatabaseKind() === 'postgres') it('on PostgreSQL, while an app purges the same database: says so, exit 1, nothing deleted', async () => {
    const before = await left();
    const app = await store.open();
    let release!: () => void;
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const purging = app.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1::int, 0)', [LOCK_PURGE]);
      taken();
      await new Promise<void>((resolve) => (release = resolve));
    });
    try {
      await lockTaken;
      const io = recorder(env);
      expect(await runAdmin(['privacy', 'purge'], io)).toBe(EXIT.failure);
      expect(io.stderr).toEqual([
        'privacy purge: another purge is under way (the daily purge of an app on this database); nothing was deleted. Run it again once that one is done.',
      ]);
      expect(await left()).toEqual(before);
    } finally {
      release();
      await purging;
      await app.close();
    }
  });
});
