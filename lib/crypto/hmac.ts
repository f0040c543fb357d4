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

/** Secrets of one process are few (the session secret, the embedded API's, the PayPal stand-in's); tests make more. */
const MAX_KEYS = 64;
const keys = new Map<string, crypto.KeyObject>();

/**
 * The same key as a KeyObject, made once per secret and purpose. Node 24 prepares a Buffer key anew
 * on every HMAC or cipher (~13 µs against ~2 µs for a KeyObject), and every page pays that several
 * times: in the proxy, the session, the token checks.
 */
export function derivedKey(secret: string, purpose: string): crypto.KeyObject {
  const id = JSON.stringify([purpose, secret]);
  let key = keys.get(id);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = crypto.createSecretKey(deriveKey(secret, purpose));
    keys.set(id, key);
  }
  return key;
}

export function hmac(secret: string, purpose: string, value: string): string {
  return crypto.createHmac('sha256', derivedKey(secret, purpose)).update(value).digest('base64url');
}

/** Compares in constant time, so that a signature cannot be guessed byte by byte. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
