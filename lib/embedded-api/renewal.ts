import { StatusCode } from '@/lib/api/codes';
import { holderOf, isRefused } from './authority';
import type { ApiAnswer, ApiContext } from './context';
import { issuedAtMs, issueToken, type TokenPayload } from './tokens';

/** A token younger than this is not renewed (at most a minute, a tenth of the lifetime when that is shorter). */
export function renewalAgeMs(tokenTtlSeconds: number): number {
  return Math.min(60_000, (tokenTtlSeconds * 1000) / 10);
}

/**
 * A participant at work must not be cut off by the token's expiry: a page load answers with a fresh
 * token carrying the same claims (the spec's "a returned token on content pages is stored"), which
 * is how "Stay signed in" and every page turn extend the session. Not for a token just issued: a
 * renewal stored during rendering makes Next render the page again, and that render must not renew
 * once more.
 */
export function renewedToken(payload: TokenPayload, ctx: ApiContext): string | undefined {
  if (ctx.now - issuedAtMs(payload) < renewalAgeMs(ctx.settings.tokenTtlSeconds)) return undefined;
  const { jti: _jti, iat: _iat, exp: _exp, ...claims } = payload;
  void _jti;
  void _iat;
  void _exp;
  return issueToken(claims, ctx);
}

type Handler<B> = (body: B, ctx: ApiContext) => Promise<ApiAnswer | string>;

/**
 * The page-info loads of signed-in pages (manual, personal info, selection, info, access code)
 * renew the token like the questionnaire does, so that the session can be extended on any of them.
 * Only a token its holder may still use: the same checks as every call (signature, expiry,
 * revocation, tokens ended by sign-out, key change or finish).
 */
export function withRenewal<B extends { token?: string }>(handler: Handler<B>): Handler<B> {
  return async (body, ctx) => {
    const answer = await handler(body, ctx);
    if (typeof answer === 'string' || answer.statusCode !== StatusCode.Ok || answer.token || !body.token) return answer;
    const holder = await holderOf(body.token, ctx, 'assessment');
    if (isRefused(holder)) return answer;
    const renewed = renewedToken(holder.payload, ctx);
    return renewed ? { ...answer, token: renewed } : answer;
  };
}
