import { area } from './area';

/**
 * Texts of the web variant's questionnaire selection and info pages:
 * /kodewquestionnaireselection and /kodewinfo. (/kodewquestionnairemanual shows the filling info
 * of product 4, FillingInfoTextSlider, which the slider view's area holds.) KodewInfoText is the
 * general info text; a group code's questionnaire brings its own as KodewInfoText_<questionnaireType>
 * (handlers/selection.ts).
 */
export const selection = area({
  'de-DE': {
    SelectionTitle: 'Fragebogen auswählen',
    SelectionText: 'Wählen Sie den Fragebogen, den Sie als Nächstes ausfüllen möchten.',
    SelectionLegend: 'Fragebogen',
    SelectionSend: 'Weiter',
    SelectionFinished: 'bereits abgeschlossen',
    SelectionNotOffered: 'derzeit nicht verfügbar',
    SelectionNoneLeft: 'Es ist kein Fragebogen mehr auszuwählen.',
    SelectionFailed: 'Ihre Auswahl konnte gerade nicht gespeichert werden. Bitte versuchen Sie es noch einmal.',
    KodewInfoTitle: 'Hinweise zum Fragebogen',
    KodewInfoText:
      'Im folgenden Fragebogen schätzen Sie jede Aussage mit einem Schieberegler von 0 bis 100 ein. Es gibt keine richtigen oder falschen Antworten – entscheiden Sie spontan.',
  },
  'en-US': {
    SelectionTitle: 'Choose a questionnaire',
    SelectionText: 'Choose the questionnaire you would like to fill in next.',
    SelectionLegend: 'Questionnaire',
    SelectionSend: 'Continue',
    SelectionFinished: 'already completed',
    SelectionNotOffered: 'not available at the moment',
    SelectionNoneLeft: 'There is no questionnaire left to choose.',
    SelectionFailed: 'Your choice could not be saved just now. Please try again.',
    KodewInfoTitle: 'About the questionnaire',
    KodewInfoText:
      'In the following questionnaire you rate each statement with a slider from 0 to 100. There are no right or wrong answers – decide spontaneously.',
  },
  'fr-FR': {
    SelectionTitle: 'Choisir un questionnaire',
    SelectionText: 'Choisissez le questionnaire que vous souhaitez remplir ensuite.',
    SelectionLegend: 'Questionnaire',
    SelectionSend: 'Continuer',
    SelectionFinished: 'déjà terminé',
    SelectionNotOffered: 'non disponible pour le moment',
    SelectionNoneLeft: 'Il n’y a plus de questionnaire à choisir.',
    SelectionFailed: 'Votre choix n’a pas pu être enregistré pour le moment. Veuillez réessayer.',
    KodewInfoTitle: 'À propos du questionnaire',
    KodewInfoText:
      'Dans le questionnaire suivant, vous évaluez chaque affirmation à l’aide d’un curseur de 0 à 100. Il n’y a pas de bonnes ou de mauvaises réponses – décidez spontanément.',
  },
  'it-IT': {
    SelectionTitle: 'Scegliere un questionario',
    SelectionText: 'Scelga il questionario che desidera compilare adesso.',
    SelectionLegend: 'Questionario',
    SelectionSend: 'Avanti',
    SelectionFinished: 'già completato',
    SelectionNotOffered: 'al momento non disponibile',
    SelectionNoneLeft: 'Non ci sono più questionari da scegliere.',
    SelectionFailed: 'Al momento non è stato possibile salvare la sua scelta. La preghiamo di riprovare.',
    KodewInfoTitle: 'Informazioni sul questionario',
    KodewInfoText:
      'Nel questionario seguente valuta ogni affermazione con un cursore da 0 a 100. Non ci sono risposte giuste o sbagliate – decida spontaneamente.',
  },
  'cz-CZ': {
    SelectionTitle: 'Výběr dotazníku',
    SelectionText: 'Vyberte dotazník, který chcete vyplnit jako další.',
    SelectionLegend: 'Dotazník',
    SelectionSend: 'Pokračovat',
    SelectionFinished: 'již dokončeno',
    SelectionNotOffered: 'momentálně není k dispozici',
    SelectionNoneLeft: 'Nezbývá žádný dotazník k výběru.',
    SelectionFailed: 'Váš výběr se nyní nepodařilo uložit. Zkuste to prosím znovu.',
    KodewInfoTitle: 'Informace k dotazníku',
    KodewInfoText:
      'V následujícím dotazníku hodnotíte každý výrok posuvníkem od 0 do 100. Neexistují správné ani špatné odpovědi – rozhodujte se spontánně.',
  },
});
