import { openTestDatabase } from '@/lib/embedded-api/db/testDatabase';
import { migrate } from '@/lib/embedded-api/db/migrations';
import type { Database } from '@/lib/embedded-api/db/database';
import { createOperator, disableOperator, setPasswordWithLink } from './operators';
import { signInWithPassword } from './signIn';
import { sessionOf, startSession, endSession } from './sessions';

let db: Database;
const LIMITS = { maxFailuresPerAccount: 3, maxFailuresPerClient: 5, windowSeconds: 900 };
const SESSIONS = { idleMinutes: 30, maxHours: 12 };

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  for (const email of ['owner@example.org', 'other@example.org']) {
    const { setupToken } = await createOperator(db, email, 'owner');
    await setPasswordWithLink(db, setupToken, 'the right password');
  }
  await createOperator(db, 'nopassword@example.org', 'viewer');
}, 60_000);

afterAll(() => db.close());

const signIn = (email: string, password: string, client = '192.0.2.1', now = new Date()) => signInWithPassword(db, { email, password, client }, LIMITS, now);

describe('signInWithPassword', () => {
  it('the right password signs in, whatever the case of the address', async () => {
    expect(await signIn('Owner@Example.org', 'the right password')).toMatchObject({ ok: true, email: 'owner@example.org', role: 'owner' });
  });

  it.each([
    ['a wrong password', 'owner@example.org', 'the wrong password'],
    ['an unknown address', 'nobody@example.org', 'the right password'],
    ['an operator who has not set a password', 'nopassword@example.org', ''],
  ])('%s: wrong, alike', async (_case, email, password) => {
    expect(await signIn(email, password, '198.51.100.9')).toEqual({ ok: false, reason: 'wrong' });
  });

  it('a disabled operator cannot sign in', async () => {
    const { setupToken } = await createOperator(db, 'gone@example.org', 'owner');
    await setPasswordWithLink(db, setupToken, 'the right password');
    await disableOperator(db, 'gone@example.org');
    expect(await signIn('gone@example.org', 'the right password', '198.51.100.10')).toEqual({ ok: false, reason: 'wrong' });
  });

  it('after the account limit, even the right password waits, from any address, until the window has passed', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    for (let i = 0; i < 3; i++) expect(await signIn('other@example.org', 'guess', `203.0.113.${i}`, now)).toMatchObject({ reason: 'wrong' });
    expect(await signIn('other@example.org', 'the right password', '203.0.113.50', now)).toEqual({ ok: false, reason: 'locked' });
    const later = new Date(now.getTime() + 901_000);
    expect(await signIn('other@example.org', 'the right password', '203.0.113.50', later)).toMatchObject({ ok: true });
  });

  it('a burst of guesses at once is held to the limit', async () => {
    const now = new Date('2031-01-01T10:00:00Z');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('owner@example.org', `guess ${i}`, `2001:db8::${i}`, now)));
    // At most the limit's number of passwords is checked: the others are refused unseen.
    expect(results.filter((r) => !r.ok && r.reason === 'wrong').length).toBeLessThanOrEqual(3);
    expect(results.filter((r) => !r.ok && r.reason === 'locked').length).toBeGreaterThanOrEqual(9);
    expect(results.every((r) => !r.ok)).toBe(true);
  });

  it('one address guessing across accounts is stopped after its own limit', async () => {
    const now = new Date('2032-01-01T10:00:00Z');
    for (let i = 0; i < 5; i++) expect(await signIn(`x${i}@example.org`, 'guess', '192.0.2.200', now)).toMatchObject({ reason: 'wrong' });
    expect(await signIn('owner@example.org', 'the right password', '192.0.2.200', now)).toEqual({ ok: false, reason: 'locked' });
    expect(await signIn('owner@example.org', 'the right password', '192.0.2.201', now)).toMatchObject({ ok: true });
  });
});

describe('console sessions', () => {
  it('run until signed out, idle too long, or past their end', async () => {
    const start = new Date('2033-01-01T10:00:00Z');
    const result = await signIn('owner@example.org', 'the right password', '192.0.2.1', start);
    if (!result.ok) throw new Error('sign-in failed');
    const cookie = await startSession(db, result.operatorId, SESSIONS, start);
    expect(await sessionOf(db, cookie, SESSIONS, new Date(start.getTime() + 29 * 60_000))).toMatchObject({ email: 'owner@example.org' });
    // Seen at 10:29: still running at 10:58, idle since then at 11:29.
    expect(await sessionOf(db, cookie, SESSIONS, new Date(start.getTime() + 58 * 60_000))).toBeDefined();
    expect(await sessionOf(db, cookie, SESSIONS, new Date(start.getTime() + 89 * 60_000))).toBeUndefined();

    const other = await startSession(db, result.operatorId, SESSIONS, start);
    expect(await sessionOf(db, other, SESSIONS, new Date(start.getTime() + 12 * 3600_000 + 1))).toBeUndefined();

    const third = await startSession(db, result.operatorId, SESSIONS, start);
    await endSession(db, third, start);
    expect(await sessionOf(db, third, SESSIONS, start)).toBeUndefined();
  });

  it.each([undefined, '', 'short', 'x'.repeat(43) + '!', 'A'.repeat(43)])('a cookie %j names no session', async (cookie) => {
    expect(await sessionOf(db, cookie, SESSIONS)).toBeUndefined();
  });
});
