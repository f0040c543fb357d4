import { z } from 'zod';
import { baseResponse, languageField, pageInfoResponse, shortText, tokenField } from './common';

export const portalPageResponse = pageInfoResponse.extend({
  portalId: z.union([z.string(), z.number()]).nullish(),
  productPrice: z.number().nullish(),
  productTitle: z.string().nullish(),
  paypalMode: z.string().nullish(),
  paypalClientId: z.string().nullish(),
});
export type PortalPageResponse = z.output<typeof portalPageResponse>;

export const invoiceRequest = z.strictObject({
  /** Beyond spec §3's invoice: the portal is named by its identifier and id together, as on the page, so that ids cannot be tried in turn. */
  groupCodeIdent: shortText,
  portalId: z.union([shortText, z.number().int()]),
  isDataPrivacyChecked: z.boolean(),
  invoiceIsPrivate: z.boolean(),
  invoiceName: shortText,
  invoiceStreet: shortText,
  invoiceCity: shortText,
  invoiceEmail: shortText,
  invoiceProductText: shortText,
  invoiceProductPrice: z.number().nonnegative(),
  uiLanguage: languageField.optional(),
  token: tokenField.optional(),
});
export const invoiceResponse = baseResponse.extend({ transactionId: z.string().nullish() });

export const paidRequest = z.strictObject({
  transactionId: z.string().min(1, 'is required').max(200),
  paymentDetails: z.record(z.string(), z.unknown()),
  uiLanguage: languageField.optional(),
  token: tokenField.optional(),
});
