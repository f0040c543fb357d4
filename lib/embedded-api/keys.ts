import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string | Buffer, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/** The strength every stored key ends up with (16 MB, ~45 ms on this project's 2-core reference machine). */
export const STRONG = { N: 16384, r: 8, p: 1 } as const;
/**
 * The first layer a participant's new key gets while they wait for the answer (1 MB, ~3 ms); the
 * strong layer is put over it moments later, off the request's path (keyStrengthening.ts).
 */
export const QUICK = { N: 1024, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/*
 * Stored formats (never the key itself):
 *   scrypt$N$r$p$<salt>$<hash>                hash = scrypt(key, salt, N)
 *   scrypt+scrypt$N1$N2$r$p$<salt>$<hash>     hash = scrypt(scrypt(key, salt, N1), salt, N2)
 * The second is how a quick hash is strengthened without knowing the key: the strong layer goes
 * over the quick one, so a key's hash gets stronger and never passes through a weaker state.
 */

/** Personal keys and access codes are stored only as salted scrypt hashes: this one at full strength at once. */
export async function hashKey(plain: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(plain, salt, KEY_BYTES, STRONG);
  return `scrypt$${STRONG.N}$${STRONG.r}$${STRONG.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A participant's new key, hashed with the quick layer only: strengthenKeyHash must follow. */
export async function quickKeyHash(plain: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(plain, salt, KEY_BYTES, QUICK);
  return `scrypt$${QUICK.N}$${QUICK.r}$${QUICK.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

type Parsed =
  | { layers: [number]; r: number; p: number; salt: Buffer; hash: Buffer }
  | { layers: [number, number]; r: number; p: number; salt: Buffer; hash: Buffer };

function parse(stored: string | null | undefined): Parsed | undefined {
  if (!stored) return undefined;
  const parts = stored.split('$');
  const numbers = (texts: string[]) => texts.map(Number);
  const valid = (values: number[]) => values.every((n) => Number.isInteger(n) && n > 0);
  if (parts[0] === 'scrypt' && parts.length === 6) {
    const [n, r, p] = numbers(parts.slice(1, 4));
    if (!valid([n!, r!, p!]) || !parts[4] || !parts[5]) return undefined;
    return { layers: [n!], r: r!, p: p!, salt: Buffer.from(parts[4], 'base64'), hash: Buffer.from(parts[5], 'base64') };
  }
  if (parts[0] === 'scrypt+scrypt' && parts.length === 7) {
    const [n1, n2, r, p] = numbers(parts.slice(1, 5));
    if (!valid([n1!, n2!, r!, p!]) || !parts[5] || !parts[6]) return undefined;
    return { layers: [n1!, n2!], r: r!, p: p!, salt: Buffer.from(parts[5], 'base64'), hash: Buffer.from(parts[6], 'base64') };
  }
  return undefined;
}

/** A stored hash whose work factor is below STRONG: it waits for its strong layer. */
export function needsStrengthening(stored: string | null | undefined): boolean {
  const parsed = parse(stored);
  return parsed !== undefined && parsed.layers.length === 1 && parsed.layers[0] < STRONG.N;
}

/**
 * The strong layer over a quick hash, computed by `derive` (scrypt with STRONG, run where the
 * caller wants it: keyStrengthening.ts runs it on a low-priority thread). Anything else is
 * returned as it is.
 */
export async function strengthenKeyHash(stored: string, derive: (input: Buffer, salt: Buffer) => Promise<Buffer>): Promise<string> {
  const parsed = parse(stored);
  if (!parsed || !needsStrengthening(stored)) return stored;
  const outer = await derive(parsed.hash, parsed.salt);
  return `scrypt+scrypt$${parsed.layers[0]}$${STRONG.N}$${parsed.r}$${parsed.p}$${parsed.salt.toString('base64')}$${outer.toString('base64')}`;
}

/** The strong layer with the options strengthenKeyHash expects of `derive`. */
export const STRONG_SCRYPT_OPTIONS: crypto.ScryptOptions = { ...STRONG, maxmem: MAX_MEMORY };
export const STRONG_KEY_BYTES = KEY_BYTES;

export async function verifyKey(plain: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { r, p, salt, hash } = parsed;
  let actual = await scrypt(plain, salt, hash.length, { N: parsed.layers[0], r, p, maxmem: MAX_MEMORY });
  if (parsed.layers.length === 2) actual = await scrypt(actual, salt, hash.length, { N: parsed.layers[1], r, p, maxmem: MAX_MEMORY });
  return actual.length === hash.length && crypto.timingSafeEqual(actual, hash);
}
