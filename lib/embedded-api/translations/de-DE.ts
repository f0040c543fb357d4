/** German is the reference catalogue: every other language has exactly these keys. */
export const deDE = {
  Languages: 'de-DE,Deutsch;en-US,English;fr-FR,Français;it-IT,Italiano;cz-CZ,Čeština',
  ErrorPageTitle: 'Fehler',
  InfoPageTitle: 'Information',
  LoginButton: 'Zur Anmeldung',
  SignOutMessage: 'Sie haben sich erfolgreich abgemeldet. Ihre Antworten sind gespeichert.',
  ErrorCodeMsg_NoRecordset: 'Es wurden keine passenden Daten gefunden.',
  ErrorCodeMsg_TokenInvalid: 'Ihre Sitzung ist ungültig. Bitte öffnen Sie Ihren Zugangslink erneut.',
  ErrorCodeMsg_TokenExpired: 'Ihre Sitzung ist abgelaufen. Bitte öffnen Sie Ihren Zugangslink erneut.',
  ErrorCodeMsg_PostDataIsInvalid: 'Die übermittelten Daten sind ungültig.',
  ErrorCodeMsg_AssessmentIdentCodeIsInvalid: 'Der Zugangscode in Ihrem Link ist ungültig.',
  ErrorCodeMsg_AssessmentDoesNotExist: 'Diese Befragung existiert nicht.',
  ErrorCodeMsg_AssessmentAlreadyFinished: 'Diese Befragung wurde bereits abgeschlossen. Vielen Dank für Ihre Teilnahme.',
  ErrorCodeMsg_AssessmentIdentCodeIsExpired: 'Der Zugangscode in Ihrem Link ist abgelaufen.',
  ErrorCodeMsg_MailNotSent: 'Die E-Mail konnte nicht gesendet werden.',
  ManualTitle: 'Hinweise zum Ausfüllen',
  FillingInfoText: 'Auf den folgenden Seiten finden Sie Aussagen zu beruflichen Kompetenzen. Bringen Sie die vier Aussagen jeder Frage in eine Rangfolge: 1 passt am besten, 4 am wenigsten. Jeder Rang wird pro Frage genau einmal vergeben. Ihre Antworten werden beim Blättern gespeichert; Sie können jederzeit unterbrechen und später weitermachen.',
  FillingInfoButton: 'Ausfüllhinweise anzeigen',
  FillingInfoTitle: 'Ausfüllhinweise',
  GeneralInfoButton: 'Allgemeine Informationen',
  GeneralInfoTitle: 'Allgemeine Informationen',
  GeneralInfoText: 'Die Befragung dauert etwa 20 Minuten. Es gibt keine richtigen oder falschen Antworten – entscheiden Sie spontan. Ihre Angaben werden vertraulich behandelt und ausschließlich für die vereinbarte Auswertung verwendet.',
  ContinueButton: 'Weiter',
  ImprintTitle: 'Impressum',
  ImprintText:
    'Assessment Online GmbH · Musterstraße 12 · 10115 Berlin · Deutschland\nGeschäftsführung: Dr. Anna Beispiel\nRegistergericht: Amtsgericht Berlin-Charlottenburg, HRB 123456\nUSt-IdNr.: DE123456789 · E-Mail: kontakt@assessment-online.example',
};

export type TranslationKey = keyof typeof deDE;
export type Catalogue = Record<TranslationKey, string>;
