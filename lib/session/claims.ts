import { isProduct, Product } from '@/lib/api/codes';

/** The token payload's fields the app routes by (spec §3). The upstream remains the authority. */
export type TokenClaims = {
  product: Product;
  isLoggedIn: boolean;
  assessorId?: string;
  assessmentType?: number;
};

export const ANONYMOUS: TokenClaims = { product: Product.Unknown, isLoggedIn: false };

function truthy(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && ['true', '1'].includes(value.toLowerCase()));
}

/** Decodes the middle part of a dot-separated token without verifying it. */
export function decodeClaims(token: string | undefined | null): TokenClaims {
  const middle = token?.split('.')[1];
  if (!middle) return ANONYMOUS;
  try {
    const payload: unknown = JSON.parse(Buffer.from(middle, 'base64url').toString('utf8'));
    if (!payload || typeof payload !== 'object') return ANONYMOUS;
    const p = payload as Record<string, unknown>;
    const product = typeof p.product === 'string' ? Number(p.product) : p.product;
    const assessorId = p.assessorId === undefined || p.assessorId === null || p.assessorId === '' ? undefined : String(p.assessorId);
    const assessmentType = p.assessmentType === undefined || p.assessmentType === null ? undefined : Number(p.assessmentType);
    return {
      product: isProduct(product) ? product : Product.Unknown,
      isLoggedIn: truthy(p.isLoggedIn),
      ...(assessorId !== undefined && { assessorId }),
      ...(assessmentType !== undefined && Number.isFinite(assessmentType) && { assessmentType }),
    };
  } catch {
    return ANONYMOUS;
  }
}

/**
 * The product to keep in the session when its token goes (sign-out, the error page's clearing, a
 * finish with logout): the token's, else the one kept before. The error page offers a participant of
 * product 4 the way back to the group login by it (spec §2, §6).
 */
export function keptProduct(session: { token?: string; product?: Product }): Product | undefined {
  const product = decodeClaims(session.token).product;
  return product !== Product.Unknown ? product : session.product;
}

/**
 * When the token expires (its `exp`, in milliseconds), read without verifying it: only to announce
 * the session's end in time. A token without `exp` (an upstream's own kind) announces nothing.
 */
export function tokenExpiresAt(token: string | undefined | null): number | undefined {
  const middle = token?.split('.')[1];
  if (!middle) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(middle, 'base64url').toString('utf8'));
    const exp = payload && typeof payload === 'object' ? (payload as Record<string, unknown>).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) && exp > 0 ? Math.round(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}
