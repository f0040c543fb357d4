import { EMPTY_INVOICE, MAX_INVOICE_TEXT_LENGTH, type InvoiceForm } from '@/lib/validation/portal';
import { parsePortalDraft, portalDraftKey, portalDraftText, type PortalDraft } from './portalDraft';

const TYPED: InvoiceForm = {
  invoiceIsPrivate: false,
  invoiceName: 'Muster GmbH',
  invoiceStreet: 'Hauptstraße 1',
  invoiceCity: '10115 Berlin',
  invoiceEmail: 'erika@example.org',
  invoiceEmailConfirmation: 'erika@example.',
  isDataPrivacyChecked: true,
  isRevocationRightChecked: false,
};

const text = (value: unknown) => JSON.stringify(value);

describe('parsePortalDraft: what a reload brings back', () => {
  const kept: Array<[string, PortalDraft]> = [
    ['page 1 as typed, half done', { values: TYPED, step: { page: 1 } }],
    ['page 1 with only the company chosen', { values: { ...EMPTY_INVOICE, invoiceIsPrivate: false }, step: { page: 1 } }],
    ['page 2 of an empty form (the form never sends one; kept as it was)', { values: EMPTY_INVOICE, step: { page: 2, transactionId: 'PT-1' } }],
    ['page 2 with its transaction', { values: TYPED, step: { page: 2, transactionId: 'PT-abcdefghij0123456789' } }],
    ['page 2 with a payment approved and not yet confirmed', { values: TYPED, step: { page: 2, transactionId: 'PT-1', approval: { orderID: 'ORDER-1', payerID: 'PAYER-1' } } }],
    ['an approval without a payer (PayPal may leave it out)', { values: TYPED, step: { page: 2, transactionId: 'PT-1', approval: { orderID: 'ORDER-1' } } }],
    ['texts as long as the form lets anyone type', { values: { ...TYPED, invoiceStreet: 'x'.repeat(MAX_INVOICE_TEXT_LENGTH + 50) }, step: { page: 1 } }],
  ];
  it.each(kept)('kept: %s', (_name, draft) => {
    expect(parsePortalDraft(portalDraftText(draft.values, draft.step))).toEqual(draft);
  });

  const refused: Array<[string, string | null]> = [
    ['nothing stored', null],
    ['an empty text', ''],
    ['not JSON', '{values:'],
    ['JSON, not an object', '"page 2"'],
    ['null', 'null'],
    ['no values', text({ step: { page: 1 } })],
    ['no step', text({ values: TYPED })],
    ['a field missing', text({ values: { ...TYPED, invoiceCity: undefined }, step: { page: 1 } })],
    ['a text where a box belongs', text({ values: { ...TYPED, isDataPrivacyChecked: 'true' }, step: { page: 1 } })],
    ['a number where a text belongs', text({ values: { ...TYPED, invoiceName: 42 }, step: { page: 1 } })],
    ['a text longer than the form allows', text({ values: { ...TYPED, invoiceName: 'x'.repeat(MAX_INVOICE_TEXT_LENGTH + 51) }, step: { page: 1 } })],
    ['page 3 (the payment is recorded)', text({ values: TYPED, step: { page: 3 } })],
    ['an unknown page', text({ values: TYPED, step: { page: '2' } })],
    ['page 2 without a transaction', text({ values: TYPED, step: { page: 2 } })],
    ['page 2 with an empty transaction', text({ values: TYPED, step: { page: 2, transactionId: '' } })],
    ['page 2 with an absurdly long transaction id', text({ values: TYPED, step: { page: 2, transactionId: 'x'.repeat(201) } })],
    ['an approval without an order', text({ values: TYPED, step: { page: 2, transactionId: 'PT-1', approval: { payerID: 'P' } } })],
    ['an approval that is not an object', text({ values: TYPED, step: { page: 2, transactionId: 'PT-1', approval: 'ORDER-1' } })],
    ['a payer that is not a text', text({ values: TYPED, step: { page: 2, transactionId: 'PT-1', approval: { orderID: 'O', payerID: 7 } } })],
  ];
  it.each(refused)('no draft: %s', (_name, stored) => {
    expect(parsePortalDraft(stored)).toBeNull();
  });

  it('keeps only the form’s fields, whatever else was stored beside them', () => {
    const stored = text({ values: { ...TYPED, token: 'secret' }, step: { page: 1, extra: true }, more: 1 });
    expect(parsePortalDraft(stored)).toEqual({ values: TYPED, step: { page: 1 } });
  });
});

describe('portalDraftText', () => {
  it('page 3 stores nothing: the draft is removed', () => {
    expect(portalDraftText(TYPED, { page: 3 })).toBeNull();
  });

  it('an untouched page 1 stores nothing: a visit leaves no trace', () => {
    expect(portalDraftText(EMPTY_INVOICE, { page: 1 })).toBeNull();
    expect(portalDraftText({ ...EMPTY_INVOICE, isDataPrivacyChecked: true }, { page: 1 })).not.toBeNull();
  });

  it('each portal address has its own key', () => {
    expect(portalDraftKey('/portal/PTDEMO01/1')).not.toBe(portalDraftKey('/portal/PTDEMO01/2'));
  });
});
