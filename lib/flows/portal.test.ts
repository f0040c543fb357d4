import { CATALOGUES } from '@/lib/embedded-api/translations';
import { LANGUAGES } from '@/lib/api/languages';
import { INVOICE_FIELDS, type InvoiceProblemKind } from '@/lib/validation/portal';
import {
  DEMO_SDK_BASE_URL,
  invoiceProblemKey,
  orderRequest,
  outcomeAfterInvoice,
  outcomeAfterPaid,
  PAYPAL_BUTTON_STYLE,
  paypalScriptOptions,
  portalAddress,
  portalOffer,
  type PortalOffer,
} from './portal';
import { portalPrice } from './price';

const OK_PAGE = { statusCode: 1, portalId: 1, productPrice: 345.67, productTitle: 'Kompetenzanalyse Online', paypalMode: 'demo', paypalClientId: 'demo-client' };

describe('portalAddress (spec §1: /portal/{groupCodeIdent}[/{portalId}])', () => {
  it.each<[string[], ReturnType<typeof portalAddress>]>([
    [['PTDEMO01', '1'], { groupCodeIdent: 'PTDEMO01', portalId: '1' }],
    [['PTDEMO01'], { groupCodeIdent: 'PTDEMO01' }],
    [['PT%20DEMO', '1'], { groupCodeIdent: 'PT DEMO', portalId: '1' }],
    [['%E0%A4%A', '1'], { groupCodeIdent: '%E0%A4%A', portalId: '1' }],
    [[], undefined],
    [['PTDEMO01', '1', 'more'], undefined],
    [['%20', '1'], undefined],
    [['PTDEMO01', '%20'], undefined],
    [['x'.repeat(201), '1'], undefined],
    [['PTDEMO01', '1'.repeat(201)], undefined],
  ])('%j → %j', (params, expected) => {
    expect(portalAddress(params)).toEqual(expected);
  });
});

describe('portalOffer: only a chargeable price shows a payment button', () => {
  it('an Ok answer with everything: the offer, price as 345,67 EUR and 345.67 for PayPal', () => {
    const outcome = portalOffer(OK_PAGE, 'PTDEMO01');
    expect(outcome).toEqual({
      kind: 'offer',
      offer: { groupCodeIdent: 'PTDEMO01', portalId: '1', productTitle: 'Kompetenzanalyse Online', price: portalPrice(345.67), paypalMode: 'demo', paypalClientId: 'demo-client' },
    });
    if (outcome.kind === 'offer') {
      expect(outcome.offer.price.text).toBe('345,67 EUR');
      expect(outcome.offer.price.amount).toEqual({ currency_code: 'EUR', value: '345.67' });
    }
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['zero', 0],
    ['negative', -1],
    ['three decimals', 345.675],
    ['NaN', Number.NaN],
  ])('price %s: the error page with NoRecordset / PortalWithoutPrice', (_label, productPrice) => {
    expect(portalOffer({ ...OK_PAGE, productPrice }, 'PTDEMO01')).toEqual({ kind: 'error', record: { statusCode: 2, detailCode: 105 } });
  });

  it.each([
    ['no portal id', { portalId: null }],
    ['no product', { productTitle: '  ' }],
    ['an unknown payment mode', { paypalMode: 'free' }],
    ['no payment mode', { paypalMode: null }],
    ['no client id', { paypalClientId: '' }],
    ['a status that is not Ok', { statusCode: 2 }],
  ])('%s: the internal-error page, no button', (_label, change) => {
    expect(portalOffer({ ...OK_PAGE, ...change }, 'PTDEMO01')).toEqual({ kind: 'error', record: { statusCode: 13, detailCode: 24 } });
  });
});

describe('paypalScriptOptions (spec §9, COMMON.md contract)', () => {
  it.each<[PortalOffer['paypalMode'], string, string | undefined]>([
    ['demo', 'sandbox', DEMO_SDK_BASE_URL],
    ['sandbox', 'sandbox', undefined],
    ['live', 'production', undefined],
  ])('%s → environment %s, script from %s', (paypalMode, environment, sdkBaseUrl) => {
    const options = paypalScriptOptions({ paypalMode, paypalClientId: 'client-1' }, 'nonce-1');
    expect(options).toEqual({
      clientId: 'client-1',
      currency: 'EUR',
      locale: 'de_DE',
      intent: 'capture',
      components: 'buttons',
      environment,
      dataCspNonce: 'nonce-1',
      ...(sdkBaseUrl && { sdkBaseUrl }),
    });
  });

  it('without a nonce: no empty nonce attribute', () => {
    expect(paypalScriptOptions({ paypalMode: 'live', paypalClientId: 'c' }, undefined)).not.toHaveProperty('dataCspNonce');
  });

  it('button style: medium, gold, pill, checkout', () => {
    expect(PAYPAL_BUTTON_STYLE).toEqual({ color: 'gold', shape: 'pill', label: 'checkout', height: 40 });
  });
});

describe('orderRequest', () => {
  const offer = { price: portalPrice(345.67)!, productTitle: 'Kompetenzanalyse Online', portalId: '1' };

  it('the price in EUR, described as product text plus portal id, for this transaction', () => {
    expect(orderRequest(offer, 'PT-abc')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'EUR', value: '345.67' }, description: 'Kompetenzanalyse Online 1', custom_id: 'PT-abc' }],
    });
  });

  it('a long product text is cut to PayPal’s 127 characters', () => {
    expect(orderRequest({ ...offer, productTitle: 'x'.repeat(200) }, 'PT-abc').purchase_units[0].description).toHaveLength(127);
  });
});

describe('outcomeAfterInvoice (spec §4, §8)', () => {
  it.each([
    ['Ok with a transaction id', { statusCode: 1, transactionId: 'PT-1' }, { kind: 'done', transactionId: 'PT-1' }],
    ['Ok without one', { statusCode: 1 }, { kind: 'modal', messageKey: 'Exception' }],
    ['Exception', { statusCode: 13, detailCode: 24, exceptionId: 'E1' }, { kind: 'modal', messageKey: 'Exception', exceptionId: 'E1' }],
    ['lost on the way', { statusCode: 13, transportFailed: true }, { kind: 'modal', messageKey: 'Exception' }],
    ['too many invoices', { statusCode: 5, detailCode: 106 }, { kind: 'modal', messageKey: 'PortalTooManyInvoices' }],
    ['price changed', { statusCode: 5, detailCode: 107 }, { kind: 'modal', messageKey: 'PortalPriceChanged' }],
    ['unknown portal', { statusCode: 2, detailCode: 104 }, { kind: 'modal', messageKey: 'ErrorPortalUnknown' }],
    ['invalid data', { statusCode: 5, detailCode: 0 }, { kind: 'modal', messageKey: 'ErrorCodeMsg_PostDataIsInvalid' }],
    ['a status without a name', { statusCode: 99 }, { kind: 'modal', messageKey: 'Exception' }],
  ])('%s', (_label, response, expected) => {
    expect(outcomeAfterInvoice(response)).toEqual(expected);
  });
});

describe('outcomeAfterPaid (never a second payment)', () => {
  it.each([
    ['Ok', { statusCode: 1 }, { kind: 'done' }],
    ['PayPal unreachable for the server', { statusCode: 13, detailCode: 109 }, { kind: 'stay', messageKey: 'PortalPaymentReportFailed' }],
    ['the report lost on the way', { statusCode: 13, detailCode: 24, transportFailed: true }, { kind: 'stay', messageKey: 'PortalPaymentReportFailed' }],
    ['another Exception', { statusCode: 13, detailCode: 24, exceptionId: 'E2' }, { kind: 'modal', messageKey: 'Exception', exceptionId: 'E2' }],
    ['not confirmed by PayPal', { statusCode: 5, detailCode: 108 }, { kind: 'modal', messageKey: 'PortalPaymentNotConfirmed' }],
    ['invalid data', { statusCode: 5, detailCode: 0 }, { kind: 'modal', messageKey: 'ErrorCodeMsg_PostDataIsInvalid' }],
  ])('%s', (_label, response, expected) => {
    expect(outcomeAfterPaid(response)).toEqual(expected);
  });
});

describe('invoiceProblemKey', () => {
  it.each<[(typeof INVOICE_FIELDS)[number], InvoiceProblemKind, string]>([
    ['invoiceName', 'required', 'PortalNameRequired'],
    ['invoiceStreet', 'required', 'PortalStreetRequired'],
    ['invoiceCity', 'required', 'PortalCityRequired'],
    ['invoiceCity', 'tooLong', 'PortalTextTooLong'],
    ['invoiceName', 'invalid', 'PortalTextInvalid'],
    ['invoiceEmail', 'required', 'PortalEmailRequired'],
    ['invoiceEmail', 'invalid', 'PortalEmailInvalid'],
    ['invoiceEmail', 'tooLong', 'PortalTextTooLong'],
    ['invoiceEmailConfirmation', 'required', 'PortalEmailConfirmRequired'],
    ['invoiceEmailConfirmation', 'mismatch', 'PortalEmailMismatch'],
    ['isDataPrivacyChecked', 'unchecked', 'PortalPrivacyUnchecked'],
    ['isRevocationRightChecked', 'unchecked', 'PortalRevocationUnchecked'],
  ])('%s %s → %s', (field, problem, key) => {
    expect(invoiceProblemKey(field, problem)).toBe(key);
  });

  it.each(LANGUAGES)('every key the portal can show has a text in %s', (language) => {
    const catalogue = CATALOGUES[language] as Record<string, string>;
    const keys = ['PortalTooManyInvoices', 'PortalPriceChanged', 'PortalPaymentNotConfirmed', 'ErrorPortalUnknown', 'ErrorPortalWithoutPrice'];
    for (const field of INVOICE_FIELDS) for (const problem of ['required', 'tooLong', 'invalid', 'mismatch', 'unchecked'] as const) keys.push(invoiceProblemKey(field, problem));
    for (const key of keys) expect([key, typeof catalogue[key]]).toEqual([key, 'string']);
  });
});
