import { DetailCode, ExtraDetailCode, statusName, StatusCode } from '@/lib/api/codes';
import { groupVariant } from './groupVariants';
import { productRules } from './products';
import { isMissing, type Translate } from '@/lib/i18n/translate';
import type { ErrorRecord } from './errorRecord';

export function isSignOutRecord(record: ErrorRecord | undefined): boolean {
  return record?.statusCode === StatusCode.Ok && record.detailCode === DetailCode.SucessfullyLoggedOut;
}

/** Answers whose detail has a message of its own, beyond their status's. */
const DETAIL_MESSAGES: ReadonlyArray<{ statusCode: number; detailCode: number; key: string }> = [
  // The embedded API's per-address limit on unknown ident codes (SECURITY.md, "Limits").
  { statusCode: StatusCode.AssessmentIdentCodeIsInvalid, detailCode: ExtraDetailCode.TooManyUnknownCodes, key: 'ErrorIdentCodeLocked' },
  // The portal page (app/portal): no portal with this id under this identifier, or one without a price.
  { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.UnknownPortal, key: 'ErrorPortalUnknown' },
  { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.PortalWithoutPrice, key: 'ErrorPortalWithoutPrice' },
  // No payment provider is configured, so the portal takes no orders (lib/config/paypal.ts).
  { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.PaymentNotAvailable, key: 'ErrorPaymentNotAvailable' },
];

export type ChromeTexts = {
  internal: (id: string) => string;
  noDatabase: (id: string) => string;
  /** The browser sent no cookies back (ExtraDetailCode.CookiesMissing): what happened and what to do. */
  cookiesMissing: string;
  /** The ident code typed on /home is unknown or expired: the upstream's texts speak of 'your link'. */
  typedCodeInvalid: string;
  typedCodeExpired: string;
};

/** Statuses about the ident code itself, told differently for a typed code. */
const TYPED_CODE_TEXTS: Partial<Record<number, keyof ChromeTexts>> = {
  [StatusCode.AssessmentIdentCodeIsInvalid]: 'typedCodeInvalid',
  [StatusCode.AssessmentIdentCodeIsExpired]: 'typedCodeExpired',
};

/**
 * The error page's message (spec §8): sign-out info; maintenance text for an Exception without a
 * database; the internal-error text for any other Exception; a detail's own message where it has
 * one (DETAIL_MESSAGES); otherwise ErrorCodeMsg_<status name>, falling back to the internal-error
 * text when that translation is missing.
 */
export function errorPageMessage(record: ErrorRecord | undefined, t: Translate, chrome: ChromeTexts): string | undefined {
  if (!record) return undefined;
  const id = record.exceptionId ?? '';
  if (isSignOutRecord(record)) return t('SignOutMessage');
  if (record.statusCode === StatusCode.Undefined && record.detailCode === ExtraDetailCode.CookiesMissing) return chrome.cookiesMissing;
  if (record.statusCode === StatusCode.Exception) {
    return record.detailCode === DetailCode.NoDatabaseConnection ? chrome.noDatabase(id) : chrome.internal(id);
  }
  const special = DETAIL_MESSAGES.find((m) => m.statusCode === record.statusCode && m.detailCode === record.detailCode);
  const specialText = special && t(special.key);
  if (specialText && !isMissing(specialText)) return specialText;
  const typedText = record.codeTyped && TYPED_CODE_TEXTS[record.statusCode];
  if (typedText) return chrome[typedText] as string;
  const name = statusName(record.statusCode);
  const text = name ? t(`ErrorCodeMsg_${name}`) : undefined;
  return text === undefined || isMissing(text) ? chrome.internal(id) : text;
}

/**
 * What the error page offers to go on (besides the spec's login button for product 4): without a
 * stored error it is the entry to the product, so it says how to start and shows the ident-code
 * form; after a typed ident code that was refused, a way back to type it again.
 */
export type ErrorPageStart = 'identCodeForm' | 'typeAgain' | undefined;

export function errorPageStart(record: ErrorRecord | undefined): ErrorPageStart {
  if (!record) return 'identCodeForm';
  if (record.codeTyped && TYPED_CODE_TEXTS[record.statusCode]) return 'typeAgain';
  return undefined;
}

/**
 * Where the error page's login button leads (spec §2, §6): the entry of the group flow the product
 * comes back through (the web variant's for product 4), nowhere otherwise (the button is not
 * shown). The product is the token's, or the one the session kept when its token went
 * (lib/session/claims.ts keptProduct), so the way back stays after the page cleared the session,
 * on a reload and on the next error page.
 */
export function errorPageLogin(product: number | undefined): string | undefined {
  const flow = product === undefined ? null : productRules(product).groupVariant;
  return flow ? groupVariant(flow).routes.entry : undefined;
}
