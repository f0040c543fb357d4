import type { Translate } from '@/lib/i18n/translate';

/** The portal's texts (translation area 'portal'), handed from the server page to the client flow. */
export const PORTAL_TEXT_KEYS = [
  'PortalTitle',
  'PortalText',
  'PortalProductLegend',
  'PortalIdLabel',
  'PortalProductLabel',
  'PortalPriceLabel',
  'PortalInvoiceTypeLegend',
  'PortalInvoicePrivate',
  'PortalInvoiceCompany',
  'PortalAddressLegend',
  'PortalNamePrivateLabel',
  'PortalNameCompanyLabel',
  'PortalStreetLabel',
  'PortalCityLabel',
  'PortalEmailLabel',
  'PortalEmailHint',
  'PortalEmailConfirmLabel',
  'PortalPrivacyLabel',
  'PortalPrivacyLink',
  'PortalPrivacyTitle',
  'PortalPrivacyText',
  'PortalRevocationLabel',
  'PortalRevocationLink',
  'PortalRevocationTitle',
  'PortalRevocationText',
  'PortalPayButton',
  'PortalProblemsSummary',
  'PortalNameRequired',
  'PortalStreetRequired',
  'PortalCityRequired',
  'PortalTextTooLong',
  'PortalTextInvalid',
  'PortalEmailRequired',
  'PortalEmailInvalid',
  'PortalEmailConfirmRequired',
  'PortalEmailMismatch',
  'PortalPrivacyUnchecked',
  'PortalRevocationUnchecked',
  'PortalTooManyInvoices',
  'PortalPriceChanged',
  'PortalSummaryTitle',
  'PortalSummaryText',
  'PortalSummaryInvoiceType',
  'PortalSummaryName',
  'PortalSummaryAddress',
  'PortalSummaryEmail',
  'PortalSummaryConsents',
  'PortalSummaryConsentsGiven',
  'PortalBackButton',
  'PortalPaymentLegend',
  'PortalPaymentLoading',
  'PortalPaymentInProgress',
  'PortalDemoNotice',
  'PortalPaymentFailed',
  'PortalPaymentUnavailable',
  'PortalPaymentReportFailed',
  'PortalConfirmAgainButton',
  'PortalPaymentNotConfirmed',
  'PortalSuccessTitle',
  'PortalSuccessText',
  'ErrorPortalUnknown',
  'ErrorPortalWithoutPrice',
  'ErrorPaymentNotAvailable',
  'ErrorCodeMsg_NoRecordset',
  'ErrorCodeMsg_TokenInvalid',
  'ErrorCodeMsg_TokenExpired',
  'ErrorCodeMsg_PostDataIsInvalid',
] as const;

export type PortalTextKey = (typeof PORTAL_TEXT_KEYS)[number];
export type PortalTexts = Record<PortalTextKey, string>;

export function portalTexts(t: Translate): PortalTexts {
  return Object.fromEntries(PORTAL_TEXT_KEYS.map((key) => [key, t(key)])) as PortalTexts;
}

/** A long text of the catalogue as paragraphs (a blank line between them). */
export function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
}
