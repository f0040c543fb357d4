import type { Catalogue } from './de-DE';

export const frFR: Catalogue = {
  Languages: 'de-DE,Deutsch;en-US,English;fr-FR,Français;it-IT,Italiano;cz-CZ,Čeština',
  ErrorPageTitle: 'Erreur',
  InfoPageTitle: 'Information',
  LoginButton: 'Vers la connexion',
  SignOutMessage: 'Vous vous êtes déconnecté avec succès. Vos réponses sont enregistrées.',
  ErrorCodeMsg_NoRecordset: 'Aucune donnée correspondante n’a été trouvée.',
  ErrorCodeMsg_TokenInvalid: 'Votre session n’est pas valide. Veuillez rouvrir votre lien d’accès.',
  ErrorCodeMsg_TokenExpired: 'Votre session a expiré. Veuillez rouvrir votre lien d’accès.',
  ErrorCodeMsg_PostDataIsInvalid: 'Les données envoyées ne sont pas valides.',
  ErrorCodeMsg_AssessmentIdentCodeIsInvalid: 'Le code d’accès de votre lien n’est pas valide.',
  ErrorCodeMsg_AssessmentDoesNotExist: 'Cette évaluation n’existe pas.',
  ErrorCodeMsg_AssessmentAlreadyFinished: 'Cette évaluation est déjà terminée. Merci de votre participation.',
  ErrorCodeMsg_AssessmentIdentCodeIsExpired: 'Le code d’accès de votre lien a expiré.',
  ErrorCodeMsg_MailNotSent: 'L’e-mail n’a pas pu être envoyé.',
  ImprintTitle: 'Mentions légales',
  ImprintText:
    'Assessment Online GmbH · Musterstraße 12 · 10115 Berlin · Allemagne\nGérante : Dr. Anna Beispiel\nTribunal d’enregistrement : Amtsgericht Berlin-Charlottenburg, HRB 123456\nN° TVA : DE123456789 · E-mail : kontakt@assessment-online.example',
};
