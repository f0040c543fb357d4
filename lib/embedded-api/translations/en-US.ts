import type { Catalogue } from './de-DE';

export const enUS: Catalogue = {
  Languages: 'de-DE,Deutsch;en-US,English;fr-FR,Français;it-IT,Italiano;cz-CZ,Čeština',
  ErrorPageTitle: 'Error',
  InfoPageTitle: 'Information',
  LoginButton: 'Go to sign-in',
  SignOutMessage: 'You have signed out successfully. Your answers are saved.',
  ErrorCodeMsg_NoRecordset: 'No matching data was found.',
  ErrorCodeMsg_TokenInvalid: 'Your session is not valid. Please open your access link again.',
  ErrorCodeMsg_TokenExpired: 'Your session has expired. Please open your access link again.',
  ErrorCodeMsg_PostDataIsInvalid: 'The data sent is not valid.',
  ErrorCodeMsg_AssessmentIdentCodeIsInvalid: 'The access code in your link is not valid.',
  ErrorCodeMsg_AssessmentDoesNotExist: 'This assessment does not exist.',
  ErrorCodeMsg_AssessmentAlreadyFinished: 'This assessment has already been completed. Thank you for taking part.',
  ErrorCodeMsg_AssessmentIdentCodeIsExpired: 'The access code in your link has expired.',
  ErrorCodeMsg_MailNotSent: 'The e-mail could not be sent.',
  ImprintTitle: 'Legal notice',
  ImprintText:
    'Assessment Online GmbH · Musterstraße 12 · 10115 Berlin · Germany\nManaging director: Dr. Anna Beispiel\nRegister court: Amtsgericht Berlin-Charlottenburg, HRB 123456\nVAT ID: DE123456789 · E-mail: kontakt@assessment-online.example',
};
