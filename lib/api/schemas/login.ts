import { z } from 'zod';
import { baseResponse, encryptedField, languageField, shortText, tokenField } from './common';

export const identCodeRequest = z.strictObject({
  assessmentIdentCode: z.string().max(64),
  questionnaireLanguage: languageField.optional(),
  portalId: z.union([shortText, z.number().int()]).optional(),
  token: tokenField.optional(),
});
export const identCodeResponse = baseResponse.extend({
  uiLanguage: z.string().nullish(),
  questionnaireLanguage: z.string().nullish(),
  stylesheet: z.string().nullish(),
  logoDataBase64: z.string().nullish(),
  logoFileExtension: z.string().nullish(),
  assessorMustRegister: z.boolean().nullish(),
});
export type IdentCodeResponse = z.output<typeof identCodeResponse>;

export const accessCodeLoginRequest = z.strictObject({
  passwordHash: encryptedField.min(1, 'is required'),
  token: tokenField.optional(),
});
export const accessCodeLoginResponse = baseResponse.extend({
  username: z.string().nullish(),
  assessorMustRegister: z.boolean().nullish(),
  isFirstLogin: z.boolean().nullish(),
  hasAnsweredSomeQuestions: z.boolean().nullish(),
  isPasswordSet: z.boolean().nullish(),
  /** Embedded API: too many failures; attempts are refused for a while, even with the right code. */
  locked: z.boolean().nullish(),
});
export type AccessCodeLoginResponse = z.output<typeof accessCodeLoginResponse>;

export const raLoginRequest = z.strictObject({ groupcode: encryptedField.min(1, 'is required'), token: tokenField.optional() });
export const groupLoginRequest = z.strictObject({
  groupcode: encryptedField.min(1, 'is required'),
  token: tokenField.optional(),
  uiLanguage: languageField.optional(),
});
export const groupLoginResponse = baseResponse.extend({
  username: z.string().nullish(),
  uiLanguage: z.string().nullish(),
  questionnaireLanguage: z.string().nullish(),
  /** kodegroupcode only: the route to continue with (default /kodegroupcodepersonal). */
  nextPage: z.string().nullish(),
  /** Embedded API: too many unknown group codes from this address, or too many participants started from it; refused for a while. */
  locked: z.boolean().nullish(),
});
export type GroupLoginResponse = z.output<typeof groupLoginResponse>;
