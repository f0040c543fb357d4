import { envSchema, type EnvInput } from '@/lib/config/schema';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { openTestDatabase } from '../db/testDatabase';
import { auditPage } from './audit';
import { flatCounts, purge } from './purge';
import { retentionSettings } from './retention';
import { emptyTables, NOW, rowCounts, seedEveryRule, whatIsLeft } from './retentionFixture';

/**
 * The purge with an injected clock (issue 29, point 2): one row just past and one just inside the
 * period of every rule (retentionFixture.ts), and what is left afterwards, as an operator would
 * find it with a query.
 */
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
}, 60_000);
afterAll(async () => db?.close());
beforeEach(async () => {
  await emptyTables(db);
  await seedEveryRule(db);
});

const settingsOf = (env: EnvInput = {}) => retentionSettings(envSchema.parse(env));

/** The labels of before that are no longer there (each once). */
function gone(before: string[], after: string[]): string[] {
  const left = [...after];
  return before.filter((label) => {
    const i = left.indexOf(label);
    if (i === -1) return true;
    left.splice(i, 1);
    return false;
  });
}

/** What the default settings delete from the fixture: everything a minute past its period, nothing else. */
const GONE_BY_DEFAULT = [
  'access_code_failure acf-old',
  'assessment NEVER-OLD #1 answers 0',
  'assessment UNF-OLD answers 1',
  'assessment UNFM-OLD #1 answers 1',
  'demo_paypal_order DEMO-OLD',
  'draft 11',
  'group_code_failure gcf-old',
  'group_code_login gcl-old',
  'ident_code_lookup icl-old',
  'key_change 9001',
  'key_check_turn kct-old',
  'mail outbox-old@example.org',
  'mail_sent ms-old',
  'participant NEVER-OLD',
  'participant UNFM-OLD',
  'payment of INV-OLD',
  'payment_report of INV-OLD',
  'portal_transaction INV-OLD',
  'revoked_token jti-expired',
];

const auditRows = () => auditPage(db, 0, 100);

describe('the purge, rule by rule', () => {
  it('deletes what is a minute past its period and keeps what is a minute inside it; finished assessments stay by default', async () => {
    const before = await whatIsLeft(db);
    const report = await purge(db, settingsOf(), { now: NOW, by: 'test' });

    expect(gone(before, await whatIsLeft(db))).toEqual(GONE_BY_DEFAULT);
    expect(report.counts).toEqual({
      neverStarted: { assessment: 1, group_member: 1, assessor: 1 },
      unfinished: { assessment: 2, answer: 2, group_member: 1, assessor: 2 },
      finished: {},
      drafts: { answer_draft: 1 },
      outbox: { mail_outbox: 1 },
      // Both invoices are years old: their client addresses are blanked (the older one then goes whole).
      guessing: { access_code_failure: 1, ident_code_lookup: 1, group_code_failure: 1, group_code_login: 1, mail_sent: 1, key_check_turn: 1, key_change: 1, 'portal_transaction.client_address': 2 },
      revokedTokens: { revoked_token: 1 },
      invoices: { payment_report: 1, payment: 1, portal_transaction: 1 },
      demoOrders: { demo_paypal_order: 1 },
    });
    expect(report).toMatchObject({ records: 26, stopped: false });
    expect(await db.query("select client_address from portal_transaction where id = 'INV-NEW'")).toEqual([{ client_address: '' }]);
    // The kept side, named: still valid, drafted (the page's revision outlives the draft), typing, finished.
    const left = await whatIsLeft(db);
    for (const kept of ['assessment UNF-VALID answers 0', 'assessment UNF-DRAFTED answers 0', 'participant UNFM-NEW', 'participant NEVER-DRAFTED', 'assessment FIN-OLD answers 1', 'participant FINM-OLD', 'assessment FINM-OLD #2 answers 0', 'page revision of UNF-NEW']) {
      expect(left).toContain(kept);
    }
  });

  it('the finished rule, on with PRIVACY_FINISHED_DAYS: personal data go, the finished answers stay anonymous, what a participant left unfinished goes', async () => {
    const before = await whatIsLeft(db);
    const report = await purge(db, settingsOf({ PRIVACY_FINISHED_DAYS: '90' }), { now: NOW, by: 'test' });

    const after = await whatIsLeft(db);
    expect(gone(before, after)).toEqual(
      [...GONE_BY_DEFAULT, 'assessment FIN-OLD answers 1', 'assessment FINM-OLD #1 answers 1', 'assessment FINM-OLD #2 answers 0', 'participant FINM-OLD'].sort(),
    );
    // Both kept under a new code, with their answer, without participant; the one anonymous before is left as it was.
    expect(gone(after, before)).toEqual(['assessment ERASED answers 1', 'assessment ERASED answers 1']);
    expect(after).toContain('assessment ERASED-before answers 1');
    expect(report.counts.finished).toEqual({ assessment: 1, 'assessment (kept anonymous, with its answers)': 2, group_member: 1, assessor: 2 });
    const [blank] = await db.query<{ names: string; members: number }>(
      `select string_agg(s.first_name || s.email, '') as names, count(a.group_member_id)::int as members
         from assessment a join assessor s on s.id = a.assessor_id where a.ident_code like 'ERASED-%' and a.ident_code <> 'ERASED-before'`,
    );
    expect(blank).toEqual({ names: '', members: 0 });
  });

  it('invoice data are kept apart: the participant rules at their shortest touch no row of the portal', async () => {
    const portalRows = () => db.query("select (select count(*)::int from portal_transaction) as t, (select count(*)::int from payment) as p, (select count(*)::int from payment_report) as r");
    const shortest = { PRIVACY_FINISHED_DAYS: '1', PRIVACY_UNFINISHED_DAYS: '1', PRIVACY_NEVER_STARTED_DAYS: '1', PRIVACY_OUTBOX_DAYS: '1', PRIVACY_DRAFT_DAYS: '1', PRIVACY_INVOICE_YEARS: '100' };
    const report = await purge(db, settingsOf(shortest), { now: NOW + 1000 * 86_400_000, by: 'test' });

    expect(await portalRows()).toEqual([{ t: 2, p: 2, r: 2 }]);
    expect(report.counts.invoices).toEqual({});
    // …while every participant is gone or anonymous, the one whose address the invoices carry among them.
    expect(await db.query('select count(*)::int as n from group_member')).toEqual([{ n: 0 }]);
    expect(await db.query("select count(*)::int as n from assessor where email = 'unf-old@example.org'")).toEqual([{ n: 0 }]);
    expect(await db.query("select count(*)::int as n from portal_transaction where invoice_email = 'unf-old@example.org'")).toEqual([{ n: 2 }]);
  });

  it('PRIVACY_INVOICE_YEARS moves the invoice rule, counted from the end of the calendar year', async () => {
    const report = await purge(db, settingsOf({ PRIVACY_INVOICE_YEARS: '9' }), { now: NOW, by: 'test' });
    expect(report.counts.invoices).toEqual({ payment_report: 2, payment: 2, portal_transaction: 2 });
  });
});

describe('a dry run and the audit', () => {
  it('a dry run deletes nothing and counts exactly what the real run then deletes, in transactions of one row or person each', async () => {
    const counted = await rowCounts(db);
    const dry = await purge(db, settingsOf({ PRIVACY_FINISHED_DAYS: '90' }), { now: NOW, by: 'test', dryRun: true });
    expect(await rowCounts(db)).toEqual(counted);
    expect(await auditRows()).toEqual([]);
    expect(dry.records).toBeGreaterThan(24);

    const real = await purge(db, settingsOf({ PRIVACY_FINISHED_DAYS: '90' }), { now: NOW, by: 'test', batch: { people: 1, rows: 1 } });
    expect(real.counts).toEqual(dry.counts);
    expect(real.records).toBe(dry.records);
  });

  it('a real purge leaves one audit row with its counts per rule and table, and who purged; one that finds nothing leaves none', async () => {
    const report = await purge(db, settingsOf(), { now: NOW, by: 'ida' });
    expect(await auditRows()).toEqual([
      { id: expect.any(Number), action: 'purge', subject: 'retention', records: 26, details: flatCounts(report.counts), at: new Date(NOW), by: 'ida' },
    ]);
    expect(flatCounts(report.counts)).toMatchObject({ 'unfinished.assessment': 2, 'invoices.portal_transaction': 1, 'guessing.key_change': 1 });

    expect(await purge(db, settingsOf(), { now: NOW, by: 'ida' })).toMatchObject({ records: 0 });
    expect(await auditRows()).toHaveLength(1);
  });

  it('stops between two transactions when asked (the app stopping), and audits what it did', async () => {
    let asked = 0;
    const report = await purge(db, settingsOf(), { now: NOW, by: 'app', stopping: () => asked++ >= 1 });
    expect(report).toMatchObject({ stopped: true, records: 3, counts: { neverStarted: { assessment: 1, group_member: 1, assessor: 1 }, unfinished: {} } });
    expect(await whatIsLeft(db)).toContain('assessment UNF-OLD answers 1');
    expect((await auditRows()).map((row) => row.records)).toEqual([3]);
  });
});
