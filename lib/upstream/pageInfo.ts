import { createElement, type ReactElement } from 'react';
import { redirect } from 'next/navigation';
import type { RequestOf, ResponseOf } from '@/lib/api/catalogue';
import { DetailCode, StatusCode } from '@/lib/api/codes';
import { getConfig } from '@/lib/config';
import { errorPageUrl } from '@/lib/flows/errorRecord';
import { routeForPersonalInfoFirst } from '@/lib/flows/personalInfoFirst';
import { routeForSignedIn, type LoginPage } from '@/lib/flows/signedIn';
import { translator, type Translate } from '@/lib/i18n/translate';
import { decodeClaims, type TokenClaims } from '@/lib/session/claims';
import type { SessionData } from '@/lib/session/data';
import { sealTokenRenewal } from '@/lib/session/renewal';
import { getClientAddress, getSession } from '@/lib/session/server';
import { SessionCommit } from '@/components/session/SessionCommit';
import { sendCall } from './client';
import { cachedHeaderFooter, headerFooterKey } from './headerFooterCache';
import { pageInfoBody, type PageInfoPath } from './pageInfoBody';

export type { PageInfoPath } from './pageInfoBody';

type Extras<P extends PageInfoPath> = Partial<RequestOf<P>>;
export type PageContext = { session: SessionData; claims: TokenClaims };

/**
 * Which answers leave the page for another:
 * - 'spec': the statuses of spec §8 (TokenInvalid, TokenExpired, PostDataIsInvalid, Exception) go to the error page;
 * - 'notOk': every status but Ok does (a page that cannot render without its content);
 * - 'maintenance': none does, but an answer without translations goes to /maintenance (the error page itself, spec §8).
 */
export type PageErrors = 'spec' | 'notOk' | 'maintenance';

export type LoadPageOptions<P extends PageInfoPath> = {
  /** Spec §6: without a session token the visitor goes to the error page with TokenInvalid. */
  needsToken: boolean;
  /** Load without the session token: an old or signed-out one must not block a new start. */
  anonymous?: boolean;
  /**
   * The finished page: load with the token that finished the assessment (SessionData.finishedToken)
   * instead, never storing one. An upstream that refuses it is asked again without a token, as the
   * page loaded before it sent one.
   */
  finishedToken?: boolean;
  /** The page's own request fields (spec §3), given as they are or made from the session. */
  extras?: Extras<P> | ((context: PageContext) => Extras<P>);
  /** A login page of the ident-code flow: a signed-in participant goes on to where they are. */
  loginPage?: LoginPage;
  /** Default 'spec'. */
  errors?: PageErrors;
  /** Asks for another load with these fields while it answers some (the questionnaire's resume walk). */
  again?: (response: ResponseOf<P>, context: PageContext) => Extras<P> | undefined;
};

export type LoadedPage<P extends PageInfoPath> = {
  response: ResponseOf<P>;
  /** The page's texts from the page-info translations (a missing key shows as 'KEY: name'). */
  t: Translate;
  session: SessionData;
  claims: TokenClaims;
  /** Stores a token the load renewed (spec §7: a returned token on content pages is stored): render it. */
  commit: ReactElement;
};

/** Spec §8: a page-info load with these statuses goes to the error page. */
const ERROR_PAGE_STATUSES: number[] = [StatusCode.TokenInvalid, StatusCode.TokenExpired, StatusCode.PostDataIsInvalid, StatusCode.Exception];
/**
 * A page that needs a token cannot be shown for a finished assessment either: the upstream refuses
 * every call of it (SECURITY.md), so a finished participant's old cookie sees the error page's
 * AssessmentAlreadyFinished message instead of a form whose save would be refused.
 */
const TOKEN_PAGE_STATUSES: number[] = [...ERROR_PAGE_STATUSES, StatusCode.AssessmentAlreadyFinished];

/** A bound on 'again', whatever the upstream answers: a walk through a long questionnaire fits. */
const MAX_LOADS = 500;

/**
 * The one way a server page loads its page info, so that no page can forget a step: the token
 * requirement (spec §6), the signed-in rule of the login pages, the load through the one upstream
 * client with the common body of spec §7, the way back to a skipped personal-info page, the error
 * redirect of spec §8, and the renewal element.
 */
export async function loadPage<P extends PageInfoPath>(path: P, options: LoadPageOptions<P>): Promise<LoadedPage<P>> {
  const session = await getSession();
  const claims = decodeClaims(session.token);
  const context = { session, claims };
  if (options.needsToken && !session.token) {
    redirect(errorPageUrl({ statusCode: StatusCode.TokenInvalid, detailCode: DetailCode.TokenIsEmpty }));
  }
  if (options.loginPage) {
    const onward = routeForSignedIn(options.loginPage, { loggedIn: Boolean(session.token) && claims.isLoggedIn, ...(session.flowRoute && { flowRoute: session.flowRoute }) });
    if (onward) redirect(onward);
  }

  let token = options.anonymous ? undefined : options.finishedToken ? session.finishedToken : session.token;
  const sent = token;
  let extras = typeof options.extras === 'function' ? options.extras(context) : (options.extras ?? {});
  let response = await sendPageInfo(path, session, claims, token, extras);
  if (options.finishedToken && token && response.statusCode !== StatusCode.Ok) {
    token = undefined;
    response = await sendPageInfo(path, session, claims, token, extras);
  }
  for (let loads = 1; ; loads++) {
    if (loads > 1) {
      const answer = await sendPageInfo(path, session, claims, token, extras);
      // A later load that fails (an upstream blip in the resume walk) must not cost the participant
      // their session: the last page that came back stays, and the next page turn tries again.
      if (answer.statusCode !== StatusCode.Ok) break;
      response = answer;
    }
    const returned = (response as { token?: string | null }).token;
    if (returned && !options.anonymous && !options.finishedToken) token = returned;
    const more = options.again && response.statusCode === StatusCode.Ok && loads < MAX_LOADS ? options.again(response, context) : undefined;
    if (!more) break;
    extras = { ...extras, ...more };
  }

  // A group participant who skipped the personal-info page goes back to it, not to the error page.
  const personalInfoFirst = routeForPersonalInfoFirst(response, session.groupVariant);
  if (personalInfoFirst) redirect(personalInfoFirst);

  const errors = options.errors ?? 'spec';
  const refusing = options.needsToken ? TOKEN_PAGE_STATUSES : ERROR_PAGE_STATUSES;
  const failed = errors === 'notOk' ? response.statusCode !== StatusCode.Ok : errors === 'spec' && refusing.includes(response.statusCode);
  if (failed) {
    redirect(errorPageUrl({ statusCode: response.statusCode, detailCode: response.detailCode, exceptionId: response.exceptionId ?? undefined }));
  }
  if (errors === 'maintenance' && response.translations.length === 0) redirect('/maintenance');

  // Server components cannot set cookies: a renewed token goes sealed to <SessionCommit>.
  const renewal = token && token !== sent ? sealTokenRenewal(session.sid, token, getConfig().sessionSecret) : undefined;
  return { response, t: translator(response.translations), session, claims, commit: createElement(SessionCommit, { renewal }) };
}

/** The header and footer's page info (no redirect: a broken upstream must never break the frame). */
export async function loadHeaderFooterInfo(): Promise<ResponseOf<'pageinfo/headerfooter'>> {
  const session = await getSession();
  const claims = decodeClaims(session.token);
  // The same participant's next pages ask the same: kept a while (./headerFooterCache.ts).
  const key = headerFooterKey(session.token, session.uiLanguage, session.questionnaireLanguage);
  return cachedHeaderFooter(key, session.uiLanguage, getConfig().headerFooterCacheSeconds, () =>
    sendPageInfo('pageinfo/headerfooter', session, claims, session.token, {}),
  );
}

/** The common body of spec §7 (category, token, languages, product) plus the page's fields. */
async function sendPageInfo<P extends PageInfoPath>(path: P, session: SessionData, claims: TokenClaims, token: string | undefined, extras: Extras<P>) {
  const { response } = await sendCall(path, pageInfoBody(session, claims, token, extras), { clientAddress: await getClientAddress() });
  return response;
}
