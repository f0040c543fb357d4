import fs from 'node:fs';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { openTestDatabase } from './db/testDatabase';
import { keyStrengthening, keyStrengtheningOf, type KeyStrengthening } from './keyStrengthening';
import { hashKey, needsStrengthening, quickKeyHash, verifyKey } from './keys';

/**
 * A new personal key is stored with the quick scrypt layer and gets the strong one over it off the
 * request's path, on a thread of the lowest priority (keys.ts, keyStrengthening.ts).
 */
let db: Database;
let keys: KeyStrengthening;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  keys = keyStrengthening(db);
}, 60_000);

afterAll(async () => {
  await keys?.close();
  await db?.close();
});

const newAssessor = async (keyHash: string | null) =>
  (await db.query<{ id: number }>('insert into assessor (is_registered, key_hash) values (true, $1) returning id', [keyHash]))[0]!.id;
const storedHash = async (id: number) => (await db.query<{ key_hash: string | null }>('select key_hash from assessor where id = $1', [id]))[0]!.key_hash;

describe('key hash formats', () => {
  it('the quick layer verifies the right key only and says it waits for the strong one', async () => {
    const quick = await quickKeyHash('Mond2026');
    expect(quick).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(quick).not.toContain('Mond2026');
    expect(needsStrengthening(quick)).toBe(true);
    expect(await verifyKey('Mond2026', quick)).toBe(true);
    expect(await verifyKey('Mond2027', quick)).toBe(false);
  });

  it('a hash made strong at once needs nothing more', async () => {
    expect(needsStrengthening(await hashKey('Mond2026'))).toBe(false);
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['another scheme', 'bcrypt$10$abc$def'],
    ['a layered hash without its hash part', 'scrypt+scrypt$1024$16384$8$1$c2FsdA=='],
    ['a layered hash with a work factor that is no number', 'scrypt+scrypt$x$16384$8$1$c2FsdA==$aGFzaA=='],
  ])('a stored value that is %s verifies nothing and waits for nothing', async (_label, stored) => {
    expect(await verifyKey('Mond2026', stored)).toBe(false);
    expect(needsStrengthening(stored)).toBe(false);
  });
});

describe('keyStrengthening', () => {
  it('puts the strong layer over the quick one: the same key still verifies, another does not', async () => {
    const id = await newAssessor(await quickKeyHash('Sonne2026'));
    await keys.strengthen(id);
    const strong = (await storedHash(id))!;
    expect(strong).toMatch(/^scrypt\+scrypt\$1024\$16384\$8\$1\$/);
    expect(needsStrengthening(strong)).toBe(false);
    expect(await verifyKey('Sonne2026', strong)).toBe(true);
    expect(await verifyKey('Sonne2027', strong)).toBe(false);
  });

  it('a key changed while its turn came is left to its own turn', async () => {
    const id = await newAssessor(await quickKeyHash('Alt2026'));
    const newer = await quickKeyHash('Neu2026');
    // The change lands between the read and the write of the strengthening.
    const original = db.query.bind(db);
    let changed = false;
    const spy = jest.spyOn(db, 'query').mockImplementation(async (text: string, params?: unknown[]) => {
      if (!changed && text.startsWith('update assessor set key_hash')) {
        changed = true;
        await original('update assessor set key_hash = $2 where id = $1', [id, newer]);
      }
      return original(text, params) as never;
    });
    try {
      await keys.strengthen(id);
    } finally {
      spy.mockRestore();
    }
    expect(await storedHash(id)).toBe(newer);
    await keys.strengthen(id);
    expect(await verifyKey('Neu2026', (await storedHash(id))!)).toBe(true);
    expect(await verifyKey('Alt2026', (await storedHash(id))!)).toBe(false);
  });

  it('a participant changing keys in a loop keeps at most one turn waiting, and the last key gets its strong layer', async () => {
    const id = await newAssessor(await quickKeyHash('Start2026'));
    const hashes = await Promise.all(Array.from({ length: 30 }, (_, i) => quickKeyHash(`Schleife${i}`)));
    const original = db.query.bind(db);
    let turnsRun = 0;
    const spy = jest.spyOn(db, 'query').mockImplementation(async (text: string, params?: unknown[]) => {
      if (text.startsWith('select key_hash from assessor where id')) turnsRun += 1;
      return original(text, params) as never;
    });
    try {
      const turns: Promise<void>[] = [];
      for (const hash of hashes) {
        await original('update assessor set key_hash = $2 where id = $1', [id, hash]);
        turns.push(keys.strengthen(id));
      }
      await Promise.all(turns);
    } finally {
      spy.mockRestore();
    }
    // One turn running, one waiting that every later key joins; before, one turn per key (30).
    expect(turnsRun).toBeLessThanOrEqual(5);
    const stored = (await storedHash(id))!;
    expect(needsStrengthening(stored)).toBe(false);
    expect(await verifyKey('Schleife29', stored)).toBe(true);
  });

  it('after a restart, every hash still waiting gets its strong layer; strong ones and missing keys stay as they are', async () => {
    const waiting = [await newAssessor(await quickKeyHash('Eins2026')), await newAssessor(await quickKeyHash('Zwei2026'))];
    const strongAlready = await hashKey('Drei2026');
    const strongId = await newAssessor(strongAlready);
    const noKey = await newAssessor(null);
    const afterRestart = keyStrengthening(db);
    try {
      await afterRestart.strengthenWaiting();
    } finally {
      await afterRestart.close();
    }
    for (const id of waiting) expect(await storedHash(id)).toMatch(/^scrypt\+scrypt\$/);
    expect(await verifyKey('Zwei2026', (await storedHash(waiting[1]!))!)).toBe(true);
    expect(await storedHash(strongId)).toBe(strongAlready);
    expect(await storedHash(noKey)).toBeNull();
  });

  it('a database closed meanwhile (the server stopping): the hash stays quick and valid for the next start, nothing is logged', async () => {
    const store = await openTestDatabase();
    await migrate(store);
    const id = (await store.query<{ id: number }>('insert into assessor (is_registered, key_hash) values (true, $1) returning id', [await quickKeyHash('Fuenf2026')]))[0]!.id;
    const stopping = keyStrengtheningOf(store);
    const log = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const errors = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await store.close();
      await stopping.strengthen(id);
      await stopping.strengthenWaiting();
      expect([...log.mock.calls, ...errors.mock.calls].map((call) => String(call[0])).join('')).not.toContain('key_strengthening');
    } finally {
      log.mockRestore();
      errors.mockRestore();
      await stopping.close();
    }
  });

  it('a thread that ended (idle, or closed) fails none of the work a new thread has taken meanwhile', async () => {
    const own = keyStrengthening(db);
    const log = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      for (let round = 0; round < 5; round++) {
        await own.strengthen(await newAssessor(await quickKeyHash('Sechs2026')));
        const next = await newAssessor(await quickKeyHash('Sieben2026'));
        // The thread ends while the next key arrives: its exit comes after the new thread took the key.
        const ending = own.close();
        const strengthening = own.strengthen(next);
        await Promise.all([ending, strengthening]);
        expect(needsStrengthening((await storedHash(next))!)).toBe(false);
      }
      expect(log.mock.calls.map((call) => String(call[0])).join('')).not.toContain('key_strengthening_failed');
    } finally {
      log.mockRestore();
      await own.close();
    }
  });

  it('runs on a thread of the lowest priority (Linux: nice 19), so requests go first', async () => {
    if (process.platform !== 'linux') return;
    await keys.strengthen(await newAssessor(await quickKeyHash('Vier2026')));
    const nices = fs.readdirSync('/proc/self/task').map((tid) => {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Field 19 of stat is the nice value, counted from the state field (3) after the name.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
    expect(nices).toContain(19);
    expect(Math.min(...nices)).toBe(0);
  });
});
