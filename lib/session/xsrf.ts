import crypto from 'node:crypto';
import { hmac, safeEqual } from '@/lib/crypto/hmac';

const PURPOSE = 'xsrf';

/** nonce.signature, where the signature binds the nonce to the session id with the server's secret. */
export function issueXsrfToken(sid: string, secret: string): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${nonce}.${hmac(secret, PURPOSE, `${sid}.${nonce}`)}`;
}

/** True when the token was issued by this server for this session. */
export function isXsrfTokenFor(token: string | undefined | null, sid: string, secret: string): boolean {
  if (!token || token.length > 200) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, hmac(secret, PURPOSE, `${sid}.${nonce}`));
}

/** Double submit: the header must repeat the cookie, and the cookie must belong to the session. */
export function checkXsrf(cookieValue: string | undefined, headerValue: string | null, sid: string, secret: string): boolean {
  if (!cookieValue || !headerValue) return false;
  return safeEqual(cookieValue, headerValue) && isXsrfTokenFor(cookieValue, sid, secret);
}
