import { DetailCode, StatusCode, type DetailName, type StatusName } from './statusCodes';

export { DetailCode, StatusCode, type DetailName, type StatusName } from './statusCodes';

/**
 * Detail codes beyond the spec's 0–24 that the embedded API adds; the spec's upstream never sends
 * them. TooManyUnknownCodes comes with AssessmentIdentCodeIsInvalid: this client address has tried
 * too many unknown ident codes, and lookups are refused for a while (SECURITY.md, "Limits").
 */
export const ExtraDetailCode = {
  TooManyUnknownCodes: 101,
  /** With MailNotSent: this participant or client address has had as many mails this hour as the anti-spam limit allows. */
  TooManyMails: 102,
  /**
   * With TokenInvalid: a group participant's call beyond the personal-info page before they saved
   * it (additional fields, key, data-privacy consent). The app sends them back to their variant's
   * personal-info page (lib/flows/personalInfoFirst.ts) instead of the error page.
   */
  PersonalInfoFirst: 103,
  /** With NoRecordset: no portal has this id under this group code identifier (pageinfo/portal/login, submit/portal/invoiceinfo). */
  UnknownPortal: 104,
  /** With NoRecordset: the portal exists but has no price that can be charged; the app shows no payment button. */
  PortalWithoutPrice: 105,
  /** With PostDataIsInvalid: this client address has started as many portal transactions this hour as the limit allows. */
  TooManyInvoices: 106,
  /** With PostDataIsInvalid: the price sent is not the portal's price (it changed since the page was loaded). */
  PriceChanged: 107,
  /** With PostDataIsInvalid: PayPal does not confirm this payment (not completed, another amount, currency or transaction). */
  PaymentNotConfirmed: 108,
  /** With Exception: PayPal could not be asked; the report is kept and may be sent again. */
  PaymentProviderUnavailable: 109,
  /**
   * With NoRecordset: the portal takes no orders because no payment provider is configured (outside
   * demo mode without PAYPAL_MODE sandbox or live); the app shows "payment not available".
   */
  PaymentNotAvailable: 110,
  /** With PostDataIsInvalid: this participant has set as many personal keys this hour as the limit allows; the key in use stays. */
  TooManyKeyChanges: 111,
  /**
   * The app's own, never the upstream's (with Undefined): a call came without the session or the
   * XSRF cookie that every page sets, so the browser does not keep this site's cookies (blocked,
   * a privacy mode, an embedded frame). The error page says so and what to do (lib/proxy/handleProxy.ts).
   */
  CookiesMissing: 112,
} as const;

/** Product values carried in the token (spec §1). */
export const Product = {
  Unknown: 0,
  CompetencyQuestionnaire: 1,
  SecondQuestionnaire: 2,
  RequirementsAnalysis: 3,
  GroupWeb: 4,
  Portal: 5,
} as const;
export type Product = (typeof Product)[keyof typeof Product];

function invert<T extends Record<string, number>>(table: T): Map<number, keyof T & string> {
  return new Map(Object.entries(table).map(([name, value]) => [value, name as keyof T & string]));
}
// Made at first use: a page that names no code loads neither (the login pages' size budget).
let statusNames: Map<number, StatusName> | undefined;
let detailNames: Map<number, DetailName> | undefined;

/** The name of a status code, or undefined for a value the spec does not know. */
export function statusName(code: number): StatusName | undefined {
  return (statusNames ??= invert(StatusCode)).get(code);
}
export function detailName(code: number): DetailName | undefined {
  return (detailNames ??= invert(DetailCode)).get(code);
}
export function isProduct(value: unknown): value is Product {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 5;
}
