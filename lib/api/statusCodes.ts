/**
 * The spec's status and detail codes alone, for what the login pages load (lib/client/api.ts and the
 * flows they run): a module's every export ships with it, and these pages have 135 KB of script in
 * all (docs/architecture.md, "The login pages' budget"). Everything else imports them from ./codes.
 */
/** Status codes of every upstream answer (spec §3). */
export const StatusCode = {
  Undefined: 0,
  Ok: 1,
  NoRecordset: 2,
  TokenInvalid: 3,
  TokenExpired: 4,
  PostDataIsInvalid: 5,
  AssessmentIdentCodeIsInvalid: 6,
  CanNotDelete: 7,
  AssessmentDoesNotExist: 8,
  AssessmentAlreadyFinished: 9,
  AssessmentAlreadyExists: 10,
  AssessmentNotCreated: 11,
  MailNotSent: 12,
  Exception: 13,
  AssessmentIdentCodeIsExpired: 14,
} as const;
export type StatusCode = (typeof StatusCode)[keyof typeof StatusCode];
export type StatusName = keyof typeof StatusCode;

/** Detail codes 0–24 (spec §3); the spelling of the upstream is kept, typos included. */
export const DetailCode = {
  NoDetails: 0,
  UrlCodeIsEmpty: 1,
  UrlCodeHasInvalidLength: 2,
  UrlCodeChecksumInvalid: 3,
  UnknownClientCode: 4,
  UnknownConsultantCode: 5,
  UnknownAssessmentCode: 6,
  NoDatabaseConnection: 7,
  UnknownClient: 8,
  UnknownConsultant: 9,
  UnknownPerson: 10,
  AssessmentExists: 11,
  NoExists: 12,
  LinkingToOtherTables: 13,
  PersonHasOtherAssessment: 14,
  ConsultantHasOtherAssessment: 15,
  UnknownAssessmentId: 16,
  TokenIsEmpty: 17,
  TokenUnableToDecode: 18,
  UnableToDecryptClientData: 19,
  SucessfullyLoggedOut: 20,
  UnableToSendMail: 21,
  NoConnectionWithEmailServer: 22,
  TokenUnknown: 23,
  Exception: 24,
} as const;
export type DetailCode = (typeof DetailCode)[keyof typeof DetailCode];
export type DetailName = keyof typeof DetailCode;

