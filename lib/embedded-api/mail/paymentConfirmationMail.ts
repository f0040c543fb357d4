import type { Language } from '@/lib/api/languages';
import { formatPrice } from '@/lib/flows/price';
import type { OutgoingMail } from './send';

/**
 * The buyer's confirmation after a payment PayPal confirmed: product, amount,
 * transaction id and the invoice data, in the language of the portal page. The amount is written
 * as on the page (formatPrice), so page, PayPal and mail show the same figure.
 */
const TEXTS: Record<Language, { subject: string; intro: string; product: string; amount: string; transaction: string; order: string; invoice: string; privatePerson: string; company: string; outro: string }> = {
  'de-DE': {
    subject: 'Ihre Zahlung ist eingegangen',
    intro: 'Guten Tag,\n\nvielen Dank für Ihren Kauf. Ihre Zahlung über PayPal ist bei uns eingegangen.',
    product: 'Produkt',
    amount: 'Betrag',
    transaction: 'Transaktionsnummer',
    order: 'PayPal-Bestellnummer',
    invoice: 'Rechnungsdaten',
    privatePerson: 'Privatperson',
    company: 'Firma',
    outro: 'Bitte bewahren Sie diese E-Mail auf. Sie wurde automatisch versandt; Antworten darauf werden nicht gelesen.',
  },
  'en-US': {
    subject: 'Your payment has been received',
    intro: 'Hello,\n\nthank you for your purchase. We have received your payment through PayPal.',
    product: 'Product',
    amount: 'Amount',
    transaction: 'Transaction number',
    order: 'PayPal order number',
    invoice: 'Invoice details',
    privatePerson: 'Private person',
    company: 'Company',
    outro: 'Please keep this e-mail. It was sent automatically; replies are not read.',
  },
  'fr-FR': {
    subject: 'Votre paiement a été reçu',
    intro: 'Bonjour,\n\nmerci pour votre achat. Nous avons bien reçu votre paiement par PayPal.',
    product: 'Produit',
    amount: 'Montant',
    transaction: 'Numéro de transaction',
    order: 'Numéro de commande PayPal',
    invoice: 'Données de facturation',
    privatePerson: 'Particulier',
    company: 'Entreprise',
    outro: 'Veuillez conserver cet e-mail. Il a été envoyé automatiquement ; les réponses ne sont pas lues.',
  },
  'it-IT': {
    subject: 'Il suo pagamento è stato ricevuto',
    intro: 'Buongiorno,\n\ngrazie per il suo acquisto. Abbiamo ricevuto il suo pagamento tramite PayPal.',
    product: 'Prodotto',
    amount: 'Importo',
    transaction: 'Numero di transazione',
    order: 'Numero d’ordine PayPal',
    invoice: 'Dati di fatturazione',
    privatePerson: 'Privato',
    company: 'Azienda',
    outro: 'Conservi questa e-mail. È stata inviata automaticamente; le risposte non vengono lette.',
  },
  'cz-CZ': {
    subject: 'Vaše platba byla přijata',
    intro: 'Dobrý den,\n\nděkujeme za váš nákup. Vaši platbu přes PayPal jsme obdrželi.',
    product: 'Produkt',
    amount: 'Částka',
    transaction: 'Číslo transakce',
    order: 'Číslo objednávky PayPal',
    invoice: 'Fakturační údaje',
    privatePerson: 'Soukromá osoba',
    company: 'Firma',
    outro: 'Tento e-mail si prosím uschovejte. Byl odeslán automaticky; odpovědi nejsou čteny.',
  },
};

export type PaymentConfirmation = {
  transactionId: string;
  orderId: string;
  productText: string;
  priceCents: number;
  invoice: { isPrivate: boolean; name: string; street: string; city: string; email: string };
};

export function paymentConfirmationMail(payment: PaymentConfirmation, language: Language): OutgoingMail {
  const t = TEXTS[language];
  const amount = formatPrice(payment.priceCents / 100, language) ?? '';
  const { invoice } = payment;
  const text = [
    t.intro,
    '',
    `${t.product}: ${payment.productText}`,
    `${t.amount}: ${amount}`,
    `${t.transaction}: ${payment.transactionId}`,
    `${t.order}: ${payment.orderId}`,
    '',
    `${t.invoice}:`,
    invoice.isPrivate ? t.privatePerson : t.company,
    invoice.name,
    invoice.street,
    invoice.city,
    invoice.email,
    '',
    t.outro,
  ].join('\n');
  return { kind: 'paymentConfirmation', language, to: invoice.email, subject: t.subject, text };
}
