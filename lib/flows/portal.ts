import { DetailCode, ExtraDetailCode, StatusCode } from '@/lib/api/codes';
import type { InvoiceField, InvoiceProblemKind } from '@/lib/validation/portal';
import type { ErrorRecord } from './errorRecord';
import { exceptionModal, modal, type Done, type ModalMessage, type Stay } from './outcome';
import { statusModal } from './outcomeMessages';
import { portalPrice, type PaypalAmount, type PortalPrice } from './price';

/**
 * The portal's flow rules (spec §2 "Portal", §4 "Portal", §8): what the address names,
 * which page-info answer may show a payment button, where each call's answer leads, and the
 * PayPal script and order the payment button is made of. The pages (app/portal,
 * components/portal) only carry these out.
 */

/** The contract's limit of short texts: a longer address part names no portal and is not sent. */
const MAX_PARAM_LENGTH = 200;

export const UNKNOWN_PORTAL: ErrorRecord = { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.UnknownPortal };
export const PORTAL_WITHOUT_PRICE: ErrorRecord = { statusCode: StatusCode.NoRecordset, detailCode: ExtraDetailCode.PortalWithoutPrice };
/** An Ok answer that lacks what a payment needs is the upstream's fault: the internal-error text. */
const BROKEN_ANSWER: ErrorRecord = { statusCode: StatusCode.Exception, detailCode: DetailCode.Exception };

/**
 * /portal/{groupCodeIdent} and /portal/{groupCodeIdent}/{portalId} (spec §1). More parts, or a part
 * longer than a short text, name no portal: undefined, and the page shows UNKNOWN_PORTAL.
 */
export function portalAddress(params: readonly string[]): { groupCodeIdent: string; portalId?: string } | undefined {
  if (params.length < 1 || params.length > 2) return undefined;
  const [groupCodeIdent = '', portalId] = params.map((part) => safeDecode(part).trim());
  if (!groupCodeIdent || groupCodeIdent.length > MAX_PARAM_LENGTH) return undefined;
  if (portalId !== undefined && (portalId === '' || portalId.length > MAX_PARAM_LENGTH)) return undefined;
  return { groupCodeIdent, ...(portalId !== undefined && { portalId }) };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export type PaypalMode = 'demo' | 'sandbox' | 'live';
const PAYPAL_MODES: readonly string[] = ['demo', 'sandbox', 'live'];

/** What page 1 offers and page 2 charges: one price, parsed once (lib/flows/price.ts). */
export type PortalOffer = {
  /** The identifier from the address: the invoice names the portal by it and its id together. */
  groupCodeIdent: string;
  portalId: string;
  productTitle: string;
  price: PortalPrice;
  paypalMode: PaypalMode;
  paypalClientId: string;
};

type PortalPageAnswer = {
  statusCode: number;
  portalId?: string | number | null;
  productPrice?: number | null;
  productTitle?: string | null;
  paypalMode?: string | null;
  paypalClientId?: string | null;
};

/**
 * An Ok page info becomes the offer, or the error page's record: no price that can be charged
 * (missing, zero, more than two decimals: PORTAL_WITHOUT_PRICE, never the placeholder 345.67), or
 * no product, portal id, payment mode or client id (the internal-error text). Non-Ok answers go
 * to the error page before this (loadPage, errors 'notOk').
 */
export function portalOffer(response: PortalPageAnswer, groupCodeIdent: string): { kind: 'offer'; offer: PortalOffer } | { kind: 'error'; record: ErrorRecord } {
  if (response.statusCode !== StatusCode.Ok) return { kind: 'error', record: BROKEN_ANSWER };
  const price = portalPrice(response.productPrice);
  if (!price) return { kind: 'error', record: PORTAL_WITHOUT_PRICE };
  const portalId = response.portalId === null || response.portalId === undefined ? '' : String(response.portalId).trim();
  const productTitle = response.productTitle?.trim() ?? '';
  const paypalMode = response.paypalMode ?? '';
  const paypalClientId = response.paypalClientId?.trim() ?? '';
  if (!portalId || !productTitle || !PAYPAL_MODES.includes(paypalMode) || !paypalClientId) return { kind: 'error', record: BROKEN_ANSWER };
  return { kind: 'offer', offer: { groupCodeIdent, portalId, productTitle, price, paypalMode: paypalMode as PaypalMode, paypalClientId } };
}

/** The demo provider's checkout script, served by the app itself (PAYPAL_MODE=demo). */
export const DEMO_SDK_BASE_URL = '/api/paypal-demo/sdk/js';

export type PaypalScriptOptions = {
  clientId: string;
  currency: 'EUR';
  locale: 'de_DE';
  intent: 'capture';
  components: 'buttons';
  environment: 'sandbox' | 'production';
  dataCspNonce?: string;
  sdkBaseUrl?: string;
};

/**
 * The options of PayPal's script (spec §9: currency EUR, locale de_DE; environment and client id
 * from the page info). The nonce lets the script in under the page's CSP; in demo mode the script
 * comes from the app's own stand-in.
 */
export function paypalScriptOptions(offer: Pick<PortalOffer, 'paypalMode' | 'paypalClientId'>, nonce: string | undefined): PaypalScriptOptions {
  return {
    clientId: offer.paypalClientId,
    currency: 'EUR',
    locale: 'de_DE',
    intent: 'capture',
    components: 'buttons',
    environment: offer.paypalMode === 'live' ? 'production' : 'sandbox',
    ...(nonce && { dataCspNonce: nonce }),
    ...(offer.paypalMode === 'demo' && { sdkBaseUrl: DEMO_SDK_BASE_URL }),
  };
}

/** Spec §9: medium (PayPal's 40 px), gold, pill, label checkout. */
export const PAYPAL_BUTTON_STYLE = { color: 'gold', shape: 'pill', label: 'checkout', height: 40 } as const;

export type OrderRequest = {
  intent: 'CAPTURE';
  purchase_units: [{ amount: PaypalAmount; description: string; custom_id: string }];
};

/** PayPal's custom_id and description limits (Orders v2: 127 each). */
const PAYPAL_TEXT_LIMIT = 127;

/**
 * The order (spec §7: the product price in EUR, described as product text plus portal id). The
 * transaction id goes along as custom_id: the server accepts the payment only for it.
 */
export function orderRequest(offer: Pick<PortalOffer, 'price' | 'productTitle' | 'portalId'>, transactionId: string): OrderRequest {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        amount: offer.price.amount,
        description: `${offer.productTitle} ${offer.portalId}`.slice(0, PAYPAL_TEXT_LIMIT),
        custom_id: transactionId,
      },
    ],
  };
}

type Answer = { statusCode: number; detailCode?: number | null; exceptionId?: string | null; transportFailed?: boolean };

/** The portal's own texts for answers of its calls, by status and detail code. */
const PORTAL_MESSAGES: ReadonlyArray<[status: number, detail: number, key: string]> = [
  [StatusCode.PostDataIsInvalid, ExtraDetailCode.TooManyInvoices, 'PortalTooManyInvoices'],
  [StatusCode.PostDataIsInvalid, ExtraDetailCode.PriceChanged, 'PortalPriceChanged'],
  [StatusCode.PostDataIsInvalid, ExtraDetailCode.PaymentNotConfirmed, 'PortalPaymentNotConfirmed'],
  [StatusCode.NoRecordset, ExtraDetailCode.UnknownPortal, 'ErrorPortalUnknown'],
  [StatusCode.NoRecordset, ExtraDetailCode.PortalWithoutPrice, 'ErrorPortalWithoutPrice'],
  [StatusCode.NoRecordset, ExtraDetailCode.PaymentNotAvailable, 'ErrorPaymentNotAvailable'],
];

function commonMessage(response: Answer): ModalMessage {
  const own = !response.transportFailed && PORTAL_MESSAGES.find(([status, detail]) => response.statusCode === status && response.detailCode === detail);
  return own ? modal(own[2]) : statusModal(response);
}

/**
 * After submit/portal/invoiceinfo (spec §4): Ok with a transaction id shows page 2; anything else
 * the common error display, the form staying as typed.
 */
export function outcomeAfterInvoice(response: Answer & { transactionId?: string | null }): Done<{ transactionId: string }> | ModalMessage {
  if (!response.transportFailed && response.statusCode === StatusCode.Ok) {
    return response.transactionId ? { kind: 'done', transactionId: response.transactionId } : exceptionModal();
  }
  return commonMessage(response);
}

/**
 * After submit/portal/sucessfullyPaid (spec §4): Ok shows page 3. PayPal unreachable for the server
 * (Exception / PaymentProviderUnavailable), or the report lost on the way, leaves a payment that
 * may well be made: the buyer reports it again (the server records it once), never pays again.
 * Anything else is the common error display.
 */
export function outcomeAfterPaid(response: Answer): Done | Stay<'PortalPaymentReportFailed'> | ModalMessage {
  const reportAgain = { kind: 'stay', messageKey: 'PortalPaymentReportFailed' } as const;
  if (response.transportFailed) return reportAgain;
  if (response.statusCode === StatusCode.Ok) return { kind: 'done' };
  if (response.statusCode === StatusCode.Exception && response.detailCode === ExtraDetailCode.PaymentProviderUnavailable) return reportAgain;
  return commonMessage(response);
}

/** The message key of each invoice-form problem (lib/validation/portal.ts), shown under its field. */
export function invoiceProblemKey(field: InvoiceField, problem: InvoiceProblemKind): string {
  if (problem === 'tooLong') return 'PortalTextTooLong';
  if (problem === 'unchecked') return field === 'isDataPrivacyChecked' ? 'PortalPrivacyUnchecked' : 'PortalRevocationUnchecked';
  if (field === 'invoiceEmail') return problem === 'invalid' ? 'PortalEmailInvalid' : 'PortalEmailRequired';
  if (field === 'invoiceEmailConfirmation') return problem === 'mismatch' ? 'PortalEmailMismatch' : 'PortalEmailConfirmRequired';
  if (problem === 'invalid') return 'PortalTextInvalid';
  return REQUIRED_KEYS[field] ?? 'PortalNameRequired';
}

const REQUIRED_KEYS: Partial<Record<InvoiceField, string>> = {
  invoiceName: 'PortalNameRequired',
  invoiceStreet: 'PortalStreetRequired',
  invoiceCity: 'PortalCityRequired',
};
