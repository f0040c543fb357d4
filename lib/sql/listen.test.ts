import { Client } from 'pg';
import { createTestStore, expectedTestDatabaseKind, type TestStore } from '@/lib/embedded-api/db/testDatabase';
import { captureOutput, type CapturedOutput } from '@/lib/log/captureOutput';
import { listenPostgres, type Listening } from './listen';

/**
 * The listener that carries a branding change to every worker and instance (lib/signals/headerFooter.ts).
 * Without a server: how it keeps trying. On the PostgreSQL pass (TEST_DATABASE_URL): a notification
 * arrives, one is made up whenever listening starts (what was sent before was lost), and a stop
 * leaves no connection behind.
 */
const waitFor = async (what: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!what()) {
    if (Date.now() > until) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const lostEvents = (log: CapturedOutput) => log.events().filter((event) => event.event === 'notification_listener_lost');

describe('listening without a server', () => {
  it('tries again, longer each time, says so in the log, and stop() ends the tries', async () => {
    const log = captureOutput();
    const notified = jest.fn();
    // Port 1: refused at once.
    const listening = listenPostgres('postgres://nobody@127.0.0.1:1/none', 'header_footer_changed', notified, { retryMs: 20 });
    try {
      await waitFor(() => lostEvents(log).length >= 3);
    } finally {
      await listening.stop();
    }
    const seen = lostEvents(log).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    log.restore();
    expect(lostEvents(log)).toHaveLength(seen);
    expect(lostEvents(log)[0]).toMatchObject({ level: 'warn', channel: 'header_footer_changed', code: 'ECONNREFUSED' });
    // Nothing was ever heard, so nothing was made up.
    expect(notified).not.toHaveBeenCalled();
  });
});

if (expectedTestDatabaseKind() === 'postgres') describe('listening on PostgreSQL', () => {
  let store: TestStore;
  let listening: Listening | undefined;
  let sender: Client;

  beforeAll(async () => {
    store = await createTestStore();
    sender = new Client({ connectionString: store.databaseUrl });
    await sender.connect();
  });

  afterAll(async () => {
    await listening?.stop();
    await sender.end();
    await store.remove();
  });

  const backendsListening = async () =>
    (await sender.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'")).rows;

  it('makes one up once listening (what was sent before is lost), hears one on its channel, not on another; after the server ends its connection, connects again and makes one up', async () => {
    const notified = jest.fn();
    listening = listenPostgres(store.databaseUrl!, 'header_footer_changed', notified, { retryMs: 20 });
    await waitFor(() => notified.mock.calls.length === 1);
    expect(await backendsListening()).toHaveLength(1);
    await sender.query("select pg_notify('another_channel', '')");
    await sender.query("select pg_notify('header_footer_changed', 'branding')");
    await waitFor(() => notified.mock.calls.length === 2);

    const log = captureOutput();
    try {
      const [listener] = await backendsListening();
      await sender.query('select pg_terminate_backend($1)', [listener!.pid]);
      await waitFor(() => notified.mock.calls.length === 3);
    } finally {
      log.restore();
    }
    expect(lostEvents(log)).not.toHaveLength(0);
    // And it hears again.
    await sender.query("select pg_notify('header_footer_changed', 'branding')");
    await waitFor(() => notified.mock.calls.length === 4);
    await listening.stop();
    listening = undefined;
    expect(await backendsListening()).toHaveLength(0);
  });

  it('stopped while it is still connecting, it leaves no connection behind', async () => {
    const notified = jest.fn();
    const early = listenPostgres(store.databaseUrl!, 'header_footer_changed', notified, { retryMs: 20 });
    await early.stop();
    // Not even for a moment after stop() is done.
    const seen: number[] = [];
    for (const until = Date.now() + 500; Date.now() < until; ) {
      const connected = await sender.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      seen.push(connected.rows[0]!.n);
    }
    expect(Math.max(...seen)).toBe(0);
    expect(notified).not.toHaveBeenCalled();
  });
});
