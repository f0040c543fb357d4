import { z } from 'zod';
import { pageInfoRequestFields, pageInfoResponse, productField, shortText } from './common';

export const plainPageInfoRequest = z.strictObject(pageInfoRequestFields);

export const identCodePageInfoRequest = z.strictObject({
  ...pageInfoRequestFields,
  assessmentIdentCode: shortText.optional(),
  portalId: z.union([shortText, z.number().int()]).optional(),
});

export const groupCodePageInfoRequest = z.strictObject({
  ...pageInfoRequestFields,
  groupCodeIdent: shortText.optional(),
});

export const headerFooterResponse = pageInfoResponse.extend({
  stylesheet: z.string().nullish(),
  logoDataBase64: z.string().nullish(),
  logoFileExtension: z.string().nullish(),
  showLanguageSelection: z.boolean().nullish(),
});
export type HeaderFooterResponse = z.output<typeof headerFooterResponse>;

/** The image call answers with text: base64 image data. */
export const loadImageRequest = z.strictObject({
  ...pageInfoRequestFields,
  category: z.string().min(1, 'is required').max(100),
  product: productField.optional(),
});
