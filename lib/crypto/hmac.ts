import crypto from 'node:crypto';

/**
 * Primitives that the session (sealing, XSRF) and the embedded API (token signatures) both use.
 * They live here, not in lib/session, because the embedded API is an upstream that must not
 * depend on the gateway's session code (the boundary tests: lib/embedded-api/boundaries.test.ts).
 */

/** Derives a purpose-bound key so one secret can seal sessions, sign XSRF tokens and sign embedded tokens separately. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`assessment-web:${purpose}`).digest();
}

export function hmac(secret: string, purpose: string, value: string): string {
  return crypto.createHmac('sha256', deriveKey(secret, purpose)).update(value).digest('base64url');
}

/** Compares in constant time, so that a signature cannot be guessed byte by byte. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
