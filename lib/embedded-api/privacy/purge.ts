import type { Database, Sql } from '../db/database';
import { recordAudit } from './audit';
import { erasePerson, type Erased } from './erase';
import { personOf } from './people';
import { KEEP_SECONDS } from '../guessing';
import { DEMO_ORDER_KEEP_SECONDS, GUESSING_TABLES, PURGE_RULES, type GuessingTable, type PurgeRule, type RetentionSettings } from './retention';

/**
 * The purge (issue 29, point 2; docs/privacy.md#retention): deletes what the retention rules
 * (retention.ts) no longer keep, rule by rule, and counts it per rule and table.
 *
 * People are erased as the operator's `privacy erase` erases them (erase.ts), taken as units: a
 * group participant with every assessment of theirs, or an assessment of no group with its assessor
 * (who stays while they have another assessment). A participant counts as finished once they
 * finished a questionnaire; their assessments left unfinished go with them when the finished rule
 * erases them, and the unfinished rule never takes a finished result.
 *
 * Every transaction handles one batch (people or rows) and commits, so that a large purge never
 * holds a lock for long; the candidates of a batch are locked with skip locked, so that one a
 * participant is saving right now waits for the next purge. A dry run runs the very same steps in
 * one transaction that is rolled back: it counts exactly what a real run would delete.
 */

export type PurgeCounts = Record<PurgeRule, Erased>;

export type PurgeReport = {
  counts: PurgeCounts;
  /** Everything deleted or made anonymous, over all rules. */
  records: number;
  /** The app stopped before the purge was done: the rest waits for the next one. */
  stopped: boolean;
};

export type PurgeOptions = {
  now: number;
  dryRun?: boolean;
  /** Who purges, for the audit: 'app', or the operating-system user on the command line. */
  by: string;
  /** Asked before every transaction; true ends the purge there (the app stopping). */
  stopping?: () => boolean;
  /** People, and rows, per transaction. */
  batch?: { people: number; rows: number };
};

const DAY_MS = 86_400_000;
const BATCH = { people: 50, rows: 2000 };

/** Runs one transaction's work: each in its own (a real run), or all in one that is rolled back (a dry run). */
type Step = <T>(work: (tx: Sql) => Promise<T>) => Promise<T>;

class DryRun extends Error {
  constructor() {
    super('dry run: rolled back');
  }
}

export async function purge(db: Database, settings: RetentionSettings, options: PurgeOptions): Promise<PurgeReport> {
  const counts = Object.fromEntries(PURGE_RULES.map((rule) => [rule, {}])) as PurgeCounts;
  const report = (stopped: boolean): PurgeReport => ({ counts, records: totalOf(counts), stopped });
  if (options.dryRun) {
    await db
      .transaction(async (tx) => {
        await applyRules((work) => work(tx), settings, options, counts);
        throw new DryRun();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRun)) throw error;
      });
    return report(false);
  }
  let stopped: boolean;
  try {
    stopped = await applyRules((work) => db.transaction(work), settings, options, counts);
  } catch (error) {
    // What the committed batches deleted is audited all the same.
    if (totalOf(counts) > 0) await audit(db, counts, options).catch(() => undefined);
    throw error;
  }
  // A purge that found nothing leaves no row: the audit lists what was done to people's data.
  if (totalOf(counts) > 0) await audit(db, counts, options);
  return report(stopped);
}

/** The counts as the audit's details: one entry per rule and table ('unfinished.assessment'). */
export function flatCounts(counts: PurgeCounts): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).flatMap(([rule, tables]) => Object.entries(tables).map(([table, n]) => [`${rule}.${table}`, n])));
}

function totalOf(counts: PurgeCounts): number {
  return Object.values(flatCounts(counts)).reduce((sum, n) => sum + n, 0);
}

function audit(db: Database, counts: PurgeCounts, options: PurgeOptions): Promise<void> {
  return recordAudit(db, { action: 'purge', subject: 'retention', details: flatCounts(counts), by: options.by }, options.now);
}

function add(into: Erased, counts: Erased): void {
  for (const [table, n] of Object.entries(counts)) if (n > 0) into[table] = (into[table] ?? 0) + n;
}

/** Answers true when it stopped early. */
async function applyRules(step: Step, settings: RetentionSettings, options: PurgeOptions, counts: PurgeCounts): Promise<boolean> {
  const { now } = options;
  const stopping = options.stopping ?? (() => false);
  const batch = options.batch ?? BATCH;
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  const people = (rule: PurgeRule, select: Select, erase: Erase, cutoff: Date) =>
    inBatches(step, batch.people, (tx, after, limit) => select(tx, after, limit, cutoff, new Date(now)), (tx, ids) => erase(tx, ids, now), counts[rule], stopping);
  const rows = (rule: PurgeRule, table: string, key: string, where: string, params: unknown[]) => deleteRows(step, batch.rows, table, key, where, params, counts[rule], stopping);

  // People first: what they erase (drafts, mails, guessing rows of their assessments) is theirs, and
  // the drafts are still there to count as activity.
  const work: Array<() => Promise<boolean>> = [
    () => people('neverStarted', neverStartedMembers, eraseMembers, daysAgo(settings.neverStartedDays)),
    () => people('unfinished', unfinishedMembers, eraseMembers, daysAgo(settings.unfinishedDays)),
    () => people('unfinished', unfinishedAssessments, eraseAssessments, daysAgo(settings.unfinishedDays)),
  ];
  if (settings.finishedDays > 0) {
    work.push(
      () => people('finished', finishedMembers, anonymiseMembers, daysAgo(settings.finishedDays)),
      () => people('finished', finishedAssessments, anonymiseAssessments, daysAgo(settings.finishedDays)),
    );
  }
  work.push(
    // The page's revision stays: it is what a save of the page is checked against.
    () => rows('drafts', 'answer_draft', 'assessment_id, answer_id', 'saved_at < $1', [daysAgo(settings.draftDays)]),
    () => rows('outbox', 'mail_outbox', 'id', 'created_at < $1', [daysAgo(settings.outboxDays)]),
    ...GUESSING_TABLES.map((table) => () => rows('guessing', table, 'id', `${GUESSING_TIME[table]} < $1`, [new Date(now - settings.keepSeconds[table] * 1000)])),
    // An invoice keeps the address it came from only for the hourly invoice limit: blanked after
    // two days, while the invoice itself is kept for its years.
    () => blankInvoiceAddresses(step, batch.rows, new Date(now - KEEP_SECONDS * 1000), counts.guessing, stopping),
    () => rows('revokedTokens', 'revoked_token', 'jti', 'expires_at < $1', [new Date(now)]),
    () => invoices(step, batch.rows, invoiceCutoff(now, settings.invoiceYears), counts.invoices, stopping),
    async () => {
      const [table] = await step((tx) => tx.query<{ present: boolean }>("select to_regclass('demo_paypal_order') is not null as present"));
      return table?.present ? rows('demoOrders', 'demo_paypal_order', 'id', 'created_at < $1', [new Date(now - DEMO_ORDER_KEEP_SECONDS * 1000)]) : false;
    },
  );
  for (const next of work) if (await next()) return true;
  return false;
}

const GUESSING_TIME: Record<GuessingTable, string> = {
  access_code_failure: 'failed_at',
  ident_code_lookup: 'looked_up_at',
  group_code_failure: 'failed_at',
  group_code_login: 'logged_in_at',
  mail_sent: 'sent_at',
  key_check_turn: 'expires_at',
  key_change: 'changed_at',
  operator_signin_failure: 'at',
};

/**
 * §147 AO: records are kept for the years after the end of the calendar year they were made in, so
 * an invoice of 2015 may go from 1 January 2026 on. The year ends in UTC, an hour after it ended in
 * Germany: never before.
 */
function invoiceCutoff(now: number, years: number): Date {
  return new Date(Date.UTC(new Date(now).getUTCFullYear() - years, 0, 1));
}

/** The next candidates after `after` (by id), at most `limit`, locked for this transaction. */
type Select = (tx: Sql, after: number, limit: number, cutoff: Date, now: Date) => Promise<number[]>;
/** Erases the candidates of one batch; `now` ends the tokens of an anonymous assessment's blank assessor. */
type Erase = (tx: Sql, ids: number[], now: number) => Promise<Erased>;

async function inBatches(step: Step, size: number, select: (tx: Sql, after: number, limit: number) => Promise<number[]>, erase: (tx: Sql, ids: number[]) => Promise<Erased>, into: Erased, stopping: () => boolean): Promise<boolean> {
  let after = 0;
  for (;;) {
    if (stopping()) return true;
    const { picked, erased } = await step(async (tx) => {
      const ids = await select(tx, after, size);
      return { picked: ids, erased: ids.length > 0 ? await erase(tx, ids) : {} };
    });
    add(into, erased);
    if (picked.length < size) return false;
    after = Math.max(...picked);
  }
}

async function deleteRows(step: Step, size: number, table: string, key: string, where: string, params: unknown[], into: Erased, stopping: () => boolean): Promise<boolean> {
  for (;;) {
    if (stopping()) return true;
    const n = await step(async (tx) => {
      const [row] = await tx.query<{ n: number }>(
        `with gone as (delete from ${table} where (${key}) in (select ${key} from ${table} where ${where} limit $${params.length + 1}) returning 1)
         select count(*)::int as n from gone`,
        [...params, size],
      );
      return row!.n;
    });
    add(into, { [table]: n });
    if (n < size) return false;
  }
}

async function blankInvoiceAddresses(step: Step, size: number, cutoff: Date, into: Erased, stopping: () => boolean): Promise<boolean> {
  for (;;) {
    if (stopping()) return true;
    const n = await step(async (tx) => {
      const [row] = await tx.query<{ n: number }>(
        `with blanked as (update portal_transaction set client_address = '' where id in (
            select id from portal_transaction where created_at < $1 and client_address <> '' limit $2 for update skip locked) returning 1)
         select count(*)::int as n from blanked`,
        [cutoff, size],
      );
      return row!.n;
    });
    add(into, { 'portal_transaction.client_address': n });
    if (n < size) return false;
  }
}

/** Invoice data go together: the transaction, its payments and what PayPal reported about them. */
async function invoices(step: Step, size: number, cutoff: Date, into: Erased, stopping: () => boolean): Promise<boolean> {
  for (;;) {
    if (stopping()) return true;
    const { picked, erased } = await step(async (tx) => {
      const ids = (await tx.query<{ id: string }>('select id from portal_transaction where created_at < $1 order by id limit $2 for update skip locked', [cutoff, size])).map((r) => r.id);
      const erased: Erased = {};
      if (ids.length === 0) return { picked: ids, erased };
      for (const table of ['payment_report', 'payment', 'portal_transaction']) {
        const column = table === 'portal_transaction' ? 'id' : 'transaction_id';
        erased[table] = (await tx.query(`delete from ${table} where ${column} = any($1::text[]) returning 1`, [ids])).length;
      }
      return { picked: ids, erased };
    });
    add(into, erased);
    if (picked.length < size) return false;
  }
}

/**
 * An assessment counts as active since the cutoff when it was created, finished, answered, drafted
 * or a page of it saved since ($3). page_revision outlives the drafts it counted (PRIVACY_DRAFT_DAYS
 * is shorter than PRIVACY_UNFINISHED_DAYS), so a participant who only drafted still counts as active.
 */
const ACTIVE_SINCE = `(a.created_at >= $3
  or (a.finished_at is not null and a.finished_at >= $3)
  or exists (select 1 from answer x where x.assessment_id = a.id and x.saved_at >= $3)
  or exists (select 1 from answer_draft x where x.assessment_id = a.id and x.saved_at >= $3)
  or exists (select 1 from page_revision x where x.assessment_id = a.id and x.saved_at >= $3))`;

/** A participant's own moments: their login and their personal info. */
const MEMBER_QUIET = 'm.created_at < $3 and (m.personal_info_saved_at is null or m.personal_info_saved_at < $3)';

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

/** Group participants who logged in before the cutoff and have nothing answered, drafted or finished. */
const neverStartedMembers: Select = async (tx, after, limit, cutoff) =>
  ids(
    await tx.query(
      `select m.id from group_member m
        where m.id > $1 and m.created_at < $3
          and not exists (select 1 from assessment a where a.group_member_id = m.id and (a.finished_at is not null
                or exists (select 1 from answer x where x.assessment_id = a.id)
                or exists (select 1 from answer_draft x where x.assessment_id = a.id)))
        order by m.id limit $2 for update skip locked`,
      [after, limit, cutoff],
    ),
  );

/** Group participants who finished nothing and did nothing since the cutoff. */
const unfinishedMembers: Select = async (tx, after, limit, cutoff) =>
  ids(
    await tx.query(
      `select m.id from group_member m
        where m.id > $1 and ${MEMBER_QUIET}
          and not exists (select 1 from assessment a where a.group_member_id = m.id and (a.finished_at is not null or ${ACTIVE_SINCE}))
        order by m.id limit $2 for update skip locked`,
      [after, limit, cutoff],
    ),
  );

/**
 * Unfinished assessments of no group with nothing done since the cutoff; one still valid (valid_until
 * ahead) waits for its end: the operator handed it out to be answered until then.
 */
const unfinishedAssessments: Select = async (tx, after, limit, cutoff, now) =>
  ids(
    await tx.query(
      `select a.id from assessment a
        where a.id > $1 and a.group_member_id is null and a.finished_at is null and a.ident_code not like 'ERASED-%'
          and (a.valid_until is null or a.valid_until <= $4) and not ${ACTIVE_SINCE}
        order by a.id limit $2 for update skip locked`,
      [after, limit, cutoff, now],
    ),
  );

/** Group participants who finished a questionnaire and did nothing since the cutoff. */
const finishedMembers: Select = async (tx, after, limit, cutoff) =>
  ids(
    await tx.query(
      `select m.id from group_member m
        where m.id > $1 and ${MEMBER_QUIET}
          and exists (select 1 from assessment a where a.group_member_id = m.id and a.finished_at is not null)
          and not exists (select 1 from assessment a where a.group_member_id = m.id and ${ACTIVE_SINCE})
        order by m.id limit $2 for update skip locked`,
      [after, limit, cutoff],
    ),
  );

/** Finished assessments of no group, finished before the cutoff, not yet anonymous (erase.ts names those ERASED-…). */
const finishedAssessments: Select = async (tx, after, limit, cutoff) =>
  ids(
    await tx.query(
      `select a.id from assessment a
        where a.id > $1 and a.group_member_id is null and a.finished_at < $3 and a.ident_code not like 'ERASED-%'
        order by a.id limit $2 for update skip locked`,
      [after, limit, cutoff],
    ),
  );

const NOBODY = { assessorIds: [], sharedAssessorIds: [], groupMemberIds: [], emails: [] };

const eraseMembers: Erase = async (tx, memberIds, now) =>
  erasePerson(tx, await personOf(tx, { assessmentIds: [], groupMemberIds: memberIds }), { keepAnswersAnonymous: false, now });

const eraseAssessments: Erase = async (tx, assessmentIds, now) =>
  erasePerson(tx, await personOf(tx, { assessmentIds, groupMemberIds: [] }), { keepAnswersAnonymous: false, now });

/** The participants' finished answers stay, anonymous; what they left unfinished goes, as the unfinished rule would take it. */
const anonymiseMembers: Erase = async (tx, memberIds, now) => {
  const leftovers = ids(await tx.query('select id from assessment where group_member_id = any($1::int[]) and finished_at is null', [memberIds]));
  const counts: Erased = {};
  if (leftovers.length > 0) add(counts, await erasePerson(tx, { ...NOBODY, assessmentIds: leftovers }, { keepAnswersAnonymous: false, now }));
  add(counts, await erasePerson(tx, await personOf(tx, { assessmentIds: [], groupMemberIds: memberIds }), { keepAnswersAnonymous: true, now }));
  return counts;
};

const anonymiseAssessments: Erase = async (tx, assessmentIds, now) =>
  erasePerson(tx, await personOf(tx, { assessmentIds, groupMemberIds: [] }), { keepAnswersAnonymous: true, now });
