import type { Catalogue } from './de-DE';

export const czCZ: Catalogue = {
  Languages: 'de-DE,Deutsch;en-US,English;fr-FR,Français;it-IT,Italiano;cz-CZ,Čeština',
  ErrorPageTitle: 'Chyba',
  InfoPageTitle: 'Informace',
  LoginButton: 'Přejít k přihlášení',
  SignOutMessage: 'Byli jste úspěšně odhlášeni. Vaše odpovědi jsou uloženy.',
  ErrorCodeMsg_NoRecordset: 'Nebyla nalezena žádná odpovídající data.',
  ErrorCodeMsg_TokenInvalid: 'Vaše relace není platná. Otevřete prosím znovu svůj přístupový odkaz.',
  ErrorCodeMsg_TokenExpired: 'Platnost vaší relace vypršela. Otevřete prosím znovu svůj přístupový odkaz.',
  ErrorCodeMsg_PostDataIsInvalid: 'Odeslaná data nejsou platná.',
  ErrorCodeMsg_AssessmentIdentCodeIsInvalid: 'Přístupový kód ve vašem odkazu není platný.',
  ErrorCodeMsg_AssessmentDoesNotExist: 'Toto hodnocení neexistuje.',
  ErrorCodeMsg_AssessmentAlreadyFinished: 'Toto hodnocení již bylo dokončeno. Děkujeme za účast.',
  ErrorCodeMsg_AssessmentIdentCodeIsExpired: 'Platnost přístupového kódu ve vašem odkazu vypršela.',
  ErrorCodeMsg_MailNotSent: 'E-mail se nepodařilo odeslat.',
  ManualTitle: 'Jak vyplnit dotazník',
  FillingInfoText: 'Na následujících stránkách najdete výroky o profesních kompetencích. Seřaďte čtyři výroky každé otázky: 1 vás vystihuje nejlépe, 4 nejméně. Každé pořadí použijte u otázky právě jednou. Odpovědi se ukládají při listování; můžete kdykoli přerušit a pokračovat později.',
  FillingInfoButton: 'Zobrazit pokyny',
  FillingInfoTitle: 'Pokyny k vyplnění',
  GeneralInfoButton: 'Obecné informace',
  GeneralInfoTitle: 'Obecné informace',
  GeneralInfoText: 'Dotazník trvá přibližně 20 minut. Neexistují správné ani špatné odpovědi – rozhodujte se spontánně. Vaše odpovědi jsou důvěrné a použijí se jen pro dohodnuté vyhodnocení.',
  ContinueButton: 'Pokračovat',
  ImprintTitle: 'Tiráž',
  ImprintText:
    'Assessment Online GmbH · Musterstraße 12 · 10115 Berlín · Německo\nJednatelka: Dr. Anna Beispiel\nRejstříkový soud: Amtsgericht Berlin-Charlottenburg, HRB 123456\nDIČ: DE123456789 · E-mail: kontakt@assessment-online.example',
};
