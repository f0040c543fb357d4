import type { Catalogue } from './de-DE';

export const itIT: Catalogue = {
  Languages: 'de-DE,Deutsch;en-US,English;fr-FR,Français;it-IT,Italiano;cz-CZ,Čeština',
  ErrorPageTitle: 'Errore',
  InfoPageTitle: 'Informazione',
  LoginButton: 'Vai all’accesso',
  SignOutMessage: 'Disconnessione avvenuta con successo. Le sue risposte sono salvate.',
  ErrorCodeMsg_NoRecordset: 'Nessun dato corrispondente trovato.',
  ErrorCodeMsg_TokenInvalid: 'La sessione non è valida. Riapra il suo link di accesso.',
  ErrorCodeMsg_TokenExpired: 'La sessione è scaduta. Riapra il suo link di accesso.',
  ErrorCodeMsg_PostDataIsInvalid: 'I dati inviati non sono validi.',
  ErrorCodeMsg_AssessmentIdentCodeIsInvalid: 'Il codice di accesso del link non è valido.',
  ErrorCodeMsg_AssessmentDoesNotExist: 'Questa valutazione non esiste.',
  ErrorCodeMsg_AssessmentAlreadyFinished: 'Questa valutazione è già stata completata. Grazie per la partecipazione.',
  ErrorCodeMsg_AssessmentIdentCodeIsExpired: 'Il codice di accesso del link è scaduto.',
  ErrorCodeMsg_MailNotSent: 'Non è stato possibile inviare l’e-mail.',
  ManualTitle: 'Come compilare il questionario',
  FillingInfoText: 'Nelle pagine seguenti trova affermazioni su competenze professionali. Ordini le quattro affermazioni di ogni domanda: 1 corrisponde di più, 4 di meno. Ogni posizione si usa una sola volta per domanda. Le risposte vengono salvate a ogni cambio di pagina; può interrompere e continuare più tardi.',
  FillingInfoButton: 'Mostra le istruzioni',
  FillingInfoTitle: 'Istruzioni per la compilazione',
  GeneralInfoButton: 'Informazioni generali',
  GeneralInfoTitle: 'Informazioni generali',
  GeneralInfoText: 'Il questionario richiede circa 20 minuti. Non esistono risposte giuste o sbagliate – decida spontaneamente. Le sue risposte sono trattate in modo riservato e usate solo per la valutazione concordata.',
  ContinueButton: 'Avanti',
  ImprintTitle: 'Note legali',
  ImprintText:
    'Assessment Online GmbH · Musterstraße 12 · 10115 Berlino · Germania\nAmministratrice: Dr. Anna Beispiel\nRegistro: Amtsgericht Berlin-Charlottenburg, HRB 123456\nPartita IVA: DE123456789 · E-mail: kontakt@assessment-online.example',
};
