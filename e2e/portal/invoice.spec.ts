import { hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/deployed';
import { expectNotHydrated, holdScripts } from '../support/holdScripts';
import { DE, DEMO_PORTAL, ERIKA, fillInvoice, payButton, scrollsSideways } from '../support/portal';
import { watchPageProblems } from '../support/pageProblems';

/**
 * The portal's page 1 on the demo portal PTDEMO01/1: product and price
 * as the buyer reads them, the §5 rules on screen, the two consent texts in modals, a phone's
 * width, the form before its scripts, and the error page for what names no portal. These create
 * no payment (the payment journeys are in payment.spec.ts).
 */
test.describe('@portal invoice form', () => {
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems = watchPageProblems(page);
  });
  test.afterEach(() => expect(problems).toEqual([]));

  test('@deployed page 1 shows the product, the price as 345,67 EUR (never the placeholder) and the portal id read-only', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalTitle })).toBeVisible();
    await expect(page.getByText('Kompetenzanalyse Online')).toBeVisible();
    await expect(page.getByText('345,67 EUR', { exact: true })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('345.67');
    const portalId = page.getByLabel(DE.PortalIdLabel);
    await expect(portalId).toHaveValue('1');
    await expect(portalId).toHaveAttribute('readonly', '');
    await expect(page).toHaveTitle(new RegExp(`^${DE.PortalTitle} – `));
  });

  test('the rules of §5 on screen: an empty submit names every field, focus goes to the first; fixing one clears its message', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await payButton(page).click();
    for (const key of ['PortalNameRequired', 'PortalStreetRequired', 'PortalCityRequired', 'PortalEmailRequired', 'PortalEmailConfirmRequired', 'PortalPrivacyUnchecked', 'PortalRevocationUnchecked'] as const) {
      await expect(page.getByText(DE[key], { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('status').filter({ hasText: DE.PortalProblemsSummary })).toBeVisible();
    const name = page.getByLabel(DE.PortalNamePrivateLabel, { exact: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('Erika Mustermann');
    await expect(page.getByText(DE.PortalNameRequired, { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${DEMO_PORTAL}$`));
  });

  test('autofill: a token each address field may carry (the street is one line: address-line1, not the multi-line street-address)', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await expect(page.getByLabel(DE.PortalNamePrivateLabel, { exact: true })).toHaveAttribute('autocomplete', 'name');
    await expect(page.getByLabel(DE.PortalStreetLabel, { exact: true })).toHaveAttribute('autocomplete', 'address-line1');
    await expect(page.getByLabel(DE.PortalCityLabel, { exact: true })).toHaveAttribute('autocomplete', 'address-level2');
    await expect(page.getByLabel(DE.PortalEmailLabel, { exact: true })).toHaveAttribute('autocomplete', 'email');
  });

  test('an invalid e-mail and a different confirmation: their messages, focus on the e-mail, no summary', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await fillInvoice(page, { ...ERIKA, email: 'erika@', confirmation: 'erika@example.org' });
    await payButton(page).click();
    await expect(page.getByText(DE.PortalEmailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(DE.PortalEmailMismatch, { exact: true })).toBeVisible();
    await expect(page.getByLabel(DE.PortalEmailLabel, { exact: true })).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toHaveCount(0);
  });

  test('the data-privacy and revocation-right texts open in modals, close with Escape, focus back on their button; axe finds nothing', async ({ page }) => {
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    await expectNoAxeViolations(page);
    for (const [link, title, start] of [
      [DE.PortalPrivacyLink, DE.PortalPrivacyTitle, 'Wir verarbeiten die Daten'],
      [DE.PortalRevocationLink, DE.PortalRevocationTitle, 'Widerrufsrecht: Sie haben das Recht'],
    ] as const) {
      const opener = page.getByRole('button', { name: link });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(start);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
  });

  test('at a phone’s width (390 px) nothing scrolls sideways, and axe finds nothing', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(DEMO_PORTAL);
    await hydrated(page);
    expect(await scrollsSideways(page)).toBe(false);
    await payButton(page).click();
    await expect(page.getByText(DE.PortalNameRequired, { exact: true })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('before its scripts: what is typed is kept, and a press of the pay button is carried out once they run', async ({ page }) => {
    const scripts = await holdScripts(page);
    await scripts.goto(DEMO_PORTAL);
    await fillInvoice(page);
    await payButton(page).click();
    await expectNotHydrated(page);
    await expect(page).toHaveURL(new RegExp(`${DEMO_PORTAL}$`));
    scripts.release();
    await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toBeVisible();
    await expect(page.getByText('Erika Mustermann')).toBeVisible();
  });
});

test.describe('@portal content security policy', () => {
  test('the portal page may load PayPal (script, frames, calls, images); the other pages may not', async ({ request }) => {
    const policyOf = async (path: string) => (await request.get(path)).headers()['content-security-policy'] ?? '';
    const portal = await policyOf(DEMO_PORTAL);
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
      expect(portal.split('; ').find((part) => part.startsWith(`${directive} `))).toContain('https://*.paypal.com');
    }
    for (const path of ['/home', '/error?statusCode=2&detailCode=104', '/support']) expect(await policyOf(path)).not.toMatch(/paypal/i);
  });
});

test.describe('@portal what names no portal', () => {
  for (const [label, path] of [
    ['an unknown portal id', '/portal/PTDEMO01/999'],
    ['another group code identifier', '/portal/NOSUCH01/1'],
    ['no portal id', '/portal/PTDEMO01'],
    ['a route with a part too many', '/portal/PTDEMO01/1/more'],
  ] as const) {
    test(`${label} (${path}): the error page with the unknown-portal message, no payment button`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/error\?statusCode=2&detailCode=104$/);
      await expect(page.getByText(DE.ErrorPortalUnknown)).toBeVisible();
      await expect(page.getByRole('button', { name: /PayPal/ })).toHaveCount(0);
      await expect(page.locator('main')).not.toContainText('345');
    });
  }
});

test.describe('@portal a portal without a price', () => {
  test('/portal/PTNOPRICE/2: the error page with its message, no payment button, no price', async ({ page }) => {
    await page.goto('/portal/PTNOPRICE/2');
    await expect(page).toHaveURL(/\/error\?statusCode=2&detailCode=105$/);
    await expect(page.getByText(DE.ErrorPortalWithoutPrice)).toBeVisible();
    await expect(page.getByRole('button', { name: /PayPal/ })).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('EUR');
  });
});

