import { z } from 'zod';
import { LANGUAGES } from '../languages';

/** Requests are parsed strictly: an unknown or malformed field is a 400 naming it. */
export const languageField = z.enum(LANGUAGES);
export const tokenField = z.string().max(4096);
export const productField = z.number().int().min(0).max(5);
/** Codes and keys arrive AES-encrypted and base64 encoded; the bound keeps bodies sane. */
export const encryptedField = z.string().max(1024);
export const shortText = z.string().max(200);

/** Fields every page-info load carries (spec §7). */
export const pageInfoRequestFields = {
  category: z.string().max(100).optional(),
  token: tokenField.optional(),
  uiLanguage: languageField.optional(),
  questionnaireLanguage: languageField.optional(),
  product: productField.optional(),
};

/** Upstream answers are parsed leniently: unknown fields pass, nulls are tolerated. */
export const baseResponse = z.looseObject({
  statusCode: z.number().int(),
  detailCode: z.number().int().nullish().transform((v) => v ?? 0),
  exceptionId: z.string().nullish(),
  errorInfo: z.string().nullish(),
  token: z.string().nullish(),
});
export type BaseResponse = z.output<typeof baseResponse>;

export const translation = z.looseObject({ key: z.string(), value: z.string().nullish().transform((v) => v ?? '') });
export type Translation = z.output<typeof translation>;

export const pageInfoResponse = baseResponse.extend({
  translations: z.array(translation).nullish().transform((v) => v ?? []),
});
export type PageInfoResponse = z.output<typeof pageInfoResponse>;

/** A refusal of our own proxy: always JSON, always 4xx. */
export const refusal = z.object({ statusCode: z.number().int(), detailCode: z.number().int(), error: z.string() });
export type Refusal = z.output<typeof refusal>;
