import { envSchema } from '@/lib/config/schema';
import { captureOutput } from '@/lib/log/captureOutput';
import type { Database, Sql } from '../db/database';
import { migrate } from '../db/migrations';
import { createTestStore, expectedTestDatabaseKind, openTestDatabase, type TestStore } from '../db/testDatabase';
import { auditPage } from './audit';
import { FIRST_PURGE_AFTER_MS, PURGE_EVERY_MS, startDailyPurge } from './dailyPurge';
import { retentionSettings } from './retention';
import { NOW, older } from './retentionFixture';

/**
 * The purge inside the app: some minutes after the start, then once a day; a failure is one log
 * line and the next day's run goes on; on PostgreSQL two instances never purge at the same time.
 */
const settings = retentionSettings(envSchema.parse({}));

const staleMail = (sql: Sql, recipient: string) =>
  sql.query<{ id: number }>(
    "insert into mail_outbox (created_at, kind, language, sender, recipient, subject, body) values ($1, 'accessCode', 'de-DE', 'x@example.org', $2, 'Code', 'Hallo') returning id",
    [older(30), recipient],
  );
const mails = async (sql: Sql) => (await sql.query<{ recipient: string }>('select recipient from mail_outbox order by id')).map((r) => r.recipient);

describe('the daily purge', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db);
  }, 60_000);
  afterAll(async () => db?.close());
  afterEach(() => jest.useRealTimers());

  it('runs first some minutes after the start, then every 24 hours, and logs what it purged', async () => {
    // Only the timers are faked: the database's own work runs as it would.
    jest.useFakeTimers({ doNotFake: ['Date', 'nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
    const logged = captureOutput();
    const purges = startDailyPurge(db, settings, { now: () => NOW });
    try {
      await staleMail(db, 'first@example.org');
      jest.advanceTimersByTime(FIRST_PURGE_AFTER_MS - 1);
      await purges.settled();
      expect(await mails(db)).toEqual(['first@example.org']);
      jest.advanceTimersByTime(1);
      await purges.settled();
      expect(await mails(db)).toEqual([]);

      await staleMail(db, 'second@example.org');
      jest.advanceTimersByTime(PURGE_EVERY_MS - 1);
      await purges.settled();
      expect(await mails(db)).toEqual(['second@example.org']);
      jest.advanceTimersByTime(1);
      await purges.settled();
      expect(await mails(db)).toEqual([]);
    } finally {
      await purges.stop();
      logged.restore();
    }
    expect(logged.events().filter((e) => e.event === 'privacy_purge')).toEqual([
      expect.objectContaining({ level: 'info', records: 1, rules: { outbox: 1 }, stopped: false }),
      expect.objectContaining({ level: 'info', records: 1, rules: { outbox: 1 } }),
    ]);
    expect((await auditPage(db, 0, 10)).map((row) => [row.action, row.subject, row.by])).toEqual([
      ['purge', 'retention', 'app'],
      ['purge', 'retention', 'app'],
    ]);
    expect(logged.text()).not.toContain('example.org');
  });

  it('a failure is one log line, without personal data, and never stops the app: the next run purges', async () => {
    await staleMail(db, 'third@example.org');
    let down = true;
    const flaky: Database = {
      kind: db.kind,
      get closed() {
        return db.closed;
      },
      query: (text, params) => db.query(text, params),
      transaction: (fn) => (down ? Promise.reject(new Error('Connection terminated unexpectedly')) : db.transaction(fn)),
      close: () => db.close(),
    };
    const logged = captureOutput();
    const purges = startDailyPurge(flaky, settings, { now: () => NOW, firstAfterMs: PURGE_EVERY_MS });
    try {
      expect(await purges.runNow()).toBe('failed');
      down = false;
      expect(await purges.runNow()).toMatchObject({ records: 1 });
    } finally {
      await purges.stop();
      logged.restore();
    }
    expect(logged.events().map((e) => e.event)).toEqual(['privacy_purge_failed', 'privacy_purge']);
    expect(logged.events()[0]).toMatchObject({ level: 'error', reason: 'Connection terminated unexpectedly' });
    expect(await mails(db)).toEqual([]);
  });
});

// Collected only in the PostgreSQL pass (npm run test:postgres): PGlite has one process, so no second instance.
const onPostgres = (title: string, body: () => void) => {
  if (expectedTestDatabaseKind() === 'postgres') describe(title, body);
};

onPostgres('two instances on one PostgreSQL', () => {
  let store: TestStore;
  const opened: Database[] = [];
  const open = async () => {
    const db = await store.open();
    opened.push(db);
    return db;
  };
  beforeAll(async () => {
    store = await createTestStore();
  }, 60_000);
  afterAll(async () => {
    for (const db of opened) await db.close();
    await store?.remove();
  });

  it('never purge at the same time: while one purges, the other leaves it to it', async () => {
    const [a, b, holder] = [await open(), await open(), await open()];
    await migrate(a);
    const [mail] = await staleMail(a, 'held@example.org');
    await staleMail(a, 'free@example.org');
    const first = startDailyPurge(a, settings, { now: () => NOW, firstAfterMs: PURGE_EVERY_MS });
    const second = startDailyPurge(b, settings, { now: () => NOW, firstAfterMs: PURGE_EVERY_MS });
    const logged = captureOutput();
    try {
      // A participant's request holds one of the mails: instance a's purge waits for it, holding the purge's lock.
      let taken!: () => void;
      let release!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      const held = holder.transaction(async (tx) => {
        await tx.query('select id from mail_outbox where id = $1 for update', [mail!.id]);
        taken();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await lockTaken;
      const running = first.runNow();
      for (let i = 0; i < 100; i++) {
        const [waiting] = await b.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%mail_outbox%'");
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await second.runNow()).toBe('busy');
      expect(await mails(b)).toEqual(['held@example.org', 'free@example.org']);

      release();
      await held;
      expect(await running).toMatchObject({ records: 2, counts: { outbox: { mail_outbox: 2 } } });
      expect(await second.runNow()).toMatchObject({ records: 0 });
    } finally {
      await first.stop();
      await second.stop();
      logged.restore();
    }
    expect(await mails(a)).toEqual([]);
    expect((await auditPage(a, 0, 10)).map((row) => row.records)).toEqual([2]);
  });
});
