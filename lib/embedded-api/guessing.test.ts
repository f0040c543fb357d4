import { decodeClaims } from '@/lib/session/claims';
import { encryptClientValue } from './clientCrypto';
import type { Database } from './db/database';
import { fireWrongAccessCodes, ownerUnderAttack } from './guessingProbe';
import { createRequestHandler } from './server';
import { sendTo, startTestApi, testSettings, type Answer, type Handle } from './testApi';

/**
 * The guessing limits under concurrency and for ident codes, on an in-memory PGlite. Access-code
 * checks of one assessment are paced here at 5 back to back, then one a second, an attempt waiting
 * at most 3 s for its turn.
 */
const pace = { checkBurst: 5, checkIntervalSeconds: 1, maxWaitSeconds: 3 };
const settings = testSettings('g'.repeat(40), { guessing: { maxPerAssessment: 20, ...pace }, identCodeGuessing: { maxPerClient: 5 } });

let db: Database;
let handle: Handle;

beforeAll(async () => {
  ({ db, handle } = await startTestApi(settings));
}, 60_000);

afterAll(async () => db?.close());

const call = async (path: string, body: unknown, client = '198.51.100.20', via = handle): Promise<Answer> => (await sendTo(via, path, body, client)).answer;

const encrypt = (plain: string) => encryptClientValue(plain, settings.clientCryptoKey, settings.clientCryptoIv);

const crypto = { key: settings.clientCryptoKey, iv: settings.clientCryptoIv };

/** The most checks the pace allows within so many seconds: the burst, then one an interval. */
const paceBound = (seconds: number) => pace.checkBurst + Math.ceil(seconds / pace.checkIntervalSeconds);

describe('wrong access codes from many addresses: the pace of one assessment’s checks', () => {
  it('1,000 concurrent wrong codes from 1,000 addresses get no more checks than the pace allows; the rest are answered locked', async () => {
    const result = await fireWrongAccessCodes(handle, db, { identCode: 'P1LOCK001', attempts: 1000, crypto });
    expect(result.checked).toBeGreaterThanOrEqual(pace.checkBurst);
    expect(result.checked).toBeLessThanOrEqual(paceBound(result.seconds));
    expect(result.failuresRecorded).toBe(result.checked);
    expect(result.refusedAsLocked).toBe(1000 - result.checked);
  }, 120_000);

  it('the owner, typing the right code from their own address, gets in within the wait while an attacker sends wrong codes without pause from 300 addresses', async () => {
    const result = await ownerUnderAttack(handle, db, { identCode: 'P1SELF001', rightCode: 'SELF4711', crypto, addresses: 300, concurrency: 30, warmUpMs: 1500, ownerTries: 3 });
    expect(result.ownerTries).toBe(1);
    expect(result.ownerMs).not.toBeNull();
    expect(result.ownerMs!).toBeLessThan((pace.maxWaitSeconds + 1) * 1000);
    // However many the attacker sent, the pace checked only so many of them.
    expect(result.wrongCodesSent).toBeGreaterThan(result.wrongCodesChecked);
    expect(result.wrongCodesChecked).toBeLessThanOrEqual(paceBound(result.attackSeconds));
  }, 120_000);

  it('the right code from another network among concurrent wrong ones still logs in', async () => {
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1TURNS01' });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => call('submit/kodekodex/login', { passwordHash: encrypt(`WRONG${i}`), token: ident.token }, `203.0.113.${i}`)),
      call('submit/kodekodex/login', { passwordHash: encrypt('TURNS4711'), token: ident.token }, '192.0.2.200'),
    ]);
    expect(answers.filter((a) => a.username !== undefined)).toHaveLength(1);
  }, 60_000);
});

describe('attempts that get no check', () => {
  it('are kept for their rank only up to the per-address limit: a flood of them does not grow the table without end', async () => {
    const slow = createRequestHandler(db, { ...settings, guessing: { ...settings.guessing, checkBurst: 1, checkIntervalSeconds: 60, maxWaitSeconds: 1 } });
    const flooder = '198.51.100.90';
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1VIEW001' }, flooder, slow);
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await call('submit/kodekodex/login', { passwordHash: encrypt(`WRONG${i}`), token: ident.token }, flooder, slow));
    expect(answers.filter((a) => !a.locked)).toHaveLength(1);
    const [rows] = await db.query<{ n: number }>('select count(*)::int as n from access_code_failure where client_address = $1', [flooder]);
    expect(rows!.n).toBe(settings.guessing.maxPerAssessment);
  }, 60_000);
});

describe('wrong access codes from one address: that address is locked out of the assessment, nobody else', () => {
  it('after 20 wrong codes the address is refused for the assessment, even with the right code; the owner from another address gets in, which does not free the attacker', async () => {
    const roomy = createRequestHandler(db, { ...settings, guessing: { ...settings.guessing, checkBurst: 1000 } });
    const attacker = '198.51.100.66';
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1LAST001' }, attacker, roomy);
    for (let i = 0; i < 20; i++) expect((await call('submit/kodekodex/login', { passwordHash: encrypt(`WRONG${i}`), token: ident.token }, attacker, roomy)).locked).toBeUndefined();
    expect(await call('submit/kodekodex/login', { passwordHash: encrypt('LAST4711'), token: ident.token }, attacker, roomy)).toMatchObject({ statusCode: 1, locked: true });
    const owner = '198.51.100.67';
    const own = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1LAST001' }, owner, roomy);
    const answer = await call('submit/kodekodex/login', { passwordHash: encrypt('LAST4711'), token: own.token }, owner, roomy);
    expect(decodeClaims(answer.token).isLoggedIn).toBe(true);
    expect((await call('submit/kodekodex/login', { passwordHash: encrypt('LAST4711'), token: ident.token }, attacker, roomy)).locked).toBe(true);
  }, 60_000);

  it('the limit holds under concurrency: 60 concurrent wrong codes from one address get exactly 20 checks', async () => {
    const roomy = createRequestHandler(db, { ...settings, guessing: { ...settings.guessing, checkBurst: 1000 } });
    const attacker = '198.51.100.68';
    const ident = await call('submit/kodekodex/identcode', { assessmentIdentCode: 'P1LEAVE01' }, attacker, roomy);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call('submit/kodekodex/login', { passwordHash: encrypt(`WRONG${i}`), token: ident.token }, attacker, roomy)),
    );
    expect(answers.filter((a) => !a.locked)).toHaveLength(20);
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

  it('unknown codes from 200 other addresses keep nobody out: there is no per-code lock to aim at an owner', async () => {
    for (let i = 0; i < 200; i++) await lookUp(`OTHER${String(i).padStart(3, '0')}`, `10.77.${i >> 8}.${i & 255}`);
    expect((await lookUp('P2DEMO01', '198.51.100.76')).statusCode).toBe(1);
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
