import type { BrowserContext, Page } from '@playwright/test';
import { enterAccessCode, hydrated } from './api';
import { expect } from './deployed';
import { pageIndicator } from './questionnaire';

/** What the session-timeout journeys look for and do (e2e/assessment/session-*.spec.ts). */
export const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Ihre Sitzung läuft bald ab' });
export const ended = (page: Page) => page.getByRole('alertdialog', { name: 'Ihre Sitzung ist abgelaufen' });
export const stay = (page: Page) => page.getByRole('button', { name: 'Angemeldet bleiben' });

/** The session's end as the readable cookie names it (ms since the epoch; 0 without one). */
export async function sessionEnds(context: BrowserContext, url: string): Promise<number> {
  const cookie = (await context.cookies(url)).find((c) => c.name === 'session-ends');
  return Number(cookie?.value ?? 0);
}

/** Signs in through the deep link and the access-code page, as a participant does, and goes on from the manual to page 1. */
export async function toPageOne(page: Page, url: string, identCode: string, accessCode: string): Promise<void> {
  await page.goto(`${url}/home/${identCode}`);
  await enterAccessCode(page, accessCode);
  await expect(page).toHaveURL(/\/questionnairemanual$/);
  await hydrated(page);
  await page.getByRole('link', { name: 'Weiter' }).click();
  await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
  await hydrated(page);
}
