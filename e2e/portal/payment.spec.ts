import type { Page } from '@playwright/test';
import { hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startSmtpServer } from '../support/smtp';
import { DE, DEMO_PORTAL, ERIKA, demoPayPalButton, demoPayPalDialog, fillInvoice, payButton, scrollsSideways, toSummary } from '../support/portal';
import { watchPageProblems } from '../support/pageProblems';

/**
 * The portal end to end with the app's demo payment provider: its
 * checkout script and Orders API under /api/paypal-demo (COMMON.md contract), reached over the
 * network as PayPal's would be; the server captures and verifies each payment. Every payment here
 * sends a confirmation mail, so this file runs in the 'mail' project, never beside a journey that
 * listens on the SMTP port.
 */

/** The SMTP server the app sends to in the journeys (playwright.config.ts, SMTP_URL). */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const CONFIRM = 'Zahlung bestätigen (Demo)';
const CANCEL = 'Abbrechen';
const ORDERS = '**/api/paypal-demo/v2/checkout/orders';

/** Counts the portal's calls and the demo provider's orders as the browser sends them. */
function countRequests(page: Page) {
  const counts = { invoices: 0, orders: 0, reports: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    if (path === '/api/submit/portal/invoiceinfo') counts.invoices += 1;
    if (path === '/api/paypal-demo/v2/checkout/orders') counts.orders += 1;
    if (path === '/api/submit/portal/sucessfullyPaid') counts.reports += 1;
  });
  return counts;
}

async function payInDemo(page: Page): Promise<void> {
  await demoPayPalButton(page).click();
  const dialog = demoPayPalDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/345[.,]67/);
  await dialog.getByRole('button', { name: CONFIRM }).click();
}

async function expectSuccess(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: DE.PortalSuccessTitle });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByText(DE.PortalSuccessText)).toBeVisible();
}

test.describe('@portal payment', needs('demo-payment'), () => {
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    // The provider-error journey makes the demo Orders API fail on purpose, and the lost-report one
    // cuts the connection of a report: that 500 and that failed load are no problems of the page.
    problems = watchPageProblems(page, { expected: (message) => /status of 500|ERR_INTERNET_DISCONNECTED/.test(message.text()) });
  });
  test.afterEach(() => expect(problems).toEqual([]));

  test('@deployed invoice → summary → back (values kept) → summary → demo payment → success; axe finds nothing on pages 1 to 3', async ({ page }) => {
    const counts = countRequests(page);
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await expectNoAxeViolations(page);
    await toSummary(page, { ...ERIKA, company: true, name: 'Muster GmbH' });
    const summary = page.locator('main dl');
    for (const [term, value] of [
      [DE.PortalProductLabel, 'Kompetenzanalyse Online'],
      [DE.PortalPriceLabel, '345,67 EUR'],
      [DE.PortalSummaryInvoiceType, DE.PortalInvoiceCompany],
      [DE.PortalSummaryName, 'Muster GmbH'],
      [DE.PortalSummaryAddress, /^Hauptstraße 1\s*10115 Berlin$/],
      [DE.PortalSummaryEmail, 'erika@example.org'],
    ] as const) {
      await expect(summary.locator('dt', { hasText: term }).locator('+ dd')).toHaveText(value);
    }
    await expect(page.getByText(DE.PortalDemoNotice)).toBeVisible();

    await page.getByRole('button', { name: DE.PortalBackButton }).click();
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalTitle })).toBeFocused();
    await expect(page.getByRole('radio', { name: DE.PortalInvoiceCompany })).toBeChecked();
    await expect(page.getByLabel(DE.PortalNameCompanyLabel, { exact: true })).toHaveValue('Muster GmbH');
    await expect(page.getByLabel(DE.PortalEmailConfirmLabel, { exact: true })).toHaveValue('erika@example.org');
    await expect(page.getByRole('checkbox', { name: DE.PortalRevocationLabel })).toBeChecked();

    await payButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toBeFocused();
    await expect(demoPayPalButton(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await payInDemo(page);
    await expectSuccess(page);
    await expectNoAxeViolations(page);
    expect(counts).toEqual({ invoices: 2, orders: 1, reports: 1 });
  });

  test('a reload loses nothing: page 1 as typed, page 2 with the same transaction, back and reload; after the payment the form is empty and the tab keeps nothing', async ({ page }) => {
    const counts = countRequests(page);
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await fillInvoice(page, { ...ERIKA, company: true, name: 'Muster GmbH' });
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel(DE.PortalNameCompanyLabel, { exact: true })).toHaveValue('Muster GmbH');
    await expect(page.getByLabel(DE.PortalEmailConfirmLabel, { exact: true })).toHaveValue('erika@example.org');
    await expect(page.getByRole('checkbox', { name: DE.PortalRevocationLabel })).toBeChecked();

    await payButton(page).click();
    await expect(demoPayPalButton(page)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toBeFocused();
    await expect(page.locator('main dl dt', { hasText: DE.PortalSummaryName }).locator('+ dd')).toHaveText('Muster GmbH');
    await expect(demoPayPalButton(page)).toBeVisible();
    expect(counts.invoices).toBe(1);

    await page.getByRole('button', { name: DE.PortalBackButton }).click();
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel(DE.PortalCityLabel, { exact: true })).toHaveValue('10115 Berlin');
    await payButton(page).click();
    await payInDemo(page);
    await expectSuccess(page);
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel(DE.PortalNamePrivateLabel, { exact: true })).toHaveValue('');
    expect(counts).toEqual({ invoices: 2, orders: 1, reports: 1 });
    expect(await page.evaluate(() => ({ ...sessionStorage, ...localStorage }))).toEqual({});
  });

  test('approved in PayPal, the report lost on the way, the page reloaded: “confirm again”, never a second payment; one payment recorded', async ({ page }) => {
    const counts = countRequests(page);
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await toSummary(page);
    await page.route('**/api/submit/portal/sucessfullyPaid', (route) => route.abort('internetdisconnected'));
    await payInDemo(page);
    await expect(page.getByRole('button', { name: DE.PortalConfirmAgainButton })).toBeVisible();
    await page.unroute('**/api/submit/portal/sucessfullyPaid');
    await page.reload();
    const again = page.getByRole('button', { name: DE.PortalConfirmAgainButton });
    await expect(again).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: DE.PortalPaymentReportFailed })).toBeVisible();
    await expect(demoPayPalButton(page)).toHaveCount(0);
    await hydrated(page);
    await again.click();
    await expectSuccess(page);
    expect(counts).toEqual({ invoices: 1, orders: 1, reports: 2 });
  });

  test('cancel in the payment window: nothing happens, the summary stays, and paying afterwards works', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await toSummary(page);
    await demoPayPalButton(page).click();
    await demoPayPalDialog(page).getByRole('button', { name: CANCEL }).click();
    await expect(demoPayPalDialog(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
    await payInDemo(page);
    await expectSuccess(page);
  });

  test('a provider error: the message in the buyer’s language, then a successful try', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await toSummary(page);
    await page.route(ORDERS, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"name":"INTERNAL_SERVER_ERROR"}' }) : route.continue(),
    );
    await demoPayPalButton(page).click();
    await expect(page.getByText(DE.PortalPaymentFailed)).toBeVisible();
    await page.unroute(ORDERS);
    await payInDemo(page);
    await expectSuccess(page);
  });

  test('double clicks on both pay buttons: one transaction, one order, one payment', async ({ page }) => {
    const counts = countRequests(page);
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await fillInvoice(page);
    await payButton(page).dblclick();
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toBeVisible();
    await demoPayPalButton(page).dblclick();
    const dialog = demoPayPalDialog(page);
    await expect(dialog).toHaveCount(1);
    await dialog.getByRole('button', { name: CONFIRM }).dblclick();
    await expectSuccess(page);
    expect(counts).toEqual({ invoices: 1, orders: 1, reports: 1 });
  });

  test('keyboard alone: the form, the summary and the demo payment', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    /** Tabs on until the focused element is the one named; the page is short, so a bound is plenty. */
    const tabTo = async (name: string | RegExp) => {
      for (let step = 0; step < 40; step += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element) return '';
          const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : element.closest('label')?.textContent;
          return (element.getAttribute('aria-label') ?? label ?? element.textContent ?? '').trim();
        });
        if (typeof name === 'string' ? focused === name : name.test(focused)) return;
      }
      throw new Error(`Tab never reached ${name}`);
    };
    await tabTo(DE.PortalNamePrivateLabel);
    await page.keyboard.type('Erika Mustermann');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hauptstraße 1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10115 Berlin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('erika@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type('erika@example.org');
    await tabTo(DE.PortalPrivacyLabel);
    await page.keyboard.press('Space');
    await tabTo(DE.PortalRevocationLabel);
    await page.keyboard.press('Space');
    await tabTo(DE.PortalPayButton);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toBeFocused();
    await expect(demoPayPalButton(page)).toBeVisible();
    await tabTo(/PayPal.*Demo/);
    await page.keyboard.press('Enter');
    await expect(demoPayPalDialog(page)).toBeVisible();
    for (let step = 0; step < 10 && !(await demoPayPalDialog(page).getByRole('button', { name: CONFIRM }).evaluate((b) => b === document.activeElement)); step += 1) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expectSuccess(page);
  });

  test('at a phone’s width (390 px): summary and success scroll nowhere sideways, axe finds nothing', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    expect(await scrollsSideways(page)).toBe(false);
    await toSummary(page, { ...ERIKA, name: 'Erika Mustermann-Schnarrenberger', street: 'Sehr-lange-Straßenbezeichnung-ohne-Leerzeichen 12345' });
    await expect(demoPayPalButton(page)).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);
    await payInDemo(page);
    await expectSuccess(page);
    expect(await scrollsSideways(page)).toBe(false);
    await context.close();
  });
});

test.describe('@portal the buyer\'s confirmation mail', needs('smtp', 'demo-payment'), () => {
  test('after the demo payment the buyer receives product, amount, transaction and invoice data by mail', async ({ page }) => {
    const smtp = await startSmtpServer(SMTP_PORT);
    try {
      const email = `kaeufer.${Date.now()}@example.org`;
      await page.goto(DEMO_PORTAL);
      await hydrated(page);
      await toSummary(page, { ...ERIKA, email });
      await payInDemo(page);
      await expectSuccess(page);
      const mail = await smtp.mailTo(email);
      expect(mail.subject).toBe('Ihre Zahlung ist eingegangen');
      for (const line of ['Produkt: Kompetenzanalyse Online', 'Betrag: 345,67 EUR', 'Erika Mustermann', 'Hauptstraße 1', '10115 Berlin']) expect(mail.text).toContain(line);
      expect(mail.text).toMatch(/Transaktionsnummer: PT-[A-Za-z0-9_-]{20}/);
    } finally {
      await smtp.close();
    }
  });
});

