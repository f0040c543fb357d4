import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { fireWrongAccessCodes } from './guessingProbe';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/** The guessing limits under concurrency and for ident codes, on an in-memory PGlite. */
const settings = testSettings('g'.repeat(40), { guessing: { maxPerAssessment: 20 }, identCodeGuessing: { maxPerClient: 5 } });

let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const call = async (path: string, body: unknown, client = '198.51.100.20', via = handle): Promise<Answer> => (await sendTo(via, path, body, client)).answer;

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

describe('the per-assessment access-code limit holds under concurrency', () => {
  it('150 concurrent wrong codes from 150 addresses: exactly 20 are checked, the rest refused as locked', async () => {
    const result = await fireWrongAccessCodes(handle, db, { identCode: 'P1LOCK001', attempts: 150, crypto: { key: settings.clientCryptoKey, iv: settings.clientCryptoIv } });
    expect(result).toEqual({ attempts: 150, checked: 20, refusedAsLocked: 130, failuresRecorded: 20 });
    // And the owner's right code is refused too while the lock lasts.
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1LOCK001' });
    const owner = await call('submit/kodekodex/login', { passwordHash: encrypt('LOCK4711'), token: ident.token });
    expect(owner).toMatchObject({ statusCode: 1, locked: true });
    expect(decodeClaims(owner.token).isLoggedIn).toBe(false);
  }, 60_000);

  it('the right code among concurrent wrong ones still logs in while the limit is not reached', async () => {
    await db.query('delete from access_code_failure');
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1SELF001' });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => call('submit/kodekodex/login', { passwordHash: encrypt(`WRONG${i}`), token: ident.token }, `203.0.113.${i}`)),
      call('submit/kodekodex/login', { passwordHash: encrypt('SELF4711'), token: ident.token }, '203.0.113.200'),
    ]);
    expect(answers.filter((a) => a.username === 'Selma Selbst')).toHaveLength(1);
    expect(answers.some((a) => a.locked)).toBe(false);
  }, 60_000);
});

describe('ident codes: failed lookups are limited per client address', () => {
  const client = '198.51.100.77';
  const lookUp = (code: string, from = client) => call('submit/kodekodex/identcode', { assessmentIdentCode: code }, from);

  it('after 5 unknown codes an address is refused even for a known code; other addresses are not', async () => {
    for (let i = 0; i < 5; i++) expect(await lookUp(`UNKNOWN${i}`)).toMatchObject({ statusCode: 6, detailCode: 6 });
    const locked = await lookUp('P1DEMO01');
    expect(locked).toEqual({ statusCode: 6, detailCode: 101 });
    expect(await lookUp('ZZZZZZZZ')).toEqual({ statusCode: 6, detailCode: 101 });
    expect((await lookUp('P1DEMO01', '198.51.100.78')).statusCode).toBe(1);
    // Refused lookups are not counted again: still 5 failures for the address.
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from ident_code_lookup where client_address = $1 and failed', [client]);
    expect(row!.n).toBe(5);
  });

  it('known codes and malformed codes are not counted', async () => {
    const from = '198.51.100.79';
    for (let i = 0; i < 10; i++) expect((await lookUp('P2DEMO01', from)).statusCode).toBe(1);
    for (let i = 0; i < 10; i++) expect((await lookUp('ABC', from)).detailCode).toBe(2);
    for (let i = 0; i < 4; i++) await lookUp(`NOPE000${i}`, from);
    expect((await lookUp('P2DEMO01', from)).statusCode).toBe(1);
  });

  it('after the lock period the address may look up again', async () => {
    const from = '198.51.100.80';
    const lockMs = settings.identCodeGuessing.lockSeconds * 1000;
    let clock = Date.now();
    const timed = createRequestHandler(db, settings, { now: () => clock });
    const lookUpAt = (code: string) => call('submit/kodekodex/identcode', { assessmentIdentCode: code }, from, timed);
    for (let i = 0; i < 5; i++) await lookUpAt(`GONE000${i}`);
    expect((await lookUpAt('P1DEMO01')).detailCode).toBe(101);
    clock += lockMs - 1;
    expect((await lookUpAt('P1DEMO01')).detailCode).toBe(101);
    clock += 1;
    expect((await lookUpAt('P1DEMO01')).statusCode).toBe(1);
  });

  it('the limit holds under concurrency: 100 concurrent unknown codes from one address record exactly 5 failures', async () => {
    const from = '198.51.100.81';
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => lookUp(`RACE${String(i).padStart(4, '0')}`, from)));
    expect(answers.filter((a) => a.detailCode === 6)).toHaveLength(5);
    expect(answers.filter((a) => a.detailCode === 101)).toHaveLength(95);
  });
});
