import os from 'node:os';
import { DEFAULT_KEY_HASH_CONCURRENCY, hashKey, inKeyHashSlot, setKeyHashConcurrency, verifyKey } from './keys';

/** Work that finishes when the test says so, recording when it ran. */
function deferredWork(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, run: () => inKeyHashSlot(async () => { log.push(`start ${name}`); await done; log.push(`end ${name}`); return name; }) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => setKeyHashConcurrency(DEFAULT_KEY_HASH_CONCURRENCY));

describe('key hashing keeps to a bound', () => {
  it('lets one hash per core run at once by default', () => {
    expect(DEFAULT_KEY_HASH_CONCURRENCY).toBe(os.availableParallelism());
  });

  it('runs at most the bound at once; the others wait and start in the order they came', async () => {
    setKeyHashConcurrency(2);
    const log: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => deferredWork(log, name));
    const results = works.map((work) => work.run());
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    works[1]!.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    works[0]!.finish();
    await tick();
    expect(log.slice(4)).toEqual(['end a', 'start d']);
    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives the slot back when the work fails', async () => {
    setKeyHashConcurrency(1);
    await expect(inKeyHashSlot(async () => { throw new Error('broken'); })).rejects.toThrow('broken');
    expect(await inKeyHashSlot(async () => 'next')).toBe('next');
  });

  it('starts waiting work at once when the bound is raised', async () => {
    setKeyHashConcurrency(1);
    const log: string[] = [];
    const [first, second] = [deferredWork(log, 'a'), deferredWork(log, 'b')];
    const results = [first.run(), second.run()];
    await tick();
    expect(log).toEqual(['start a']);
    setKeyHashConcurrency(2);
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    first.finish();
    second.finish();
    await Promise.all(results);
  });

  it('still hashes and verifies keys, one at a time', async () => {
    setKeyHashConcurrency(1);
    const hashes = await Promise.all(['key-one', 'key-two', 'key-three'].map(hashKey));
    expect(await Promise.all(hashes.map((hash, i) => verifyKey(['key-one', 'key-two', 'key-three'][i]!, hash)))).toEqual([true, true, true]);
    expect(await verifyKey('key-one', hashes[1])).toBe(false);
    expect(() => setKeyHashConcurrency(0)).toThrow(RangeError);
  });
});
