import type { CallPath, RequestOf } from '@/lib/api/catalogue';
import type { TokenClaims } from '@/lib/session/claims';
import type { SessionData } from '@/lib/session/data';

export type PageInfoPath = Extract<CallPath, `pageinfo${string}`>;

/**
 * The common body of a page-info load (spec §7: category, token, uiLanguage, questionnaireLanguage,
 * product) plus the page's own fields, as the page loader (./pageInfo.ts) sends it and the contract
 * check (./contractCheck) sends it after it. The image call's is the same, with the image key as
 * its category.
 */
export function pageInfoBody<P extends PageInfoPath | 'loadImage'>(
  session: Pick<SessionData, 'uiLanguage' | 'questionnaireLanguage'>,
  claims: Pick<TokenClaims, 'product'>,
  token: string | undefined,
  extras: Partial<RequestOf<P>>,
): RequestOf<P> {
  return {
    category: '',
    ...(token && { token }),
    uiLanguage: session.uiLanguage,
    questionnaireLanguage: session.questionnaireLanguage,
    product: claims.product,
    ...extras,
  } as RequestOf<P>;
}
