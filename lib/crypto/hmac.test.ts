import crypto from 'node:crypto';
import { deriveKey, derivedKey, hmac } from './hmac';

/** What hmac() must give: HMAC-SHA256 under the purpose-bound key, made the long way every time. */
const expected = (secret: string, purpose: string, value: string) => crypto.createHmac('sha256', deriveKey(secret, purpose)).update(value).digest('base64url');

describe('hmac with the kept purpose-bound keys', () => {
  it('signs as HMAC-SHA256 under deriveKey(secret, purpose), every time alike', () => {
    for (let i = 0; i < 3; i++) expect(hmac('s3cret', 'token', 'header.body')).toBe(expected('s3cret', 'token', 'header.body'));
  });

  it('keeps each secret and purpose apart', () => {
    const signatures = new Set([hmac('a', 'token', 'v'), hmac('b', 'token', 'v'), hmac('a', 'xsrf', 'v'), hmac('a', 'token', 'w')]);
    expect(signatures.size).toBe(4);
    // A purpose that ends where another secret begins is still another key.
    expect(hmac('x', 'ab', 'v')).not.toBe(hmac('bx', 'a', 'v'));
  });

  it('stays right for every secret when more secrets come than it keeps', () => {
    const secrets = Array.from({ length: 150 }, (_, i) => `secret-${i}`);
    for (const secret of secrets) expect(hmac(secret, 'token', 'v')).toBe(expected(secret, 'token', 'v'));
    for (const secret of secrets.reverse()) expect(hmac(secret, 'token', 'v')).toBe(expected(secret, 'token', 'v'));
  });

  it('hands out the key as a KeyObject with the derived bytes', () => {
    const key = derivedKey('s3cret', 'session');
    expect(key.type).toBe('secret');
    expect(key.export().equals(deriveKey('s3cret', 'session'))).toBe(true);
  });
});
