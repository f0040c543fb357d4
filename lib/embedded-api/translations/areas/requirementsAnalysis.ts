import { area } from './area';

/**
 * Texts of the requirements-analysis flow (/ra, /grouploginpersonal): the name and e-mail
 * of its personal-info page, and the personal access code its manual shows (the flow has no e-mail
 * step). The field legend, the length message and the modal line are the personal-info area's.
 */
export const requirementsAnalysis = area({
  'de-DE': {
    PersonalInfoNameLabel: 'Name',
    PersonalInfoEmailLabel: 'E-Mail-Adresse (freiwillig)',
    PersonalInfoEmailHint:
      'Wenn Sie eine Adresse angeben und einen persönlichen Schlüssel festlegen, senden wir Ihnen Ihren persönlichen Zugangscode und den Link, mit dem Sie die Befragung später fortsetzen.',
    PersonalInfoEmailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de, oder lassen Sie das Feld leer.',
    ManualAccessCodeTitle: 'Ihr persönlicher Zugangscode',
    ManualAccessCodeText:
      'Mit diesem Zugangscode und Ihrem persönlichen Schlüssel können Sie die Befragung später fortsetzen, auch auf einem anderen Gerät: Öffnen Sie die Startseite, geben Sie den Zugangscode ein und melden Sie sich mit Ihrem Schlüssel an. Haben Sie eine E-Mail-Adresse angegeben, erhalten Sie Code und Link auch per E-Mail.',
  },
  'en-US': {
    PersonalInfoNameLabel: 'Name',
    PersonalInfoEmailLabel: 'E-mail address (optional)',
    PersonalInfoEmailHint:
      'If you give an address and set a personal key, we send you your personal access code and the link with which you can continue the questionnaire later.',
    PersonalInfoEmailInvalid: 'Please enter a valid e-mail address, for example name@example.com, or leave the field empty.',
    ManualAccessCodeTitle: 'Your personal access code',
    ManualAccessCodeText:
      'With this access code and your personal key you can continue the questionnaire later, on another device too: open the start page, enter the access code and sign in with your key. If you gave an e-mail address, you also receive the code and the link by e-mail.',
  },
  'fr-FR': {
    PersonalInfoNameLabel: 'Nom',
    PersonalInfoEmailLabel: 'Adresse e-mail (facultative)',
    PersonalInfoEmailHint:
      'Si vous indiquez une adresse et définissez une clé personnelle, nous vous envoyons votre code d’accès personnel et le lien pour poursuivre le questionnaire plus tard.',
    PersonalInfoEmailInvalid: 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr, ou laisser le champ vide.',
    ManualAccessCodeTitle: 'Votre code d’accès personnel',
    ManualAccessCodeText:
      'Avec ce code d’accès et votre clé personnelle, vous pouvez poursuivre le questionnaire plus tard, aussi sur un autre appareil : ouvrez la page d’accueil, saisissez le code d’accès et connectez-vous avec votre clé. Si vous avez indiqué une adresse e-mail, vous recevez aussi le code et le lien par e-mail.',
  },
  'it-IT': {
    PersonalInfoNameLabel: 'Nome',
    PersonalInfoEmailLabel: 'Indirizzo e-mail (facoltativo)',
    PersonalInfoEmailHint:
      'Se indica un indirizzo e imposta una chiave personale, le inviamo il suo codice di accesso personale e il link con cui proseguire il questionario più tardi.',
    PersonalInfoEmailInvalid: 'Inserisca un indirizzo e-mail valido, ad esempio nome@esempio.it, oppure lasci il campo vuoto.',
    ManualAccessCodeTitle: 'Il suo codice di accesso personale',
    ManualAccessCodeText:
      'Con questo codice di accesso e la sua chiave personale può proseguire il questionario più tardi, anche su un altro dispositivo: apra la pagina iniziale, inserisca il codice di accesso e acceda con la sua chiave. Se ha indicato un indirizzo e-mail, riceve il codice e il link anche per e-mail.',
  },
  'cz-CZ': {
    PersonalInfoNameLabel: 'Jméno',
    PersonalInfoEmailLabel: 'E-mailová adresa (nepovinná)',
    PersonalInfoEmailHint:
      'Pokud uvedete adresu a nastavíte osobní klíč, pošleme vám váš osobní přístupový kód a odkaz, kterým můžete v dotazníku později pokračovat.',
    PersonalInfoEmailInvalid: 'Zadejte prosím platnou e-mailovou adresu, například jmeno@priklad.cz, nebo nechte pole prázdné.',
    ManualAccessCodeTitle: 'Váš osobní přístupový kód',
    ManualAccessCodeText:
      'S tímto přístupovým kódem a svým osobním klíčem můžete v dotazníku pokračovat později, i na jiném zařízení: otevřete úvodní stránku, zadejte přístupový kód a přihlaste se svým klíčem. Pokud jste uvedli e-mailovou adresu, dostanete kód a odkaz také e-mailem.',
  },
});
