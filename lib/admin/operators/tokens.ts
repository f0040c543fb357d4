import crypto from 'node:crypto';

/**
 * Setup links and session cookies carry 32 random bytes; the database keeps only their SHA-256, so
 * that whoever reads a copy of it can neither set a password nor sign in. A hash of a random value
 * needs no salt and no slowness: there is nothing to guess.
 */
export function newSecretToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** A token as newSecretToken makes it: 43 base64url characters. Anything else is looked up nowhere. */
export function isSecretTokenShape(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
