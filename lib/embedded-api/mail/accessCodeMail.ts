import type { Language } from '@/lib/api/languages';
import type { OutgoingMail } from './send';

/**
 * The mail of the e-mail step (spec §2 "E-mail step"): the participant's personal access code and
 * the deep link back, in their language. Coming back is the ident-code flow (README, "Coming
 * back"): the link opens /home/<access code>/<language>, and on the next page the participant
 * enters their personal key. The subject holds no code: outbox listings show subjects.
 */
const TEXTS: Record<Language, { subject: string; text: string[] }> = {
  'de-DE': {
    subject: 'Ihr persönlicher Zugangscode',
    text: [
      'Guten Tag,',
      '',
      'Sie haben sich für eine Online-Befragung angemeldet und einen persönlichen Schlüssel festgelegt.',
      '',
      'Ihr persönlicher Zugangscode: {accessCode}',
      '',
      'Um später weiterzumachen, öffnen Sie diesen Link:',
      '{link}',
      'Geben Sie dort Ihren persönlichen Schlüssel ein, den Sie gerade festgelegt haben. Ohne einen Link öffnen Sie {home} und geben zuerst den Zugangscode ein.',
      '',
      'Bewahren Sie diese E-Mail auf und geben Sie sie nicht weiter. Sie wurde automatisch versandt; Antworten darauf werden nicht gelesen.',
    ],
  },
  'en-US': {
    subject: 'Your personal access code',
    text: [
      'Hello,',
      '',
      'You have signed up for an online questionnaire and set a personal key.',
      '',
      'Your personal access code: {accessCode}',
      '',
      'To continue later, open this link:',
      '{link}',
      'There, enter the personal key you have just set. Without the link, open {home} and enter the access code first.',
      '',
      'Keep this e-mail and do not pass it on. It was sent automatically; replies are not read.',
    ],
  },
  'fr-FR': {
    subject: 'Votre code d’accès personnel',
    text: [
      'Bonjour,',
      '',
      'Vous vous êtes inscrit(e) à un questionnaire en ligne et avez défini une clé personnelle.',
      '',
      'Votre code d’accès personnel : {accessCode}',
      '',
      'Pour continuer plus tard, ouvrez ce lien :',
      '{link}',
      'Saisissez-y la clé personnelle que vous venez de définir. Sans le lien, ouvrez {home} et saisissez d’abord le code d’accès.',
      '',
      'Conservez cet e-mail et ne le transmettez pas. Il a été envoyé automatiquement ; les réponses ne sont pas lues.',
    ],
  },
  'it-IT': {
    subject: 'Il tuo codice di accesso personale',
    text: [
      'Buongiorno,',
      '',
      'Ti sei registrato/a a un questionario online e hai impostato una chiave personale.',
      '',
      'Il tuo codice di accesso personale: {accessCode}',
      '',
      'Per continuare più tardi, apri questo link:',
      '{link}',
      'Lì inserisci la chiave personale che hai appena impostato. Senza il link, apri {home} e inserisci prima il codice di accesso.',
      '',
      'Conserva questa e-mail e non inoltrarla. È stata inviata automaticamente; le risposte non vengono lette.',
    ],
  },
  'cz-CZ': {
    subject: 'Váš osobní přístupový kód',
    text: [
      'Dobrý den,',
      '',
      'přihlásili jste se k online dotazníku a nastavili si osobní klíč.',
      '',
      'Váš osobní přístupový kód: {accessCode}',
      '',
      'Chcete-li pokračovat později, otevřete tento odkaz:',
      '{link}',
      'Tam zadejte osobní klíč, který jste právě nastavili. Bez odkazu otevřete {home} a nejprve zadejte přístupový kód.',
      '',
      'Tento e-mail si uschovejte a nikomu jej nepředávejte. Byl odeslán automaticky; odpovědi nejsou čteny.',
    ],
  },
};

/** de-DE → de, …, cz-CZ → cz: the language tokens of deep links (spec §9). */
export function languageToken(language: Language): string {
  return language.slice(0, 2).toLowerCase();
}

/** The deep link back: `${PUBLIC_URL}/home/<access code>/<de|en|fr|it|cz>`. */
export function comeBackLink(publicUrl: string, accessCode: string, language: Language): string {
  return `${publicUrl.replace(/\/+$/, '')}/home/${encodeURIComponent(accessCode)}/${languageToken(language)}`;
}

export function accessCodeMail(to: string, accessCode: string, language: Language, publicUrl: string): OutgoingMail {
  const texts = TEXTS[language];
  const values: Record<string, string> = { accessCode, link: comeBackLink(publicUrl, accessCode, language), home: `${publicUrl.replace(/\/+$/, '')}/home` };
  const text = texts.text.map((line) => line.replace(/\{(accessCode|link|home)\}/g, (_, name: string) => values[name]!)).join('\n');
  return { kind: 'accessCode', language, to, subject: texts.subject, text: `${text}\n` };
}
