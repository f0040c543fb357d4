import fs from 'node:fs';
import { expect, type Browser } from '@playwright/test';
import { DEMO_ASSESSMENTS } from '@/lib/embedded-api/demo/rows';
import { enterAccessCode, hydrated } from './api';
import { next, pageIndicator, rankPage } from './questionnaire';
import type { Sample } from './metrics';

/** The participant whose journey the metrics must show: a fresh demo row, its manual first. */
export const ROW = DEMO_ASSESSMENTS.find((row) => row.identCode === 'P1DEMO01')!;
export const WRONG_CODE = 'WRONG4711';

/**
 * A participant in Chromium, as in class: the deep link with their ident code, a wrong access code
 * (the page says so), the right one, the manual, and the first page ranked and turned (saved).
 */
export async function participantJourney(browser: Browser, baseUrl: string): Promise<void> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(`/home/${ROW.identCode}`);
    await enterAccessCode(page, WRONG_CODE);
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });
    await expect(modal).toHaveText(/Der eingegebene Zugangscode ist nicht korrekt/);
    await modal.getByRole('button', { name: 'Schließen' }).click();
    await enterAccessCode(page, ROW.accessCode!);
    await expect(page).toHaveURL(/\/questionnairemanual$/);
    await hydrated(page);
    await page.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await rankPage(page, 0);
    await next(page, 'Seite 2 von 6');
  } finally {
    await context.close();
  }
}

/** Every value the route label may take: the build's route patterns, and the four of lib/metrics/route.mjs. */
export function allowedRoutes(distDir = '.next'): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(`${distDir}/app-path-routes-manifest.json`, 'utf8')) as Record<string, string>;
  return new Set([...Object.values(manifest), '/_next/static', '/_next', 'public', 'unmatched']);
}

/** What a scrape must never hold: the participant's codes, and any path with them. */
export function secretsIn(text: string): string[] {
  return [ROW.identCode, ROW.accessCode!, WRONG_CODE].filter((secret) => text.includes(secret));
}

/** The route labels of the request histogram that are not route patterns of the build. */
export function unknownRoutes(samples: Sample[], distDir?: string): string[] {
  const allowed = allowedRoutes(distDir);
  return [...new Set(samples.filter((s) => s.name.startsWith('http_request_duration_seconds')).map((s) => s.labels.route ?? ''))].filter((route) => !allowed.has(route));
}
