import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './db/database';
import { encryptClientValue } from './clientCrypto';

type Handle = (request: Request) => Promise<Response>;
type Answer = { statusCode: number; token?: string; locked?: boolean; username?: string };
type Crypto = { key: string; iv: string };

export type WrongCodeVolley = { attempts: number; checked: number; refusedAsLocked: number; failuresRecorded: number; seconds: number };

const post = async (handle: Handle, path: string, body: unknown, client: string): Promise<Answer> => {
  const response = await handle(new Request(`http://embedded.invalid/${path}`, { method: 'POST', headers: { 'x-forwarded-for': client }, body: JSON.stringify(body) }));
  return (await response.json()) as Answer;
};

/**
 * The n-th of many attackers' addresses in 10.0.0.0/8, apart from the owners' 192.0.2.0/24: 256 to
 * a /24 network, or (spread, as a botnet's would be) each in a /24 of its own.
 */
const attackerAddress = (n: number, spread = false) => (spread ? `10.${(n >> 8) & 255}.${n & 255}.1` : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);

/** Forgets everything the limits know about one assessment: failures, pace and waiting turns. */
async function freshAssessment(db: Database, identCode: string): Promise<number> {
  const [assessment] = await db.query<{ id: number }>('select id from assessment where ident_code = $1', [identCode]);
  if (!assessment) throw new Error(`no assessment ${identCode}`);
  for (const table of ['access_code_failure', 'key_check_pace', 'key_check_turn']) await db.query(`delete from ${table} where assessment_id = $1`, [assessment.id]);
  return assessment.id;
}

async function identToken(handle: Handle, identCode: string, client: string): Promise<string> {
  const ident = await post(handle, 'submit/kodekodex/identcode', { assessmentIdentCode: identCode }, client);
  if (!ident.token) throw new Error(`ident code ${identCode} answered ${ident.statusCode}`);
  return ident.token;
}

/**
 * Fires wrong access codes for one assessment all at once, each from its own address (so that no
 * address reaches its own limit), spread over one or more instances sharing the database. An
 * attempt whose answer is not 'locked' had its code checked. Used by guessing.test.ts and by
 * lib/scripts/guessing-concurrency.ts, which prints the figure.
 */
export async function fireWrongAccessCodes(instances: Handle | Handle[], db: Database, options: { identCode: string; attempts: number; crypto: Crypto }): Promise<WrongCodeVolley> {
  const handles = Array.isArray(instances) ? instances : [instances];
  const { crypto } = options;
  const assessmentId = await freshAssessment(db, options.identCode);
  const token = await identToken(handles[0]!, options.identCode, '192.0.2.250');
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: options.attempts }, (_, i) =>
      post(handles[i % handles.length]!, 'submit/kodekodex/login', { passwordHash: encryptClientValue(`WRONG${i}`, crypto.key, crypto.iv), token }, attackerAddress(i)),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const [recorded] = await db.query<{ n: number }>('select count(*)::int as n from access_code_failure where assessment_id = $1 and checked', [assessmentId]);
  const refusedAsLocked = answers.filter((a) => a.locked === true).length;
  return { attempts: options.attempts, checked: answers.length - refusedAsLocked, refusedAsLocked, failuresRecorded: recorded?.n ?? 0, seconds };
}

export type OwnerUnderAttack = {
  /** From the owner's first try to the answer that logged them in; null when no try did. */
  ownerMs: number | null;
  ownerTries: number;
  wrongCodesSent: number;
  wrongCodesChecked: number;
  attackSeconds: number;
};

/**
 * An attacker sends wrong access codes for one assessment without pause (`concurrency` at a time,
 * from `addresses` addresses in turn, 256 to a network unless `spread`) while, after `warmUpMs`, the owner types the right code from
 * their own address, and again (after a second, as a person would) while the answer is 'locked'.
 * The attack goes on until the owner is in or gave up. Used by guessing.test.ts and
 * lib/scripts/owner-lockout.ts, which prints the figure.
 */
export async function ownerUnderAttack(
  handle: Handle,
  db: Database,
  options: { identCode: string; rightCode: string; crypto: Crypto; addresses: number; spread?: boolean; concurrency: number; warmUpMs: number; ownerTries: number; ownerAddress?: string },
): Promise<OwnerUnderAttack> {
  const { crypto } = options;
  await freshAssessment(db, options.identCode);
  const token = await identToken(handle, options.identCode, '192.0.2.251');
  const encrypt = (plain: string) => encryptClientValue(plain, crypto.key, crypto.iv);
  let stop = false;
  let sent = 0;
  let checked = 0;
  const started = performance.now();
  const attacker = async () => {
    while (!stop) {
      // Requests come in over the network: without this turn of the event loop the in-process
      // attacker would run on microtasks alone and starve every timer and scrypt callback.
      await setImmediate();
      const n = sent++;
      const answer = await post(handle, 'submit/kodekodex/login', { passwordHash: encrypt(`WRONG${n}`), token }, attackerAddress(n % options.addresses, options.spread));
      if (!answer.locked) checked += 1;
    }
  };
  const attackers = Array.from({ length: options.concurrency }, attacker);

  await sleep(options.warmUpMs);
  const owner = options.ownerAddress ?? '192.0.2.77';
  const ownerStarted = performance.now();
  let ownerMs: number | null = null;
  let tries = 0;
  try {
    while (tries < options.ownerTries) {
      tries += 1;
      const ownToken = await identToken(handle, options.identCode, owner);
      const answer = await post(handle, 'submit/kodekodex/login', { passwordHash: encrypt(options.rightCode), token: ownToken }, owner);
      if (answer.username !== undefined) {
        ownerMs = performance.now() - ownerStarted;
        break;
      }
      await sleep(1000);
    }
  } finally {
    stop = true;
    await Promise.all(attackers);
  }
  return { ownerMs, ownerTries: tries, wrongCodesSent: sent, wrongCodesChecked: checked, attackSeconds: (performance.now() - started) / 1000 };
}
