import crypto from 'node:crypto';
import { DetailCode, StatusCode, type Product } from '@/lib/api/codes';
import { hmac, safeEqual } from '@/lib/crypto/hmac';
import type { Sql } from './db/database';

/** What the embedded API puts into its tokens; the first four are the spec's claims. */
export type TokenPayload = {
  product: Product;
  isLoggedIn: boolean;
  assessorId?: number;
  assessmentType?: number;
  /** The assessment (participant record) this token speaks for. */
  assessment?: number;
  jti: string;
  /** Seconds with milliseconds (a JWT NumericDate may have a fraction): compared with a participant's tokens_valid_after. */
  iat: number;
  exp: number;
};

/** Why a token was revoked: signed out, or its assessment was finished with it. */
export type RevocationReason = 'signout' | 'finished';

export type TokenFailure = { statusCode: StatusCode; detailCode: DetailCode; revokedFor?: RevocationReason };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const PURPOSE = 'embedded-api-token';

export function signToken(
  claims: Omit<TokenPayload, 'jti' | 'iat' | 'exp'>,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  // Milliseconds, so that a token issued right after a sign-out in the same second is told apart
  // from one issued before it (participantTokens.ts).
  const iat = now / 1000;
  const payload: TokenPayload = { ...claims, jti: crypto.randomBytes(12).toString('base64url'), iat, exp: Math.floor(iat) + ttlSeconds };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${hmac(secret, PURPOSE, body)}`;
}

/** Verifies signature, expiry and revocation; answers with the spec's status and detail on failure. */
export async function verifyToken(
  token: string | undefined | null,
  secret: string,
  sql: Sql,
  now = Date.now(),
): Promise<TokenPayload | TokenFailure> {
  const signed = verifySignedToken(token, secret, now);
  if (isTokenFailure(signed)) return signed;
  const [revoked] = await sql.query<{ reason: RevocationReason }>('select reason from revoked_token where jti = $1', [signed.jti]);
  return revoked ? revokedFailure(revoked.reason) : signed;
}

/** The refusal of a revoked token. */
export function revokedFailure(reason: RevocationReason): TokenFailure {
  return { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnknown, revokedFor: reason };
}

/**
 * Signature and expiry only, without the database: for a caller that reads the revocation in the
 * same statement as the rows it needs anyway (authority.ts), one statement fewer on every call.
 */
export function verifySignedToken(token: string | undefined | null, secret: string, now = Date.now()): TokenPayload | TokenFailure {
  if (!token) return { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenIsEmpty };
  const parts = token.split('.');
  if (parts.length !== 3) return { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnableToDecode };
  const [header, body, signature] = parts as [string, string, string];
  if (!safeEqual(signature, hmac(secret, PURPOSE, `${header}.${body}`))) {
    return { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnknown };
  }
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    return { statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenUnableToDecode };
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) {
    return { statusCode: StatusCode.TokenExpired, detailCode: DetailCode.NoDetails };
  }
  return payload;
}

export function isTokenFailure(value: TokenPayload | TokenFailure): value is TokenFailure {
  return 'statusCode' in value;
}

/** The moment a token was issued, in milliseconds. */
export function issuedAtMs(payload: TokenPayload): number {
  return Math.round(payload.iat * 1000);
}

/** A signed-out token, or the one that finished its assessment, is refused from then on, until it would have expired anyway. */
export async function revokeToken(payload: TokenPayload, sql: Sql, reason: RevocationReason = 'signout', now = Date.now()): Promise<void> {
  await sql.query(
    'insert into revoked_token (jti, expires_at, reason, revoked_at) values ($1, to_timestamp($2), $3, $4) on conflict (jti) do nothing',
    [payload.jti, payload.exp, reason, new Date(now)],
  );
  await sql.query('delete from revoked_token where expires_at < now()');
}

/** Issues a token with the embedded API's secret and lifetime. */
export function issueToken(claims: Omit<TokenPayload, 'jti' | 'iat' | 'exp'>, ctx: { settings: { tokenSecret: string; tokenTtlSeconds: number }; now: number }): string {
  return signToken(claims, ctx.settings.tokenSecret, ctx.settings.tokenTtlSeconds, ctx.now);
}
