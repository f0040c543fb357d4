import { redirect } from 'next/navigation';
import type { CallPath, RequestOf, ResponseOf } from '@/lib/api/catalogue';
import { DetailCode, StatusCode } from '@/lib/api/codes';
import { getConfig } from '@/lib/config';
import { errorPageUrl } from '@/lib/flows/errorPage';
import { decodeClaims, type TokenClaims } from '@/lib/session/claims';
import type { SessionData } from '@/lib/session/data';
import { sealTokenRenewal } from '@/lib/session/renewal';
import { getClientAddress, getSession } from '@/lib/session/server';
import { sendCall } from './client';

export type PageInfoPath = Extract<CallPath, `pageinfo${string}`>;

export type PageInfo<P extends PageInfoPath> = {
  response: ResponseOf<P>;
  session: SessionData;
  claims: TokenClaims;
  /** A sealed new token for <SessionCommit>, when the load returned one. */
  renewal?: string;
};

/**
 * Loads a page's info during server rendering through the one upstream client, with the common
 * body of spec §7 built from the session (category, token, languages, product).
 */
export async function loadPageInfo<P extends PageInfoPath>(
  path: P,
  extras: Partial<RequestOf<P>> = {},
  options: { anonymous?: boolean } = {},
): Promise<PageInfo<P>> {
  const session = await getSession();
  const claims = decodeClaims(session.token);
  const body = {
    category: '',
    // Login pages load without the session token: an old or signed-out one must not block a new start.
    ...(session.token && !options.anonymous && { token: session.token }),
    uiLanguage: session.uiLanguage,
    questionnaireLanguage: session.questionnaireLanguage,
    product: claims.product,
    ...extras,
  } as RequestOf<P>;
  const { response } = await sendCall(path, body, { clientAddress: await getClientAddress() });
  const token = (response as { token?: string | null }).token;
  const renewal = token && token !== session.token ? sealTokenRenewal(session.sid, token, getConfig().sessionSecret) : undefined;
  return { response, session, claims, ...(renewal && { renewal }) };
}

/** Spec §8: a page-info load with these statuses goes to the error page. */
const ERROR_PAGE_STATUSES: number[] = [StatusCode.TokenInvalid, StatusCode.TokenExpired, StatusCode.PostDataIsInvalid, StatusCode.Exception];

export function redirectOnPageInfoError(response: { statusCode: number; detailCode: number; exceptionId?: string | null }): void {
  if (ERROR_PAGE_STATUSES.includes(response.statusCode)) {
    redirect(errorPageUrl({ statusCode: response.statusCode, detailCode: response.detailCode, exceptionId: response.exceptionId ?? undefined }));
  }
}

/** Pages that need a token send a visitor without one to the error page with TokenInvalid (spec §6). */
export async function requireToken(): Promise<SessionData> {
  const session = await getSession();
  if (!session.token) redirect(errorPageUrl({ statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenIsEmpty }));
  return session;
}
