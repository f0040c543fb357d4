import crypto from 'node:crypto';
import { derivedKey } from '@/lib/crypto/hmac';

/** AES-256-GCM: the sealed value is unreadable and tamper-evident without the server's secret. */
export function seal(value: unknown, secret: string, purpose: string): string {
  const key = derivedKey(secret, purpose);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(sealed: string | undefined | null, secret: string, purpose: string): unknown {
  if (!sealed || sealed.length > 8192) return undefined;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return undefined;
    const decipher = crypto.createDecipheriv('aes-256-gcm', derivedKey(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
