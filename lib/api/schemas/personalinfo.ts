import { z } from 'zod';
import { baseResponse, languageField, pageInfoResponse, shortText, tokenField } from './common';

export const additionalField = z.looseObject({
  id: z.number().int(),
  name: z.string().max(200),
  value: z.string().max(500).nullish(),
  fieldType: z.enum(['Text', 'List']),
  allowedValues: z.array(z.string().max(200)).max(200).nullish(),
  sortNumber: z.number().int(),
  /** Embedded API: whether the field must be filled in (the spec leaves it to the definition). */
  required: z.boolean().nullish(),
});
export type AdditionalField = z.output<typeof additionalField>;

/** What a browser sends back for an additional field: its id and the value chosen or typed. */
const additionalFieldValue = z.strictObject({
  id: z.number().int(),
  name: z.string().max(200).optional(),
  value: z.string().max(500),
  fieldType: z.enum(['Text', 'List']).optional(),
  allowedValues: z.array(z.string().max(200)).max(200).optional(),
  sortNumber: z.number().int().optional(),
  required: z.boolean().optional(),
});

export const registrationData = z.looseObject({
  isRegistered: z.boolean().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  emailAddress: z.string().nullish(),
});

export const registerPageResponse = pageInfoResponse.extend({
  registrationData: registrationData.nullish(),
  isPasswordSet: z.boolean().nullish(),
});
export type RegisterPageResponse = z.output<typeof registerPageResponse>;

export const accessPasswordPageResponse = pageInfoResponse.extend({
  isPasswordSet: z.boolean().nullish(),
  hasAccount: z.boolean().nullish(),
});

export const groupPersonalInfoPageResponse = pageInfoResponse.extend({
  additionalFieldsWithValues: z.array(additionalField).nullish(),
  accessCode: z.string().nullish(),
  uiLanguage: z.string().nullish(),
  questionnaireLanguage: z.string().nullish(),
  hasAccount: z.boolean().nullish(),
  /** Embedded API: the page asks "finish or cancel?" in a modal before it saves (spec §2's modal variant). */
  finishModal: z.boolean().nullish(),
});
export type GroupPersonalInfoPageResponse = z.output<typeof groupPersonalInfoPageResponse>;

export const raPersonalInfoPageResponse = pageInfoResponse.extend({
  name: z.string().nullish(),
  email: z.string().nullish(),
  accessCode: z.string().nullish(),
  hasAccount: z.boolean().nullish(),
});
export type RaPersonalInfoPageResponse = z.output<typeof raPersonalInfoPageResponse>;

export const accessPasswordRequest = z.strictObject({ passwordEncrypted: z.string().max(1024), token: tokenField.optional() });

export const registerRequest = z.strictObject({
  gender: z.literal(1),
  firstName: shortText,
  lastName: shortText,
  emailAddress: shortText,
  passwordEncrypted: z.string().max(1024),
  token: tokenField.optional(),
  uiLanguage: languageField.optional(),
});

export const groupPersonalInfoRequest = z.strictObject({
  additionalFieldsWithValues: z.array(additionalFieldValue).max(50),
  password: z.string().max(1024),
  uiLanguage: languageField.optional(),
  token: tokenField.optional(),
});

export const raPersonalInfoRequest = z.strictObject({
  name: shortText,
  email: shortText,
  password: z.string().max(1024),
  uiLanguage: languageField.optional(),
  token: tokenField.optional(),
});

/** Answers that carry a new token and the username for the welcome line. */
export const signedInResponse = baseResponse.extend({ username: z.string().nullish() });

export const sendAccessCodeRequest = z.strictObject({
  email: shortText,
  /** Plain (spec §7), unlike the login calls' codes: it is the code the e-mail step shows. */
  accessCode: shortText,
  uiLanguage: languageField.optional(),
  token: tokenField.optional(),
});

export const questionnaireSelection = z.looseObject({
  id: z.number().int(),
  questionnaireType: z.number().int(),
  title: z.string().nullish(),
  selectable: z.boolean().nullish(),
  /** Embedded API: the participant finished it already (why it is not selectable; the spec leaves it to the page). */
  finished: z.boolean().nullish(),
});
export const selectionPageResponse = pageInfoResponse.extend({
  questionnaireSelections: z.array(questionnaireSelection).nullish(),
  selectedQuestionnaireType: z.number().int().nullish(),
});
export type SelectionPageResponse = z.output<typeof selectionPageResponse>;

export const selectionRequest = z.strictObject({
  selectedQuestionnaireId: z.number().int(),
  type: z.number().int(),
  token: tokenField.optional(),
});
