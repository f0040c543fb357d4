import { closedPort, silentServer, startSmtpServer, type TestSmtpServer } from '@/e2e/support/smtp';
import { confirmationState, paymentPage } from '@/lib/admin/portals';
import { captureOutput } from '@/lib/log/captureOutput';
import type { EmbeddedSettings, MailSettings } from './context';
import { createTestStore, type TestStore } from './db/testDatabase';
import type { Database } from './db/database';
import { migrate, MIGRATIONS } from './db/migrations';
import { seedDemoIfEmpty } from './demo/seed';
import { startOrdersStandin, type OrdersStandin } from './payments/ordersStandin';
import { confirmationsSettled } from './portal/confirmation';
import { startConfirmationRetries } from './portal/confirmationRetries';
import { claimMs, MAX_CONFIRMATION_ATTEMPTS, nextAttemptAt } from './portal/confirmationSchedule';
import { createRequestHandler } from './server';
import { DEMO_INVOICE, sendTo, testMailSettings, testPortalSettings, testSettings } from './testApi';

/**
 * The buyer's confirmation mail reaches the buyer although the mail server was down or said "try
 * later" when the payment was recorded, or the app stopped while sending it: retried with backoff
 * (portal/confirmationSchedule.ts) at start and on a timer (portal/confirmationRetries.ts), each
 * attempt claimed in the database so that no two senders send one mail at the same time. Payments
 * go through the embedded API's front door, PayPal is the local stand-in, mail a real SMTP server
 * in this process. The retries are judged by a clock the test moves, never by sleeping.
 */
let store: TestStore;
let db: Database;
let standin: OrdersStandin;
let smtp: TestSmtpServer;
let settings: EmbeddedSettings;
/** Mail settings whose server is up (the test SMTP server) and down (nothing listens). */
let up: MailSettings;
let down: MailSettings;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The clock of requests and retries; tests only move it forward. */
let clock = Date.now();

beforeAll(async () => {
  [standin, smtp] = await Promise.all([startOrdersStandin(), startSmtpServer()]);
  settings = testSettings('r'.repeat(40), {
    portal: testPortalSettings({ paypal: { mode: 'sandbox', apiBase: standin.url, clientId: standin.clientId, clientSecret: standin.clientSecret, timeoutMs: 2000 } }),
  });
  up = testMailSettings({ smtpUrl: smtp.url, timeoutMs: 2000 });
  down = testMailSettings({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, timeoutMs: 1000 });
  // A store rather than one connection: on PostgreSQL a second instance opens its own (the race below).
  store = await createTestStore();
  db = await store.open();
  await migrate(db);
  await seedDemoIfEmpty(db);
}, 60_000);

afterAll(async () => {
  await Promise.all([standin?.close(), smtp?.close()]);
  await db?.close();
  await store?.remove();
});

let buyers = 0;
const client = () => `198.51.100.${(buyers % 250) + 1}`;

/** An invoice form of the demo portal, by a buyer with an address of their own. */
async function invoice(language = 'de-DE'): Promise<{ transactionId: string; email: string }> {
  buyers += 1;
  const email = `retry-buyer${buyers}@example.org`;
  const handle = createRequestHandler(db, settings, { now: () => clock });
  const { answer } = await sendTo(handle, 'submit/portal/invoiceinfo', { ...DEMO_INVOICE, invoiceEmail: email, uiLanguage: language }, client());
  expect(answer).toMatchObject({ statusCode: 1 });
  return { transactionId: answer.transactionId as string, email };
}

/** A paid transaction whose confirmation's first attempt went to `mail`; `settle: false` leaves that attempt under way. */
async function pay(mail: MailSettings, { language = 'de-DE', settle = true } = {}) {
  const { transactionId, email } = await invoice(language);
  const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
  const handle = createRequestHandler(db, { ...settings, mail }, { now: () => clock });
  const { answer } = await sendTo(handle, 'submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID: orderId } }, client());
  expect(answer).toMatchObject({ statusCode: 1, detailCode: 0 });
  if (settle) await confirmationsSettled(db);
  return { transactionId, orderId, email, paidAt: clock };
}

/** The payment's confirmation as stored. */
async function stored(orderId: string) {
  const [row] = await db.query<{ confirmation_mail: string | null; confirmation_attempts: number; confirmation_next_at: Date | string | null }>(
    'select confirmation_mail, confirmation_attempts, confirmation_next_at from payment where paypal_order_id = $1',
    [orderId],
  );
  return { mail: row!.confirmation_mail, attempts: row!.confirmation_attempts, nextAt: row!.confirmation_next_at === null ? null : new Date(row!.confirmation_next_at).getTime() };
}

/** The transaction's line as `npm run admin -- payment list` reads and labels it. */
async function listed(transactionId: string) {
  const row = (await paymentPage(db, undefined, 100_000)).find((r) => r.transaction_id === transactionId)!;
  return { confirmation_mail: confirmationState(row), confirmation_attempts: row.confirmation_attempts, confirmation_next_at: row.confirmation_next_at === null ? null : new Date(row.confirmation_next_at).getTime() };
}

/** One run of the retries at `at`, as a start does; resolves with the attempts made. */
async function retryAt(at: number, mail: MailSettings = up, on: Database = db): Promise<number> {
  const retries = startConfirmationRetries(on, mail, { now: () => at, everyMs: HOUR });
  try {
    return await retries.runDue();
  } finally {
    await retries.stop();
  }
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

describe('the mail server down when the payment is recorded', () => {
  it('the payment is Ok, its confirmation retried a minute later: exactly one mail, in the buyer’s language, and payment list says smtp', async () => {
    clock += HOUR;
    const { transactionId, orderId, email, paidAt } = await pay(down, { language: 'fr-FR' });
    expect(await stored(orderId)).toEqual({ mail: 'failed', attempts: 1, nextAt: paidAt + MINUTE });
    expect(await listed(transactionId)).toEqual({ confirmation_mail: 'retrying', confirmation_attempts: 1, confirmation_next_at: paidAt + MINUTE });

    // Not due yet: nothing is tried, not even a connection.
    const connections = smtp.connections;
    expect(await retryAt(paidAt + 30_000)).toBe(0);
    expect(smtp.connections).toBe(connections);

    expect(await retryAt(paidAt + MINUTE)).toBe(1);
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe('Votre paiement a été reçu');
    expect(mail.parsed.headers.get('content-language')).toBe('fr-FR');
    for (const value of [transactionId, orderId, 'Montant: 345,67 EUR', 'Erika Muster', 'Hauptstraße 1', email]) expect(mail.text).toContain(value);
    expect(await stored(orderId)).toEqual({ mail: 'smtp', attempts: 2, nextAt: null });
    expect(await listed(transactionId)).toEqual({ confirmation_mail: 'smtp', confirmation_attempts: 2, confirmation_next_at: null });

    // Nothing more, however late.
    expect(await retryAt(paidAt + 2 * 24 * HOUR)).toBe(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('a server down for good: 8 attempts over about a day, then failed for good, and no more connections', async () => {
    clock += HOUR;
    const { transactionId, orderId, email, paidAt } = await pay(down);
    let at = paidAt;
    for (let attempt = 2; attempt <= MAX_CONFIRMATION_ATTEMPTS; attempt++) {
      at = nextAttemptAt(attempt - 1, at, false)!;
      expect(await retryAt(at, down)).toBe(1);
      expect((await stored(orderId)).attempts).toBe(attempt);
    }
    expect(at - paidAt).toBeGreaterThan(20 * HOUR);
    expect(await stored(orderId)).toEqual({ mail: 'failed', attempts: MAX_CONFIRMATION_ATTEMPTS, nextAt: null });
    expect((await listed(transactionId)).confirmation_mail).toBe('failed');
    const connections = smtp.connections;
    expect(await retryAt(at + 7 * 24 * HOUR)).toBe(0);
    expect(smtp.connections).toBe(connections);
    expect(mailsTo(email)).toEqual([]);
  });

  it('while the server stays down, a run tries one mail, not every mail due: the others wait for the next run', async () => {
    clock += HOUR;
    const paid = [await pay(down), await pay(down), await pay(down)];
    const at = clock + MINUTE;
    expect(await retryAt(at, down)).toBe(1);
    expect((await Promise.all(paid.map(({ orderId }) => stored(orderId)))).map((s) => s.attempts).sort()).toEqual([1, 1, 2]);
    // The server back: the two that waited go at once, the one tried waits its 5 minutes.
    expect(await retryAt(at, up)).toBe(2);
    expect(await retryAt(at + 5 * MINUTE, up)).toBe(1);
    for (const { email } of paid) await smtp.mailTo(email);
    for (const { email } of paid) expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('the mail server refuses the mail', () => {
  afterEach(() => {
    smtp.mode = 'accept';
  });

  it('“try later” (451) is retried with growing waits until the server takes it', async () => {
    clock += HOUR;
    smtp.mode = 'defer';
    const { transactionId, orderId, email, paidAt } = await pay(up);
    expect(await stored(orderId)).toEqual({ mail: 'failed', attempts: 1, nextAt: paidAt + MINUTE });
    expect((await listed(transactionId)).confirmation_mail).toBe('retrying');

    expect(await retryAt(paidAt + MINUTE)).toBe(1);
    expect(await stored(orderId)).toEqual({ mail: 'failed', attempts: 2, nextAt: paidAt + MINUTE + 5 * MINUTE });

    smtp.mode = 'accept';
    expect(await retryAt(paidAt + 6 * MINUTE)).toBe(1);
    await smtp.mailTo(email);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await listed(transactionId)).toEqual({ confirmation_mail: 'smtp', confirmation_attempts: 3, confirmation_next_at: null });
  });

  it('a permanent refusal (550) is not retried: failed for good at once', async () => {
    clock += HOUR;
    smtp.mode = 'refuse';
    const { transactionId, orderId, email, paidAt } = await pay(up);
    smtp.mode = 'accept';
    expect(await stored(orderId)).toEqual({ mail: 'failed', attempts: 1, nextAt: null });
    expect(await listed(transactionId)).toEqual({ confirmation_mail: 'failed', confirmation_attempts: 1, confirmation_next_at: null });
    const connections = smtp.connections;
    expect(await retryAt(paidAt + 2 * 24 * HOUR)).toBe(0);
    expect(smtp.connections).toBe(connections);
    expect(mailsTo(email)).toEqual([]);
  });
});

describe('a stop while the confirmation is sent', () => {
  /** The payment as submitPaid leaves it when the process dies during the send: first attempt claimed, nothing recorded after. */
  async function leftByAStop() {
    const { transactionId, email } = await invoice('en-US');
    const orderId = `STOPPED${buyers}`.padEnd(17, '0');
    await db.query(
      `insert into payment (transaction_id, paypal_order_id, paypal_capture_id, amount_cents, currency, recorded_at, confirmation_attempts, confirmation_next_at)
       values ($1, $2, 'CAPTURESTOPPED01', 34567, 'EUR', $3, 1, $4)`,
      [transactionId, orderId, new Date(clock), new Date(clock + claimMs(up.timeoutMs))],
    );
    return { transactionId, orderId, email, paidAt: clock };
  }

  it('is sent by the timer once the claim of the cut-off attempt has run out, not before', async () => {
    clock += HOUR;
    const { transactionId, orderId, email, paidAt } = await leftByAStop();
    expect(await listed(transactionId)).toMatchObject({ confirmation_mail: 'pending', confirmation_attempts: 1 });

    let now = paidAt + 2 * MINUTE;
    const connections = smtp.connections;
    const retries = startConfirmationRetries(db, up, { now: () => now, everyMs: 20 });
    try {
      // The start's own run: the attempt may still be under way elsewhere.
      expect(await retries.runDue()).toBe(0);
      expect(smtp.connections).toBe(connections);
      now = paidAt + claimMs(up.timeoutMs);
      // No call: the timer's next tick sends it.
      const mail = await smtp.mailTo(email);
      expect(mail.subject).toBe('Your payment has been received');
      expect(mail.text).toContain(orderId);
    } finally {
      await retries.stop();
    }
    expect(mailsTo(email)).toHaveLength(1);
    expect(await listed(transactionId)).toEqual({ confirmation_mail: 'smtp', confirmation_attempts: 2, confirmation_next_at: null });
  });

  it('a cut-off last attempt leaves nothing to try: failed for good, without a connection', async () => {
    clock += HOUR;
    const { transactionId, orderId, email } = await leftByAStop();
    await db.query('update payment set confirmation_attempts = $2 where paypal_order_id = $1', [orderId, MAX_CONFIRMATION_ATTEMPTS]);
    const connections = smtp.connections;
    expect(await retryAt(clock + HOUR)).toBe(0);
    expect(smtp.connections).toBe(connections);
    expect(await listed(transactionId)).toEqual({ confirmation_mail: 'failed', confirmation_attempts: MAX_CONFIRMATION_ATTEMPTS, confirmation_next_at: null });
    expect(mailsTo(email)).toEqual([]);
  });
});

describe('never two senders of one confirmation', () => {
  it('the first send under way (a hung server) is not taken by a retry; once it failed, the retry sends it once', async () => {
    clock += HOUR;
    const hung = await silentServer();
    try {
      // 8 s: the retry below must surely run while the first attempt waits, even on a loaded machine.
      const { orderId, email, paidAt } = await pay(testMailSettings({ smtpUrl: hung.url, timeoutMs: 8000 }), { settle: false });
      // The retry runs while the first attempt still waits for the hung server's greeting.
      expect(await retryAt(paidAt + 2 * MINUTE)).toBe(0);
      await confirmationsSettled(db);
      expect(await stored(orderId)).toEqual({ mail: 'failed', attempts: 1, nextAt: paidAt + MINUTE });
      expect(mailsTo(email)).toEqual([]);
      expect(await retryAt(paidAt + 2 * MINUTE)).toBe(1);
      await smtp.mailTo(email);
      expect(mailsTo(email)).toHaveLength(1);
    } finally {
      await hung.close();
    }
  });

  it('two instances retrying at the same time on one database deliver each mail exactly once', async () => {
    clock += HOUR;
    const paid = [];
    for (let i = 0; i < 6; i++) paid.push(await pay(down));
    // A second instance: its own connections on PostgreSQL; PGlite is one process's alone.
    const other = db.kind === 'postgres' ? await store.open() : db;
    try {
      const at = clock + 2 * MINUTE;
      const [first, second] = await Promise.all([retryAt(at, up, db), retryAt(at, up, other)]);
      expect(first + second).toBe(6);
    } finally {
      if (other !== db) await other.close();
    }
    for (const { email, orderId } of paid) {
      await smtp.mailTo(email);
      expect(mailsTo(email)).toHaveLength(1);
      expect(await stored(orderId)).toEqual({ mail: 'smtp', attempts: 2, nextAt: null });
    }
  });
});

describe('nothing due, nothing done', () => {
  it('sent, failed for good and not yet due confirmations: a run makes no attempt and opens no SMTP connection', async () => {
    clock += HOUR;
    await pay(up);
    smtp.mode = 'refuse';
    await pay(up);
    smtp.mode = 'accept';
    const waiting = await pay(down);
    const connections = smtp.connections;
    expect(await retryAt(waiting.paidAt + MINUTE - 1)).toBe(0);
    expect(smtp.connections).toBe(connections);
    // Left as it found nothing: the waiting one goes when due.
    expect(await retryAt(waiting.paidAt + MINUTE)).toBe(1);
    await smtp.mailTo(waiting.email);
  });
});

describe('the log', () => {
  it('one line per attempt’s outcome, with the payment’s id, never the recipient, the text or the server’s reply', async () => {
    const output = captureOutput();
    let email = '';
    let transactionId = '';
    try {
      clock += HOUR;
      smtp.mode = 'defer';
      const paid = await pay(up);
      ({ email, transactionId } = paid);
      await retryAt(paid.paidAt + MINUTE);
      smtp.mode = 'accept';
      await retryAt(paid.paidAt + 6 * MINUTE);
    } finally {
      smtp.mode = 'accept';
      output.restore();
    }
    const outcomes = output.events().filter((e) => e.event === 'payment_confirmation');
    expect(outcomes.map((e) => [e.attempt, e.outcome, e.failure ?? e.via])).toEqual([
      [1, 'retrying', 'refused'],
      [2, 'retrying', 'refused'],
      [3, 'sent', 'smtp'],
    ]);
    expect(new Set(outcomes.map((e) => e.payment)).size).toBe(1);
    const logged = output.text();
    for (const secret of [email, transactionId, 'Erika Muster', 'Hauptstraße', 'Greylisted', 'try again later']) expect(logged).not.toContain(secret);
  });
});

describe('migration 13 on a database an older app left', () => {
  it('confirmations of the last day that failed or were cut off are due at once; older ones failed for good; sent ones stay sent', async () => {
    const old = await createTestStore();
    const olderDb = await old.open();
    try {
      await migrate(olderDb, MIGRATIONS.filter((m) => m.version < 13));
      await seedDemoIfEmpty(olderDb);
      await olderDb.query(
        `insert into portal_transaction (id, portal_id, invoice_is_private, invoice_name, invoice_street, invoice_city, invoice_email, product_text, price_cents, ui_language, data_privacy_accepted_at, client_address, created_at)
         select 'PT-OLD-' || n, 1, true, 'Erika Muster', 'Hauptstraße 1', '10115 Berlin', 'old' || n || '@example.org', 'Kompetenzanalyse Online', 34567, 'de-DE', now(), '192.0.2.1', now()
           from generate_series(1, 5) n`,
      );
      const payment = (n: number, mail: string | null, age: string) =>
        olderDb.query(
          `insert into payment (transaction_id, paypal_order_id, paypal_capture_id, amount_cents, currency, recorded_at, confirmation_mail)
           values ('PT-OLD-' || $1::int, 'ORDEROLD' || $1::int, 'CAPTUREOLD', 34567, 'EUR', now() - $3::interval, $2)`,
          [n, mail, age],
        );
      await payment(1, 'failed', '2 hours');
      await payment(2, null, '10 minutes');
      await payment(3, 'failed', '3 days');
      await payment(4, null, '3 days');
      await payment(5, 'smtp', '2 hours');
      // Later migrations follow it; this test is about 13.
      expect((await migrate(olderDb))[0]).toBe(13);
      const rows = await olderDb.query<{ paypal_order_id: string; confirmation_mail: string | null; confirmation_attempts: number; due: boolean }>(
        'select paypal_order_id, confirmation_mail, confirmation_attempts, confirmation_next_at <= now() as due from payment order by paypal_order_id',
      );
      expect(rows).toEqual([
        { paypal_order_id: 'ORDEROLD1', confirmation_mail: 'failed', confirmation_attempts: 1, due: true },
        { paypal_order_id: 'ORDEROLD2', confirmation_mail: null, confirmation_attempts: 1, due: true },
        { paypal_order_id: 'ORDEROLD3', confirmation_mail: 'failed', confirmation_attempts: 1, due: null },
        { paypal_order_id: 'ORDEROLD4', confirmation_mail: 'failed', confirmation_attempts: 1, due: null },
        { paypal_order_id: 'ORDEROLD5', confirmation_mail: 'smtp', confirmation_attempts: 1, due: null },
      ]);
    } finally {
      await olderDb.close();
      await old.remove();
    }
  });
});

/**
 * Confirmation mails count under the mail limits like every mail: the invoice's name, street and city
 * are the buyer's own text, so per recipient and per the buyer's address only so many go out an hour.
 * A confirmation held back is not lost: it is tried again on the schedule once the hour has passed.
 */
describe('confirmation mails under the mail limits', () => {
  /** A paid transaction to `email`, its invoice sent from `address`, its confirmation's first attempt with `mail`. */
  async function payTo(email: string, address: string, mail: MailSettings) {
    const handle = createRequestHandler(db, { ...settings, mail }, { now: () => clock });
    const { answer: invoiceAnswer } = await sendTo(handle, 'submit/portal/invoiceinfo', { ...DEMO_INVOICE, invoiceEmail: email }, address);
    const transactionId = invoiceAnswer.transactionId as string;
    const orderId = standin.addOrder({ scenario: 'completed', transactionId, value: '345.67' });
    const { answer } = await sendTo(handle, 'submit/portal/sucessfullyPaid', { transactionId, paymentDetails: { orderID: orderId } }, address);
    expect(answer).toMatchObject({ statusCode: 1, detailCode: 0 });
    await confirmationsSettled(db);
    return { transactionId, orderId };
  }

  it('per recipient: three buyers from three addresses paying for one inbox → 2 mails; the third waits, then goes once the hour is over', async () => {
    clock += 3 * HOUR;
    const limited = { ...up, maxPerRecipientPerHour: 2 };
    const email = 'one-inbox@example.org';
    const logged = captureOutput();
    let third: { transactionId: string; orderId: string };
    try {
      await payTo(email, '192.0.2.201', limited);
      await payTo(email, '192.0.2.202', limited);
      third = await payTo(email, '192.0.2.203', limited);
    } finally {
      logged.restore();
    }
    expect(mailsTo(email)).toHaveLength(2);
    expect(await stored(third.orderId)).toEqual({ mail: 'failed', attempts: 1, nextAt: clock + MINUTE });
    expect(logged.events().filter((event) => event.event === 'payment_confirmation' && event.failure === 'limited')).toHaveLength(1);
    // Still within the hour: held back again, no mail.
    expect(await retryAt(clock + MINUTE, limited)).toBe(1);
    expect(mailsTo(email)).toHaveLength(2);
    // After the hour: the next due attempt sends it, exactly once.
    const { nextAt } = await stored(third.orderId);
    expect(nextAt).not.toBeNull();
    const later = Math.max(nextAt!, clock + HOUR + MINUTE);
    expect(await retryAt(later, limited)).toBeGreaterThanOrEqual(1);
    expect(mailsTo(email)).toHaveLength(3);
    expect(await stored(third.orderId)).toMatchObject({ mail: 'smtp' });
  });

  it('per client address: one buyer\'s address paying for three inboxes → 2 mails this hour', async () => {
    clock += 3 * HOUR;
    const limited = { ...up, maxPerClientPerHour: 2 };
    const emails = ['client-a@example.org', 'client-b@example.org', 'client-c@example.org'];
    const paid = [];
    for (const email of emails) paid.push(await payTo(email, '192.0.2.210', limited));
    expect(emails.map((email) => mailsTo(email).length)).toEqual([1, 1, 0]);
    expect(await stored(paid[2]!.orderId)).toMatchObject({ mail: 'failed', attempts: 1 });
  });
});
