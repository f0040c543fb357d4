import { area } from './area';

/**
 * Texts of the group flows' e-mail step (/kodewemail, /kodegroupcodeemail). The mail
 * itself is in ../../mail/accessCodeMail.ts. SendAccessCode*Error are the spec's keys (§5).
 */
export const accessCodeEmail = area({
  'de-DE': {
    AccessCodeEmailTitle: 'Ihr persönlicher Zugangscode',
    AccessCodeEmailText:
      'Mit diesem Zugangscode und Ihrem persönlichen Schlüssel können Sie die Befragung später fortsetzen, auch auf einem anderen Gerät. Notieren Sie ihn, oder lassen Sie ihn sich per E-Mail senden.',
    AccessCodeEmailComeBack:
      'So geht es später weiter: Öffnen Sie den Link aus der E-Mail (oder die Startseite und geben Sie dort den Zugangscode ein) und melden Sie sich mit Ihrem persönlichen Schlüssel an.',
    PersonalAccessCodeLabel: 'Persönlicher Zugangscode',
    ShowAccessCode: 'Zugangscode anzeigen',
    SendAccessCodeByEmail: 'Zugangscode per E-Mail senden',
    SendAccessCodeEmailLabel: 'E-Mail-Adresse',
    SendAccessCodeConfirmEmailLabel: 'E-Mail-Adresse wiederholen',
    SendAccessCodeButton: 'Senden',
    SendAccessCodeEmailError: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.',
    SendAccessCodeConfirmEmailError: 'Bitte wiederholen Sie Ihre E-Mail-Adresse.',
    SendAccessCodeConfirmEmailRepeatError: 'Die beiden E-Mail-Adressen stimmen nicht überein.',
    SendAccessCodeFailed:
      'Die E-Mail konnte gerade nicht gesendet werden. Ihr Zugangscode bleibt gültig: Notieren Sie ihn und versuchen Sie es später noch einmal, oder fahren Sie ohne E-Mail fort.',
    SendAccessCodeLimitError:
      'Für Ihren Zugang wurden in der letzten Stunde bereits mehrere E-Mails gesendet. Bitte notieren Sie Ihren Zugangscode und fahren Sie ohne E-Mail fort.',
  },
  'en-US': {
    AccessCodeEmailTitle: 'Your personal access code',
    AccessCodeEmailText:
      'With this access code and your personal key you can continue the questionnaire later, also on another device. Write it down, or have it sent to you by e-mail.',
    AccessCodeEmailComeBack:
      'To continue later: open the link in the e-mail (or the start page, and enter the access code there) and sign in with your personal key.',
    PersonalAccessCodeLabel: 'Personal access code',
    ShowAccessCode: 'Show access code',
    SendAccessCodeByEmail: 'Send access code by e-mail',
    SendAccessCodeEmailLabel: 'E-mail address',
    SendAccessCodeConfirmEmailLabel: 'Repeat e-mail address',
    SendAccessCodeButton: 'Send',
    SendAccessCodeEmailError: 'Please enter a valid e-mail address, for example name@example.com.',
    SendAccessCodeConfirmEmailError: 'Please repeat your e-mail address.',
    SendAccessCodeConfirmEmailRepeatError: 'The two e-mail addresses do not match.',
    SendAccessCodeFailed:
      'The e-mail could not be sent just now. Your access code stays valid: write it down and try again later, or continue without e-mail.',
    SendAccessCodeLimitError:
      'Several e-mails have already been sent for your access within the last hour. Please write down your access code and continue without e-mail.',
  },
  'fr-FR': {
    AccessCodeEmailTitle: 'Votre code d’accès personnel',
    AccessCodeEmailText:
      'Avec ce code d’accès et votre clé personnelle, vous pourrez reprendre le questionnaire plus tard, y compris sur un autre appareil. Notez-le ou faites-le vous envoyer par e-mail.',
    AccessCodeEmailComeBack:
      'Pour reprendre plus tard : ouvrez le lien de l’e-mail (ou la page d’accueil, puis saisissez-y le code d’accès) et connectez-vous avec votre clé personnelle.',
    PersonalAccessCodeLabel: 'Code d’accès personnel',
    ShowAccessCode: 'Afficher le code d’accès',
    SendAccessCodeByEmail: 'Envoyer le code d’accès par e-mail',
    SendAccessCodeEmailLabel: 'Adresse e-mail',
    SendAccessCodeConfirmEmailLabel: 'Répéter l’adresse e-mail',
    SendAccessCodeButton: 'Envoyer',
    SendAccessCodeEmailError: 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.',
    SendAccessCodeConfirmEmailError: 'Veuillez répéter votre adresse e-mail.',
    SendAccessCodeConfirmEmailRepeatError: 'Les deux adresses e-mail ne correspondent pas.',
    SendAccessCodeFailed:
      'L’e-mail n’a pas pu être envoyé pour le moment. Votre code d’accès reste valable : notez-le et réessayez plus tard, ou continuez sans e-mail.',
    SendAccessCodeLimitError:
      'Plusieurs e-mails ont déjà été envoyés pour votre accès au cours de la dernière heure. Veuillez noter votre code d’accès et continuer sans e-mail.',
  },
  'it-IT': {
    AccessCodeEmailTitle: 'Il tuo codice di accesso personale',
    AccessCodeEmailText:
      'Con questo codice di accesso e la tua chiave personale puoi continuare il questionario più tardi, anche su un altro dispositivo. Annotalo oppure fattelo inviare per e-mail.',
    AccessCodeEmailComeBack:
      'Per continuare più tardi: apri il link dell’e-mail (oppure la pagina iniziale e inserisci lì il codice di accesso) e accedi con la tua chiave personale.',
    PersonalAccessCodeLabel: 'Codice di accesso personale',
    ShowAccessCode: 'Mostra il codice di accesso',
    SendAccessCodeByEmail: 'Invia il codice di accesso per e-mail',
    SendAccessCodeEmailLabel: 'Indirizzo e-mail',
    SendAccessCodeConfirmEmailLabel: 'Ripeti l’indirizzo e-mail',
    SendAccessCodeButton: 'Invia',
    SendAccessCodeEmailError: 'Inserisci un indirizzo e-mail valido, ad esempio nome@esempio.it.',
    SendAccessCodeConfirmEmailError: 'Ripeti il tuo indirizzo e-mail.',
    SendAccessCodeConfirmEmailRepeatError: 'I due indirizzi e-mail non coincidono.',
    SendAccessCodeFailed:
      'Al momento non è stato possibile inviare l’e-mail. Il tuo codice di accesso resta valido: annotalo e riprova più tardi, oppure continua senza e-mail.',
    SendAccessCodeLimitError:
      'Nell’ultima ora sono già state inviate diverse e-mail per il tuo accesso. Annota il tuo codice di accesso e continua senza e-mail.',
  },
  'cz-CZ': {
    AccessCodeEmailTitle: 'Váš osobní přístupový kód',
    AccessCodeEmailText:
      'S tímto přístupovým kódem a svým osobním klíčem můžete v dotazníku pokračovat později, i na jiném zařízení. Poznamenejte si ho, nebo si ho nechte poslat e-mailem.',
    AccessCodeEmailComeBack:
      'Jak pokračovat později: otevřete odkaz z e-mailu (nebo úvodní stránku a zadejte tam přístupový kód) a přihlaste se svým osobním klíčem.',
    PersonalAccessCodeLabel: 'Osobní přístupový kód',
    ShowAccessCode: 'Zobrazit přístupový kód',
    SendAccessCodeByEmail: 'Poslat přístupový kód e-mailem',
    SendAccessCodeEmailLabel: 'E-mailová adresa',
    SendAccessCodeConfirmEmailLabel: 'Zopakujte e-mailovou adresu',
    SendAccessCodeButton: 'Odeslat',
    SendAccessCodeEmailError: 'Zadejte prosím platnou e-mailovou adresu, například jmeno@priklad.cz.',
    SendAccessCodeConfirmEmailError: 'Zopakujte prosím svou e-mailovou adresu.',
    SendAccessCodeConfirmEmailRepeatError: 'Obě e-mailové adresy se neshodují.',
    SendAccessCodeFailed:
      'E-mail se teď nepodařilo odeslat. Váš přístupový kód zůstává platný: poznamenejte si ho a zkuste to později znovu, nebo pokračujte bez e-mailu.',
    SendAccessCodeLimitError:
      'Pro váš přístup již bylo během poslední hodiny odesláno několik e-mailů. Poznamenejte si prosím přístupový kód a pokračujte bez e-mailu.',
  },
});
