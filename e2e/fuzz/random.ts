/** A small seeded PRNG (mulberry32): the same seed gives the same requests in the same order. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [[weight, value], …]. */
  weighted<T>(table: ReadonlyArray<readonly [number, T]>): T;
  string(length: number, alphabet?: string): string;
};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)]!;
    },
    weighted: (table) => {
      const total = table.reduce((sum, [weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [weight, value] of table) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return table[table.length - 1]![1];
    },
    string: (length, alphabet = ALNUM) => Array.from({ length }, () => alphabet[int(alphabet.length)]).join(''),
  };
}

/** FUZZ_SEED as a number, or any text hashed to one (FNV-1a). */
export function parseSeed(text: string): number {
  if (/^\d+$/.test(text)) return Number(text) >>> 0;
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash;
}
