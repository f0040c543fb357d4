import {
  EMPTY_INVOICE,
  INVOICE_FIELDS,
  invoiceProblems,
  invoiceProblemsByField,
  invoiceRequestProblems,
  MAX_INVOICE_TEXT_LENGTH,
  normaliseInvoice,
  type InvoiceForm,
} from './portal';

const valid: InvoiceForm = {
  invoiceIsPrivate: true,
  invoiceName: 'Anna Berg',
  invoiceStreet: 'Hauptstraße 1',
  invoiceCity: '10115 Berlin',
  invoiceEmail: 'anna@example.com',
  invoiceEmailConfirmation: 'anna@example.com',
  isDataPrivacyChecked: true,
  isRevocationRightChecked: true,
};

const long = 'x'.repeat(MAX_INVOICE_TEXT_LENGTH);
const tooLong = 'x'.repeat(MAX_INVOICE_TEXT_LENGTH + 1);

describe('invoiceProblems (spec §5: name, street, city, e-mail non-empty; confirmation equal; both boxes ticked)', () => {
  it.each<[string, Partial<InvoiceForm>]>([
    ['all filled, private', {}],
    ['a company (invoiceIsPrivate false)', { invoiceIsPrivate: false, invoiceName: 'Berg GmbH' }],
    ['spaces around every value', { invoiceName: ' Anna ', invoiceStreet: '\tHauptstraße 1 ', invoiceCity: ' Berlin', invoiceEmail: ' anna@example.com', invoiceEmailConfirmation: 'anna@example.com  ' }],
    ['one character each', { invoiceName: 'A', invoiceStreet: 'B', invoiceCity: 'C' }],
    ['the longest texts', { invoiceName: long, invoiceStreet: long, invoiceCity: long }],
    ['the longest texts with spaces around (trimmed first)', { invoiceName: ` ${long} ` }],
    ['umlauts, accents, an apostrophe, Czech letters', { invoiceName: "Jörg O'Brien-Müller", invoiceStreet: 'Rue de l’Église 3', invoiceCity: 'Plzeň' }],
    ['an IP literal e-mail', { invoiceEmail: 'anna@[192.0.2.1]', invoiceEmailConfirmation: 'anna@[192.0.2.1]' }],
  ])('%s: no problem', (_label, change) => {
    expect(invoiceProblems({ ...valid, ...change })).toEqual([]);
  });

  it.each<[string, Partial<InvoiceForm>, ReturnType<typeof invoiceProblems>]>([
    ['name empty', { invoiceName: '' }, [{ field: 'invoiceName', problem: 'required' }]],
    ['name only spaces', { invoiceName: '   ' }, [{ field: 'invoiceName', problem: 'required' }]],
    ['street empty', { invoiceStreet: '' }, [{ field: 'invoiceStreet', problem: 'required' }]],
    ['street only a tab', { invoiceStreet: '\t' }, [{ field: 'invoiceStreet', problem: 'required' }]],
    ['city empty', { invoiceCity: '' }, [{ field: 'invoiceCity', problem: 'required' }]],
    ['city only a line break', { invoiceCity: '\n' }, [{ field: 'invoiceCity', problem: 'required' }]],
    ['name too long', { invoiceName: tooLong }, [{ field: 'invoiceName', problem: 'tooLong' }]],
    ['street too long', { invoiceStreet: tooLong }, [{ field: 'invoiceStreet', problem: 'tooLong' }]],
    ['city too long', { invoiceCity: tooLong }, [{ field: 'invoiceCity', problem: 'tooLong' }]],
    ['a line break inside the name', { invoiceName: 'Anna\r\nBcc: eve@example.com' }, [{ field: 'invoiceName', problem: 'invalid' }]],
    ['a tab inside the street', { invoiceStreet: 'Haupt\tstraße' }, [{ field: 'invoiceStreet', problem: 'invalid' }]],
    ['a NUL inside the city', { invoiceCity: 'Ber\u0000lin' }, [{ field: 'invoiceCity', problem: 'invalid' }]],
    ['a Unicode line separator inside the name', { invoiceName: 'Anna\u2028Berg' }, [{ field: 'invoiceName', problem: 'invalid' }]],
    [
      'e-mail and confirmation empty',
      { invoiceEmail: '', invoiceEmailConfirmation: '' },
      [
        { field: 'invoiceEmail', problem: 'required' },
        { field: 'invoiceEmailConfirmation', problem: 'required' },
      ],
    ],
    ['e-mail only spaces, confirmation right', { invoiceEmail: '  ' }, [{ field: 'invoiceEmail', problem: 'required' }, { field: 'invoiceEmailConfirmation', problem: 'mismatch' }]],
    ['e-mail not an address (equal confirmation)', { invoiceEmail: 'anna@example', invoiceEmailConfirmation: 'anna@example' }, [{ field: 'invoiceEmail', problem: 'invalid' }]],
    ['e-mail with two addresses', { invoiceEmail: 'anna@example.com,eve@example.com', invoiceEmailConfirmation: 'anna@example.com,eve@example.com' }, [{ field: 'invoiceEmail', problem: 'invalid' }]],
    ['e-mail with a header after a line break', { invoiceEmail: 'anna@example.com\nBcc: eve@example.com', invoiceEmailConfirmation: 'anna@example.com\nBcc: eve@example.com' }, [{ field: 'invoiceEmail', problem: 'invalid' }]],
    [
      'e-mail over the contract limit',
      { invoiceEmail: `${'a'.repeat(64)}@${'b'.repeat(140)}.com`, invoiceEmailConfirmation: `${'a'.repeat(64)}@${'b'.repeat(140)}.com` },
      [{ field: 'invoiceEmail', problem: 'tooLong' }],
    ],
    ['confirmation empty', { invoiceEmailConfirmation: '' }, [{ field: 'invoiceEmailConfirmation', problem: 'required' }]],
    ['confirmation only spaces', { invoiceEmailConfirmation: '   ' }, [{ field: 'invoiceEmailConfirmation', problem: 'required' }]],
    ['confirmation a different address', { invoiceEmailConfirmation: 'anne@example.com' }, [{ field: 'invoiceEmailConfirmation', problem: 'mismatch' }]],
    ['confirmation differing in letter case', { invoiceEmailConfirmation: 'Anna@example.com' }, [{ field: 'invoiceEmailConfirmation', problem: 'mismatch' }]],
    ['data privacy not ticked', { isDataPrivacyChecked: false }, [{ field: 'isDataPrivacyChecked', problem: 'unchecked' }]],
    ['revocation right not ticked', { isRevocationRightChecked: false }, [{ field: 'isRevocationRightChecked', problem: 'unchecked' }]],
    [
      'neither box ticked',
      { isDataPrivacyChecked: false, isRevocationRightChecked: false },
      [
        { field: 'isDataPrivacyChecked', problem: 'unchecked' },
        { field: 'isRevocationRightChecked', problem: 'unchecked' },
      ],
    ],
  ])('%s', (_label, change, problems) => {
    expect(invoiceProblems({ ...valid, ...change })).toEqual(problems);
  });

  it('an empty form has a problem on every field, in the form order', () => {
    const empty: InvoiceForm = { ...EMPTY_INVOICE, invoiceIsPrivate: false };
    const problems = invoiceProblems(empty);
    expect(problems.map(({ field }) => field)).toEqual([...INVOICE_FIELDS]);
    expect(problems.map(({ problem }) => problem)).toEqual(['required', 'required', 'required', 'required', 'required', 'unchecked', 'unchecked']);
  });

  it('private or company changes nothing', () => {
    expect(invoiceProblems({ ...valid, invoiceIsPrivate: false })).toEqual(invoiceProblems({ ...valid, invoiceIsPrivate: true }));
  });
});

describe('invoiceRequestProblems (what the server can check of spec §3 invoice body)', () => {
  const body = {
    invoiceName: 'Anna Berg',
    invoiceStreet: 'Hauptstraße 1',
    invoiceCity: 'Berlin',
    invoiceEmail: 'anna@example.com',
    isDataPrivacyChecked: true,
  };

  it.each<[string, Partial<typeof body>, ReturnType<typeof invoiceRequestProblems>]>([
    ['a valid body', {}, []],
    ['spaces around', { invoiceName: ' Anna ', invoiceEmail: ' anna@example.com ' }, []],
    ['blank name', { invoiceName: ' ' }, [{ field: 'invoiceName', problem: 'required' }]],
    ['blank street', { invoiceStreet: '' }, [{ field: 'invoiceStreet', problem: 'required' }]],
    ['blank city', { invoiceCity: '' }, [{ field: 'invoiceCity', problem: 'required' }]],
    ['a line break in the city', { invoiceCity: 'Berlin\nX' }, [{ field: 'invoiceCity', problem: 'invalid' }]],
    ['no e-mail', { invoiceEmail: '' }, [{ field: 'invoiceEmail', problem: 'required' }]],
    ['not an e-mail', { invoiceEmail: 'anna' }, [{ field: 'invoiceEmail', problem: 'invalid' }]],
    ['privacy not ticked', { isDataPrivacyChecked: false }, [{ field: 'isDataPrivacyChecked', problem: 'unchecked' }]],
    [
      'everything wrong',
      { invoiceName: '', invoiceStreet: tooLong, invoiceCity: '', invoiceEmail: 'x@', isDataPrivacyChecked: false },
      [
        { field: 'invoiceName', problem: 'required' },
        { field: 'invoiceStreet', problem: 'tooLong' },
        { field: 'invoiceCity', problem: 'required' },
        { field: 'invoiceEmail', problem: 'invalid' },
        { field: 'isDataPrivacyChecked', problem: 'unchecked' },
      ],
    ],
  ])('%s', (_label, change, problems) => {
    expect(invoiceRequestProblems({ ...body, ...change })).toEqual(problems);
  });

  it('agrees with the form rules on every field the body carries', () => {
    const form: InvoiceForm = { ...valid, invoiceName: '', invoiceEmail: 'anna@', invoiceEmailConfirmation: 'anna@', isDataPrivacyChecked: false };
    const fromForm = invoiceProblems(form).filter(({ field }) => field !== 'invoiceEmailConfirmation' && field !== 'isRevocationRightChecked');
    expect(invoiceRequestProblems(form)).toEqual(fromForm);
  });
});

describe('invoiceProblemsByField', () => {
  it.each([
    ['no problems', [], {}],
    [
      'two fields',
      [
        { field: 'invoiceName', problem: 'required' },
        { field: 'isRevocationRightChecked', problem: 'unchecked' },
      ] as const,
      { invoiceName: 'required', isRevocationRightChecked: 'unchecked' },
    ],
  ])('%s', (_label, problems, byField) => {
    expect(invoiceProblemsByField(problems)).toEqual(byField);
  });
});

describe('normaliseInvoice', () => {
  it('trims the four texts and keeps everything else as it is', () => {
    const form = { ...valid, invoiceName: ' Anna ', invoiceStreet: ' Hauptstraße 1\t', invoiceCity: '\nBerlin ', invoiceEmail: ' Anna@Example.com ', invoiceEmailConfirmation: ' x ' };
    expect(normaliseInvoice(form)).toEqual({
      ...form,
      invoiceName: 'Anna',
      invoiceStreet: 'Hauptstraße 1',
      invoiceCity: 'Berlin',
      invoiceEmail: 'Anna@Example.com',
    });
  });
});
