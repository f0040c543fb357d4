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
  ManualTitle: 'How to fill in the questionnaire',
  FillingInfoText: 'On the following pages you will find statements about professional competencies. Rank the four statements of each question: 1 fits best, 4 fits least. Each rank is used exactly once per question. Your answers are saved as you turn the pages; you can stop at any time and continue later.',
  FillingInfoButton: 'Show filling-in notes',
  FillingInfoTitle: 'Filling-in notes',
  GeneralInfoButton: 'General information',
  GeneralInfoTitle: 'General information',
  GeneralInfoText: 'The questionnaire takes about 20 minutes. There are no right or wrong answers – decide spontaneously. Your answers are treated confidentially and used only for the agreed evaluation.',
  ContinueButton: 'Continue',
  ImprintTitle: 'Legal notice',
  ImprintText:
    'Assessment Online GmbH · Musterstraße 12 · 10115 Berlin · Germany\nManaging director: Dr. Anna Beispiel\nRegister court: Amtsgericht Berlin-Charlottenburg, HRB 123456\nVAT ID: DE123456789 · E-mail: kontakt@assessment-online.example',
};
