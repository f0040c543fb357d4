/** @jest-environment jsdom */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChromeTextsProvider } from '@/components/chrome/ChromeTexts';
import { ModalProvider } from '@/components/modal/ModalProvider';
import { translationsFor } from '@/lib/embedded-api/translations';
import { translator } from '@/lib/i18n/translate';
import { portalPrice } from '@/lib/flows/price';
import type { PortalOffer } from '@/lib/flows/portal';
import { installDialogStandIns } from '@/components/modal/jsdomDialog';

/**
 * The portal's pages as a buyer uses them, with the proxy calls and PayPal's button played by
 * stand-ins: the §5 rules inline, the invoice call's body, the summary and back with everything
 * kept, the payment report and its outcomes (success, report again, provider error).
 */
type Answer = Record<string, unknown>;
const answers: Answer[] = [];
const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
let release: (() => void) | undefined;

jest.mock('@/lib/client/api', () => ({
  postCall: async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    // With no answer queued, the invoice call waits for release() and a payment report for ever (a lost connection).
    if (path === 'submit/portal/invoiceinfo' && answers.length === 0) await new Promise<void>((resolve) => (release = resolve));
    if (path === 'submit/portal/sucessfullyPaid' && answers.length === 0) await new Promise<void>(() => {});
    return answers.shift() ?? { statusCode: 1, detailCode: 0, transactionId: 'PT-first' };
  },
}));

type ButtonProps = { locked: boolean; transactionId: string; onApprove: (a: { orderID: string; payerID?: string }) => Promise<void>; onProviderError: () => void };
jest.mock('./PaymentButton', () => ({
  PaymentButton: ({ locked, transactionId, onApprove, onProviderError }: ButtonProps) => (
    <div data-testid="paypal" data-transaction={transactionId}>
      <button type="button" disabled={locked} onClick={() => void onApprove({ orderID: 'ORDER-1', payerID: 'PAYER-1' })}>
        PayPal approve
      </button>
      <button type="button" onClick={onProviderError}>
        PayPal fails
      </button>
    </div>
  ),
}));

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the stand-ins above */
const { PortalFlow } = require('./PortalFlow') as typeof import('./PortalFlow');
const { portalTexts } = require('./portalTexts') as typeof import('./portalTexts');

const texts = portalTexts(translator(translationsFor('de-DE')));
const OFFER: PortalOffer = { groupCodeIdent: 'PTDEMO01', portalId: '1', productTitle: 'Kompetenzanalyse Online', price: portalPrice(345.67)!, paypalMode: 'demo', paypalClientId: 'demo-client' };

beforeAll(installDialogStandIns);

beforeEach(() => {
  sessionStorage.clear();
  calls.length = 0;
  answers.length = 0;
  release = undefined;
});

function renderFlow(offer: PortalOffer = OFFER) {
  render(
    <ChromeTextsProvider value={{ errorTitle: 'Fehler', close: 'Schließen', renderErrorTitle: 'Fehler', internalError: 'Interner Fehler. Detail-Code: {id}' }}>
      <ModalProvider>
        <main id="main">
          <PortalFlow offer={offer} texts={texts} />
        </main>
      </ModalProvider>
    </ChromeTextsProvider>,
  );
}

/**
 * Fills page 1 as a buyer whose values come from the clipboard or a form filler: one input event a
 * field. Typing them key by key rendered the flow 75 times a fill, over the 15 tests that fill it
 * (the suite: 18 → 11 s of CPU); the tests of what typing does still type.
 */
async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: texts.PortalInvoiceCompany }));
  const paste = async (field: HTMLElement, value: string) => {
    await user.click(field);
    await user.paste(value);
  };
  await paste(screen.getByLabelText(texts.PortalNameCompanyLabel), '  Muster GmbH ');
  await paste(screen.getByLabelText(texts.PortalStreetLabel), 'Hauptstraße 1');
  await paste(screen.getByLabelText(texts.PortalCityLabel), '10115 Berlin');
  await paste(screen.getByLabelText(texts.PortalEmailLabel, { selector: 'input' }), 'erika@example.org');
  await paste(screen.getByLabelText(texts.PortalEmailConfirmLabel), 'erika@example.org');
  await user.click(screen.getByRole('checkbox', { name: texts.PortalPrivacyLabel }));
  await user.click(screen.getByRole('checkbox', { name: texts.PortalRevocationLabel }));
}

const pay = () => screen.getByRole('button', { name: texts.PortalPayButton });

test('page 1 shows the product, the price as 345,67 EUR and the portal id read-only; never 345.67', () => {
  renderFlow();
  expect(screen.getByText('Kompetenzanalyse Online')).toBeTruthy();
  expect(screen.getByTestId('portal-price').textContent).toBe('345,67 EUR');
  expect(document.body.textContent).not.toContain('345.67');
  const portalId = screen.getByLabelText(texts.PortalIdLabel) as HTMLInputElement;
  expect(portalId.value).toBe('1');
  expect(portalId.readOnly).toBe(true);
});

test('an empty submit: every rule of §5 under its field, the summary announced, focus on the name, no call', async () => {
  const user = userEvent.setup();
  renderFlow();
  await user.click(pay());
  for (const key of ['PortalNameRequired', 'PortalStreetRequired', 'PortalCityRequired', 'PortalEmailRequired', 'PortalEmailConfirmRequired', 'PortalPrivacyUnchecked', 'PortalRevocationUnchecked'] as const) {
    expect(screen.getByText(texts[key])).toBeTruthy();
  }
  expect(screen.getByRole('status').textContent).toBe(texts.PortalProblemsSummary);
  expect(document.activeElement).toBe(screen.getByLabelText(texts.PortalNamePrivateLabel));
  expect(screen.getByLabelText(texts.PortalNamePrivateLabel).getAttribute('aria-invalid')).toBe('true');
  expect(calls).toEqual([]);
});

test('a different confirmation: the mismatch message, focus on the confirmation', async () => {
  const user = userEvent.setup();
  renderFlow();
  await fillForm(user);
  await user.type(screen.getByLabelText(texts.PortalEmailConfirmLabel), 'x');
  await user.click(pay());
  expect(screen.getByText(texts.PortalEmailMismatch)).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText(texts.PortalEmailConfirmLabel));
  expect(calls).toEqual([]);
});

test('submit: one call with the trimmed invoice and the portal’s price, fields disabled meanwhile, then the summary; back keeps everything', async () => {
  const user = userEvent.setup();
  renderFlow();
  await fillForm(user);
  await user.click(pay());
  await user.click(pay());
  expect(calls).toHaveLength(1);
  expect(calls[0]).toEqual({
    path: 'submit/portal/invoiceinfo',
    body: {
      groupCodeIdent: 'PTDEMO01',
      portalId: '1',
      isDataPrivacyChecked: true,
      invoiceIsPrivate: false,
      invoiceName: 'Muster GmbH',
      invoiceStreet: 'Hauptstraße 1',
      invoiceCity: '10115 Berlin',
      invoiceEmail: 'erika@example.org',
      invoiceProductText: 'Kompetenzanalyse Online',
      invoiceProductPrice: 345.67,
    },
  });
  expect((screen.getByLabelText(texts.PortalStreetLabel) as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
  expect((pay() as HTMLButtonElement).disabled).toBe(true);
  answers.push({ statusCode: 1, detailCode: 0, transactionId: 'PT-first' });
  await act(async () => release?.());

  const heading = await screen.findByRole('heading', { level: 1, name: texts.PortalSummaryTitle });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  for (const text of ['Muster GmbH', 'Hauptstraße 1', '10115 Berlin', 'erika@example.org', texts.PortalInvoiceCompany, '345,67 EUR', texts.PortalDemoNotice]) {
    expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
  }
  expect(screen.getByTestId('paypal').dataset.transaction).toBe('PT-first');

  await user.click(screen.getByRole('button', { name: texts.PortalBackButton }));
  expect((screen.getByLabelText(texts.PortalNameCompanyLabel) as HTMLInputElement).value).toBe('  Muster GmbH ');
  expect((screen.getByLabelText(texts.PortalEmailConfirmLabel) as HTMLInputElement).value).toBe('erika@example.org');
  expect((screen.getByRole('checkbox', { name: texts.PortalRevocationLabel }) as HTMLInputElement).checked).toBe(true);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: texts.PortalTitle })));
});

test.each([
  [{ statusCode: 5, detailCode: 106 }, texts.PortalTooManyInvoices],
  [{ statusCode: 5, detailCode: 107 }, texts.PortalPriceChanged],
  [{ statusCode: 13, detailCode: 24, exceptionId: 'X1' }, 'Interner Fehler. Detail-Code: X1'],
])('a refused invoice (%j): the common error modal, nothing typed lost, the button usable again', async (answer, text) => {
  const user = userEvent.setup();
  renderFlow();
  await fillForm(user);
  answers.push(answer);
  await user.click(pay());
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain(text);
  expect((screen.getByLabelText(texts.PortalCityLabel) as HTMLInputElement).value).toBe('10115 Berlin');
  expect((pay() as HTMLButtonElement).disabled).toBe(false);
});

async function toSummary(user: ReturnType<typeof userEvent.setup>) {
  await fillForm(user);
  answers.push({ statusCode: 1, detailCode: 0, transactionId: 'PT-first' });
  await user.click(pay());
  await screen.findByTestId('paypal');
}

test('an approved payment is reported with the transaction id and PayPal’s ids; Ok shows page 3 with focus on its heading', async () => {
  const user = userEvent.setup();
  renderFlow();
  await toSummary(user);
  answers.push({ statusCode: 1, detailCode: 0 });
  await user.click(screen.getByRole('button', { name: 'PayPal approve' }));
  expect(calls.at(-1)).toEqual({ path: 'submit/portal/sucessfullyPaid', body: { transactionId: 'PT-first', paymentDetails: { orderID: 'ORDER-1', payerID: 'PAYER-1' } } });
  const heading = await screen.findByRole('heading', { level: 1, name: texts.PortalSuccessTitle });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  expect(screen.getByText(texts.PortalSuccessText)).toBeTruthy();
});

/** “Confirm again” is offered instead of a second payment; pressed, it re-sends the first report unchanged, and Ok shows page 3. */
async function confirmAgain(user: ReturnType<typeof userEvent.setup>) {
  const again = await screen.findByRole('button', { name: texts.PortalConfirmAgainButton });
  expect(screen.getByRole('alert').textContent).toBe(texts.PortalPaymentReportFailed);
  expect(screen.queryByTestId('paypal')).toBeNull();
  expect((screen.getByRole('button', { name: texts.PortalBackButton }) as HTMLButtonElement).disabled).toBe(true);
  answers.push({ statusCode: 1, detailCode: 0 });
  await user.click(again);
  const reports = calls.filter((call) => call.path === 'submit/portal/sucessfullyPaid');
  expect(reports).toHaveLength(2);
  expect(reports[1]!.body).toEqual(reports[0]!.body);
  expect(reports[1]!.body).toEqual({ transactionId: 'PT-first', paymentDetails: { orderID: 'ORDER-1', payerID: 'PAYER-1' } });
  expect(await screen.findByRole('heading', { level: 1, name: texts.PortalSuccessTitle })).toBeTruthy();
}

test('PayPal unreachable for the server (13 / 109): the message and “confirm again”, which re-sends the same report and never offers a second payment', async () => {
  const user = userEvent.setup();
  renderFlow();
  await toSummary(user);
  answers.push({ statusCode: 13, detailCode: 109 });
  await user.click(screen.getByRole('button', { name: 'PayPal approve' }));
  await confirmAgain(user);
});

test('PayPal does not confirm the payment (5 / 108): the common error modal, the button stays', async () => {
  const user = userEvent.setup();
  renderFlow();
  await toSummary(user);
  answers.push({ statusCode: 5, detailCode: 108 });
  await user.click(screen.getByRole('button', { name: 'PayPal approve' }));
  expect((await screen.findByRole('alertdialog')).textContent).toContain(texts.PortalPaymentNotConfirmed);
  expect(screen.getByTestId('paypal')).toBeTruthy();
});

test('a provider error: the message in the buyer’s language, the button stays for another try', async () => {
  const user = userEvent.setup();
  renderFlow();
  await toSummary(user);
  await user.click(screen.getByRole('button', { name: 'PayPal fails' }));
  expect(screen.getByRole('alert').textContent).toBe(texts.PortalPaymentFailed);
  expect(screen.getByRole('button', { name: 'PayPal approve' })).toBeTruthy();
});

test('the demo notice shows in demo mode only', async () => {
  const user = userEvent.setup();
  renderFlow({ ...OFFER, paypalMode: 'live' });
  await toSummary(user);
  expect(screen.queryByText(texts.PortalDemoNotice)).toBeNull();
});

describe('a reload loses nothing (usePortalDraft)', () => {
  /** A reload: the page goes and the same flow is rendered afresh, with only the tab's storage left. */
  function reload() {
    cleanup();
    renderFlow();
  }
  const value = (label: string) => (screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement).value;

  test('page 1 as typed; page 2 with the same transaction and no new call; back shows page 1 as typed', async () => {
    const user = userEvent.setup();
    renderFlow();
    await fillForm(user);
    reload();
    await waitFor(() => expect(value(texts.PortalNameCompanyLabel)).toBe('  Muster GmbH '));
    expect(value(texts.PortalEmailLabel)).toBe('erika@example.org');
    expect((screen.getByRole('checkbox', { name: texts.PortalPrivacyLabel }) as HTMLInputElement).checked).toBe(true);

    answers.push({ statusCode: 1, detailCode: 0, transactionId: 'PT-first' });
    await user.click(pay());
    await screen.findByTestId('paypal');
    reload();
    const heading = await screen.findByRole('heading', { level: 1, name: texts.PortalSummaryTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('paypal').dataset.transaction).toBe('PT-first');
    expect(screen.getAllByText('Muster GmbH', { exact: false }).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.path === 'submit/portal/invoiceinfo')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: texts.PortalBackButton }));
    expect(value(texts.PortalCityLabel)).toBe('10115 Berlin');
    reload();
    await waitFor(() => expect(value(texts.PortalCityLabel)).toBe('10115 Berlin'));
    expect(screen.queryByTestId('paypal')).toBeNull();
  });

  test.each([
    ['while its report is still on its way (the connection dropped)', undefined],
    ['after the server could not ask PayPal (13 / 109)', { statusCode: 13, detailCode: 109 }],
  ])('approved by PayPal, reloaded %s: “confirm again” with its message, no second payment; Ok shows page 3', async (_when, answer) => {
    const user = userEvent.setup();
    renderFlow();
    await toSummary(user);
    if (answer) answers.push(answer);
    await user.click(screen.getByRole('button', { name: 'PayPal approve' }));
    await (answer ? screen.findByRole('button', { name: texts.PortalConfirmAgainButton }) : screen.findByText(texts.PortalPaymentInProgress));
    reload();
    await confirmAgain(user);
  });

  test('an approved payment on its way is said in a status region that was on page 2 before (a region inserted with its text is missed by some screen readers)', async () => {
    const user = userEvent.setup();
    renderFlow();
    await toSummary(user);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'PayPal approve' }));
    await screen.findByText(texts.PortalPaymentInProgress);
    expect(status.isConnected).toBe(true);
    expect(status.textContent).toBe(texts.PortalPaymentInProgress);
  });

  test('PayPal does not confirm the approved payment: after a reload the payment button is back, not “confirm again”', async () => {
    const user = userEvent.setup();
    renderFlow();
    await toSummary(user);
    answers.push({ statusCode: 5, detailCode: 108 });
    await user.click(screen.getByRole('button', { name: 'PayPal approve' }));
    await screen.findByRole('alertdialog');
    reload();
    expect(await screen.findByTestId('paypal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.PortalConfirmAgainButton })).toBeNull();
  });

  test('after page 3 the draft is gone: a reload shows page 1 empty', async () => {
    const user = userEvent.setup();
    renderFlow();
    await toSummary(user);
    answers.push({ statusCode: 1, detailCode: 0 });
    await user.click(screen.getByRole('button', { name: 'PayPal approve' }));
    await screen.findByRole('heading', { level: 1, name: texts.PortalSuccessTitle });
    await waitFor(() => expect(sessionStorage.length).toBe(0));
    reload();
    expect(value(texts.PortalNamePrivateLabel)).toBe('');
  });

  test('a stored draft the form did not write is ignored: page 1, empty', () => {
    sessionStorage.setItem('portal-draft:/', JSON.stringify({ values: { invoiceName: '<b>x</b>' }, step: { page: 2, transactionId: 'PT-x' } }));
    renderFlow();
    expect(value(texts.PortalNamePrivateLabel)).toBe('');
    expect(screen.queryByTestId('paypal')).toBeNull();
  });

  test('a storage that refuses (private mode, full quota): the flow works as before', async () => {
    const refuse = () => {
      throw new DOMException('refused', 'QuotaExceededError');
    };
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    const user = userEvent.setup();
    renderFlow();
    await toSummary(user);
    expect(screen.getByTestId('paypal').dataset.transaction).toBe('PT-first');
  });
});

afterEach(() => jest.restoreAllMocks());
