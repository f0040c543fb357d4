'use client';

import type { CallPath, RequestOf, ResponseOf } from '@/lib/api/catalogue';
import { DetailCode, StatusCode } from '@/lib/api/statusCodes';
import type { TokenClaims } from '@/lib/session/claims';
import { withBasePath } from '@/lib/edge/basePath.mjs';
import { asCall } from './sessionWrites';

/** What the proxy hands the page instead of the token: the claims it routes by. */
export type WithClaims<T> = T & { tokenClaims?: TokenClaims };
export type BrowserRequest<P extends CallPath> = Omit<RequestOf<P>, 'token'>;

function xsrfToken(): string {
  const match = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='));
  return match ? decodeURIComponent(match.slice('XSRF-TOKEN='.length)) : '';
}

/** The spec's Exception outcome for a request that failed on the way (no details, spec §8). */
export const TRANSPORT_FAILURE = { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception, transportFailed: true } as const;

/**
 * Sends a call through our proxy route, with the XSRF header of spec §7. Never throws: a network
 * failure or a non-JSON answer becomes the Exception outcome, flagged transportFailed. A body that
 * must be made first (an encrypted code: lib/client/encrypt.ts loads its cipher on demand) comes as
 * a function, so that failing to make it is the same transport failure.
 */
export async function postCall<P extends CallPath>(
  path: P,
  body: BrowserRequest<P> | (() => Promise<BrowserRequest<P>>),
): Promise<WithClaims<ResponseOf<P>> & { transportFailed?: boolean }> {
  try {
    const payload = typeof body === 'function' ? await body() : body;
    // Its answer may rewrite the session cookie: not across the header's language change (./sessionWrites.ts).
    const { response, json } = await asCall(async () => {
      const sent = await fetch(withBasePath(`/api/${path}`), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken() },
        body: JSON.stringify(payload),
      });
      return { response: sent, json: (await sent.json()) as unknown };
    });
    if (json && typeof json === 'object' && 'statusCode' in json) {
      const result = json as Record<string, unknown>;
      // 502/504 carry the upstream failure; the answers on screen must then stay for a retry.
      if (response.status >= 500) result.transportFailed = true;
      return result as unknown as WithClaims<ResponseOf<P>> & { transportFailed?: boolean };
    }
  } catch {
    // fall through
  }
  return TRANSPORT_FAILURE as unknown as WithClaims<ResponseOf<P>> & { transportFailed: true };
}
