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
  ManualTitle: 'Comment remplir le questionnaire',
  FillingInfoText: 'Les pages suivantes présentent des affirmations sur des compétences professionnelles. Classez les quatre affirmations de chaque question : 1 correspond le mieux, 4 le moins. Chaque rang est utilisé une seule fois par question. Vos réponses sont enregistrées à chaque changement de page ; vous pouvez interrompre et reprendre plus tard.',
  FillingInfoButton: 'Afficher les consignes',
  FillingInfoTitle: 'Consignes de remplissage',
  GeneralInfoButton: 'Informations générales',
  GeneralInfoTitle: 'Informations générales',
  GeneralInfoText: 'Le questionnaire dure environ 20 minutes. Il n’y a pas de bonnes ou de mauvaises réponses – décidez spontanément. Vos réponses sont traitées de manière confidentielle et utilisées uniquement pour l’évaluation convenue.',
  ContinueButton: 'Continuer',
  ImprintTitle: 'Mentions légales',
  ImprintText:
    'Assessment Online GmbH · Musterstraße 12 · 10115 Berlin · Allemagne\nGérante : Dr. Anna Beispiel\nTribunal d’enregistrement : Amtsgericht Berlin-Charlottenburg, HRB 123456\nN° TVA : DE123456789 · E-mail : kontakt@assessment-online.example',
};
