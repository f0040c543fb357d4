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

/**
 * The general page info (the manual, the finished page, /kodewinfo). For a group participant of a
 * variant without an e-mail step (ra) with a personal key, the manual's carries their personal
 * access code, which the manual shows masked (README, "Coming back").
 */
export const generalPageInfoResponse = pageInfoResponse.extend({ accessCode: z.string().nullish() });

/** The image call answers with text: base64 image data. */
export const loadImageRequest = z.strictObject({
  ...pageInfoRequestFields,
  category: z.string().min(1, 'is required').max(100),
  product: productField.optional(),
});
