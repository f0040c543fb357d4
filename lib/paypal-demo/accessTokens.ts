import { hmac, safeEqual } from '@/lib/crypto/hmac';

/**
 * The demo provider's OAuth access tokens: signed with a key of the app's secret and carrying
 * their expiry, so that any instance accepts what another issued and nothing is stored. The demo
 * credentials are public (lib/config/paypal.ts); a token opens only the demo's own orders.
 */

/** As PayPal's: nine hours. */
export const DEMO_TOKEN_TTL_SECONDS = 32_400;
const PURPOSE = 'paypal-demo-token';

export function issueDemoToken(secret: string, now: number): { token: string; expiresIn: number } {
  const expiry = Math.floor(now / 1000) + DEMO_TOKEN_TTL_SECONDS;
  return { token: `A21AA${expiry}.${hmac(secret, PURPOSE, String(expiry))}`, expiresIn: DEMO_TOKEN_TTL_SECONDS };
}

/** Whether an Authorization header carries a token of ours that has not expired. */
export function isDemoBearer(authorization: string | null, secret: string, now: number): boolean {
  const match = /^Bearer A21AA([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(authorization ?? '');
  if (!match) return false;
  const expiry = Number(match[1]);
  return expiry * 1000 > now && safeEqual(match[2]!, hmac(secret, PURPOSE, match[1]!));
}
