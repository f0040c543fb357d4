import { expect, type Page } from '@playwright/test';
import { portal } from '@/lib/embedded-api/translations/areas/portal';

/** The demo portal (PORTAL row): Kompetenzanalyse Online at 345,67 EUR. */
export const DEMO_PORTAL = '/portal/PTDEMO01/1';
/** The portal's German texts, as the pages show them. */
export const DE = portal['de-DE'];

export type Invoice = { company?: boolean; name: string; street: string; city: string; email: string; confirmation?: string };
export const ERIKA: Invoice = { name: 'Erika Mustermann', street: 'Hauptstraße 1', city: '10115 Berlin', email: 'erika@example.org' };

export async function fillInvoice(page: Page, invoice: Invoice = ERIKA): Promise<void> {
  if (invoice.company) await page.getByRole('radio', { name: DE.PortalInvoiceCompany }).check();
  await page.getByLabel(invoice.company ? DE.PortalNameCompanyLabel : DE.PortalNamePrivateLabel, { exact: true }).fill(invoice.name);
  await page.getByLabel(DE.PortalStreetLabel, { exact: true }).fill(invoice.street);
  await page.getByLabel(DE.PortalCityLabel, { exact: true }).fill(invoice.city);
  await page.getByLabel(DE.PortalEmailLabel, { exact: true }).fill(invoice.email);
  await page.getByLabel(DE.PortalEmailConfirmLabel, { exact: true }).fill(invoice.confirmation ?? invoice.email);
  await page.getByRole('checkbox', { name: DE.PortalPrivacyLabel }).check();
  await page.getByRole('checkbox', { name: DE.PortalRevocationLabel }).check();
}

export const payButton = (page: Page) => page.getByRole('button', { name: DE.PortalPayButton });
/** The demo provider's button (COMMON.md contract: a real button named "Mit PayPal bezahlen (Demo)"). */
export const demoPayPalButton = (page: Page) => page.getByRole('button', { name: /PayPal.*Demo/ });
/** The demo provider's window: a modal dialog titled "PayPal (Demo)". */
export const demoPayPalDialog = (page: Page) => page.getByRole('dialog', { name: 'PayPal (Demo)' });

export async function toSummary(page: Page, invoice: Invoice = ERIKA): Promise<void> {
  await fillInvoice(page, invoice);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: DE.PortalSummaryTitle })).toBeVisible();
}

/** Whether the page scrolls sideways (a phone must not). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}
