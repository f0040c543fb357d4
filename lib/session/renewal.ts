import { tokenExpiresAt } from './claims';
import { seal, unseal } from './seal';

const PURPOSE = 'token-renewal';
const LIFETIME_MS = 5 * 60 * 1000;

/**
 * Server components cannot set cookies. A token renewed during rendering travels to the browser
 * sealed (unreadable, tamper-evident, bound to this session, short-lived) and comes straight back
 * to a server action that stores it in the httpOnly cookie.
 */
export function sealTokenRenewal(sid: string, token: string, secret: string, now = Date.now()): string {
  return seal({ sid, token, exp: now + LIFETIME_MS }, secret, PURPOSE);
}

export function unsealTokenRenewal(sealed: string, sid: string, secret: string, now = Date.now()): string | undefined {
  const value = unseal(sealed, secret, PURPOSE) as { sid?: unknown; token?: unknown; exp?: unknown } | undefined;
  if (!value || value.sid !== sid || typeof value.token !== 'string' || typeof value.exp !== 'number' || value.exp < now) return undefined;
  return value.token;
}

/**
 * Whether a renewal replaces the token the session holds: not when that one ends as late or later.
 * A page turn renews the token as well; a renewal from a render that began before it (stored after
 * it) would put the older token back. Tokens without an end (an upstream's own kind) are stored.
 */
export function isLaterToken(renewal: string, held: string | undefined): boolean {
  const renewalEnds = tokenExpiresAt(renewal);
  const heldEnds = tokenExpiresAt(held);
  return renewalEnds === undefined || heldEnds === undefined || renewalEnds > heldEnds;
}
