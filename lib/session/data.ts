import crypto from 'node:crypto';
import { isProduct, Product } from '@/lib/api/codes';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/api/languages';
import { isGroupVariant, type GroupVariant } from '@/lib/flows/groupVariants';
import { isFlowRoute, type FlowRoute } from '@/lib/flows/signedIn';
import type { KeptBranding } from '@/lib/flows/branding';
import { isSignInPath } from '@/lib/flows/signInPath';
import { checkLogo, checkStylesheet, MAX_KEPT_LOGO_CHARS, type LogoExtension, type Theme } from '@/lib/validation/branding';
import { logOnce } from '@/lib/log/once';
import { keptProduct } from './claims';
import { seal, unseal } from './seal';

/**
 * What the spec keeps in session storage, kept by the server instead: sealed into one httpOnly
 * cookie, so page JavaScript never sees the token. Of the branding, the stylesheet is kept as the
 * name of one of our themes and the logo only when it is small (MAX_KEPT_LOGO_CHARS).
 */
export type SessionData = {
  /** Random id that binds the XSRF token to this session. */
  sid: string;
  token?: string;
  /**
   * The token that finished the assessment, kept from a finish with logout until the finished page
   * has loaded with it (spec §4: the finished page clears the session and the token): it tells the
   * upstream whose retention notice to show. Revoked by the finish, it is sent nowhere else.
   */
  finishedToken?: string;
  username?: string;
  uiLanguage: Language;
  questionnaireLanguage: Language;
  /** currentQuestionnaireStartIndex of the spec: 1 by default and after a login (spec §9). */
  startIndex: number;
  showLanguageSelection: boolean;
  /** The participant chose the language (header, or a language in the deep link): it wins over the assessment's. */
  languageChosen: boolean;
  /** Set by a login: the next questionnaire load walks on to where the participant left off (lib/flows/questionnaire.ts). */
  resumePending: boolean;
  /** The step of the ident-code flow the participant reached after login (lib/flows/signedIn.ts). */
  flowRoute?: FlowRoute;
  /**
   * The product of the last token this session held, kept when the token goes (sign-out, the error
   * page's clearing, a finish with logout): the error page still knows it and offers a group
   * participant of product 4 the way back to /kodew (spec §2, §6). A token held wins over it.
   */
  product?: Product;
  /**
   * The group flow this session's participant logged in through (set by the group login): where a
   * participant who has not saved personal info is sent back to (lib/flows/personalInfoFirst.ts).
   */
  groupVariant?: GroupVariant;
  /**
   * The portal's transaction ids this session started (submit/portal/invoiceinfo), newest last, at
   * most MAX_PORTAL_TRANSACTIONS: a payment may be reported only for one of them
   * (lib/proxy/portalReport.ts). Several, because a buyer may have sent the form again in another tab.
   */
  portalTransactions?: string[];
  /**
   * Where this participant signed in (the ident code's deep link, or the group flow's entry): where
   * the timeout dialog sends them once the session has ended (lib/flows/signInPath.ts).
   */
  signInPath?: string;
  /**
   * The ident code's branding (spec §3 headerFooterStylesheet, headerLogoDataBase64,
   * headerLogoFileExtension; §4 "stylesheet and logo are applied"), checked
   * (lib/validation/branding.ts): the theme its stylesheet names, and its logo if small enough to
   * keep. It wins over the header/footer answer's (lib/flows/branding.ts) and goes with the participant.
   */
  headerFooterStylesheet?: Theme;
  headerLogoDataBase64?: string;
  headerLogoFileExtension?: LogoExtension;
};

export const MAX_PORTAL_TRANSACTIONS = 5;
const TRANSACTION_ID = /^PT-[A-Za-z0-9_-]{20}$/;

export function isTransactionId(value: unknown): value is string {
  return typeof value === 'string' && TRANSACTION_ID.test(value);
}

const PURPOSE = 'session';

const newSessionId = () => crypto.randomBytes(16).toString('base64url');

export function newSession(overrides: Partial<SessionData> = {}): SessionData {
  return {
    sid: newSessionId(),
    uiLanguage: DEFAULT_LANGUAGE,
    questionnaireLanguage: DEFAULT_LANGUAGE,
    startIndex: 1,
    showLanguageSelection: true,
    languageChosen: false,
    resumePending: false,
    ...overrides,
  };
}

/**
 * The most a sealed session may take (characters): with its name the cookie stays under the 4,096
 * bytes a browser keeps of one. A session within the designed bounds takes far less
 * (session.test.ts); a larger one (an upstream's token much longer than expected) loses its logo
 * first, rather than the browser dropping the whole cookie and with it the token.
 */
export const MAX_SEALED_SESSION_CHARS = 3800;

export function sealSession(session: SessionData, secret: string): string {
  const sealed = seal(session, secret, PURPOSE);
  if (sealed.length <= MAX_SEALED_SESSION_CHARS || !session.headerLogoDataBase64) return sealed;
  logOnce('session too large for the logo', 'warn', 'session_logo_not_kept', { chars: sealed.length, limit: MAX_SEALED_SESSION_CHARS });
  return seal(withBranding({ ...session }, { ...(session.headerFooterStylesheet && { theme: session.headerFooterStylesheet }) }), secret, PURPOSE);
}

/** A cookie that does not unseal, or unseals to something odd, is no session. */
export function unsealSession(value: string | undefined, secret: string): SessionData | undefined {
  const raw = unseal(value, secret, PURPOSE);
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.sid !== 'string' || r.sid.length < 16) return undefined;
  return {
    sid: r.sid,
    ...(typeof r.token === 'string' && r.token && { token: r.token }),
    ...(typeof r.finishedToken === 'string' && r.finishedToken && { finishedToken: r.finishedToken }),
    ...(typeof r.username === 'string' && r.username && { username: r.username }),
    uiLanguage: isLanguage(r.uiLanguage) ? r.uiLanguage : DEFAULT_LANGUAGE,
    questionnaireLanguage: isLanguage(r.questionnaireLanguage) ? r.questionnaireLanguage : DEFAULT_LANGUAGE,
    startIndex: typeof r.startIndex === 'number' && Number.isInteger(r.startIndex) && r.startIndex >= 1 ? r.startIndex : 1,
    showLanguageSelection: r.showLanguageSelection !== false,
    languageChosen: r.languageChosen === true,
    resumePending: r.resumePending === true,
    ...(isFlowRoute(r.flowRoute) && { flowRoute: r.flowRoute }),
    ...(isProduct(r.product) && r.product !== Product.Unknown && { product: r.product }),
    ...(isGroupVariant(r.groupVariant) && { groupVariant: r.groupVariant }),
    ...(Array.isArray(r.portalTransactions) && { portalTransactions: r.portalTransactions.filter(isTransactionId).slice(-MAX_PORTAL_TRANSACTIONS) }),
    ...(isSignInPath(r.signInPath) && { signInPath: r.signInPath }),
    ...brandingFields(keptBrandingOf(r)),
  };
}

/** The kept branding, as the header's rule takes it; what does not pass the checks again is not there. */
export function keptBrandingOf(session: { headerFooterStylesheet?: unknown; headerLogoDataBase64?: unknown; headerLogoFileExtension?: unknown }): KeptBranding {
  const theme = checkStylesheet(session.headerFooterStylesheet);
  const logo = checkLogo(session.headerLogoFileExtension, session.headerLogoDataBase64, MAX_KEPT_LOGO_CHARS);
  return { ...(theme.kind === 'ok' && { theme: theme.value }), ...(logo.kind === 'ok' && { logo: logo.value }) };
}

/** The session's fields for a branding: set where given, absent where not. */
function brandingFields({ theme, logo }: KeptBranding): Pick<SessionData, 'headerFooterStylesheet' | 'headerLogoDataBase64' | 'headerLogoFileExtension'> {
  return { ...(theme && { headerFooterStylesheet: theme }), ...(logo && { headerLogoDataBase64: logo.dataBase64, headerLogoFileExtension: logo.extension }) };
}

/** This branding instead of the one the session kept (none: the header/footer's applies), on the copy it is given. */
export function withBranding(session: SessionData, branding: KeptBranding): SessionData {
  delete session.headerFooterStylesheet;
  delete session.headerLogoDataBase64;
  delete session.headerLogoFileExtension;
  return Object.assign(session, brandingFields(branding));
}

/**
 * The same session under a new id, at login and at sign-out: an XSRF token or a sealed token
 * renewal taken before (a shared computer, a page left open) is bound to the old id and refused.
 * Whoever saves it must hand out an XSRF token for the new id in the same response.
 */
export function withNewSessionId(session: SessionData): SessionData {
  return { ...session, sid: newSessionId() };
}

/**
 * The session after sign-out or after the error page showed its message: no token, no username,
 * start index 1, no step of a flow, and a new id (withNewSessionId); the language stays, as the
 * participant chose it, and the token's product (the error page's login button).
 */
export function clearedSession(session: SessionData): SessionData {
  const product = keptProduct(session);
  return newSession({
    ...(product !== undefined && { product }),
    uiLanguage: session.uiLanguage,
    questionnaireLanguage: session.questionnaireLanguage,
    showLanguageSelection: session.showLanguageSelection,
    languageChosen: session.languageChosen,
  });
}
