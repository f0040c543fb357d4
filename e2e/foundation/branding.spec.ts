import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { enterAccessCode } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';

/** The app in front of the stand-in upstream (playwright.config.ts), and that stand-in. */
const FRONT = process.env.E2E_FRONT_URL ?? 'http://localhost:3101';
const STANDIN = process.env.E2E_STANDIN_URL ?? 'http://127.0.0.1:3199';

/** A customer's logo, small enough for the session to keep (lib/validation/branding.ts MAX_KEPT_LOGO_CHARS). */
const CUSTOMER_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48">' +
    '<rect width="48" height="48" rx="8" fill="#1e6b3a"/><text x="58" y="31" font-family="sans-serif" font-size="18" fill="#14502a">Kunde AG</text></svg>',
).toString('base64');
const CUSTOMER_LOGO_SRC = `data:image/svg+xml;base64,${CUSTOMER_LOGO}`;
/** --color-primary of body[data-theme='green'] (app/globals.css). */
const GREEN = 'rgb(30, 107, 58)';
const DEFAULT_BLUE = 'rgb(11, 92, 173)';

/** Fields the stand-in puts into every answer of these calls, over the embedded API's (e2e/support/upstream-standin.ts). */
async function answersWith(request: APIRequestContext, answers: Record<string, Record<string, unknown>>) {
  await request.post(`${STANDIN}/__merge`, { data: { answers } });
}

/** What the header/footer answer of the stand-in shows as its logo, asked the way the app asks. */
async function headerFooterLogoSrc(request: APIRequestContext): Promise<string> {
  const answer = await (await request.post(`${STANDIN}/pageinfo/headerfooter`, { data: { category: '', uiLanguage: 'de-DE', questionnaireLanguage: 'de-DE', product: 0 } })).json();
  return `data:image/svg+xml;base64,${answer.logoDataBase64}`;
}

const logo = (page: Page) => page.getByRole('banner').getByRole('img', { name: 'Assessment Online' });
const primaryColour = (page: Page, name: string) => page.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).backgroundColor);

/** The front server's log lines of one event (test-results/front-server.log, playwright.config.ts). */
function logged(event: string): Record<string, unknown>[] {
  return fs
    .readFileSync('test-results/front-server.log', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === event);
}

test.describe('@foundation branding from the upstream', needs('standin', 'server-files'), () => {
  test.describe.configure({ mode: 'serial' });
  test.afterEach(async ({ request }) => answersWith(request, {}));

  test("the participant sees the ident code's theme and logo through the flow, not the header/footer's; signing out drops them", async ({ page, request }) => {
    await answersWith(request, { 'submit/kodekodex/identcode': { stylesheet: 'green', logoDataBase64: CUSTOMER_LOGO, logoFileExtension: 'svg' } });
    const headerFooterLogo = await headerFooterLogoSrc(request);
    expect(headerFooterLogo).not.toBe(CUSTOMER_LOGO_SRC);

    await page.goto(`${FRONT}/home/P1VIEW001`);
    await page.waitForURL(/\/accesscode$/);
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'green');
    await expect(logo(page)).toHaveAttribute('src', CUSTOMER_LOGO_SRC);
    await expect.poll(() => logo(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await primaryColour(page, 'Anmelden')).toBe(GREEN);
    await expectNoAxeViolations(page);

    // Signed in, on the next pages: still the ident code's.
    await enterAccessCode(page, 'VIEW4711');
    await page.waitForURL(/\/questionnairemanual$/);
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'green');
    await expect(logo(page)).toHaveAttribute('src', CUSTOMER_LOGO_SRC);
    await expectNoAxeViolations(page);

    // Signed out: the look was the participant's; the header/footer's is back.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/info/);
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'default');
    await expect(logo(page)).toHaveAttribute('src', headerFooterLogo);
  });

  test('an unknown stylesheet keeps the default theme and is logged once; a logo too large to keep gives way to the header/footer\'s', async ({ page, request }) => {
    const stylesheet = `corporate-purple-${Date.now()}`;
    await answersWith(request, { 'submit/kodekodex/identcode': { stylesheet, logoDataBase64: 'A'.repeat(4096), logoFileExtension: 'png' } });
    const headerFooterLogo = await headerFooterLogoSrc(request);

    // Two participants in turn, each with the same answer.
    for (let i = 0; i < 2; i++) {
      await page.context().clearCookies();
      await page.goto(`${FRONT}/home/P1VIEW001`);
      await page.waitForURL(/\/accesscode$/);
      await expect(page.locator('body')).toHaveAttribute('data-theme', 'default');
      await expect(logo(page)).toHaveAttribute('src', headerFooterLogo);
      expect(await primaryColour(page, 'Anmelden')).toBe(DEFAULT_BLUE);
    }
    const lines = logged('upstream_branding_not_used').filter((line) => line.path === 'submit/kodekodex/identcode');
    expect(lines.filter((line) => line.stylesheet === stylesheet)).toEqual([expect.objectContaining({ level: 'warn', problem: 'unknown-stylesheet' })]);
    expect(lines.filter((line) => line.problem === 'logo-too-large')).toEqual([expect.objectContaining({ level: 'warn', chars: 4096, limit: 1024 })]);
  });

  test('a header/footer answer with showLanguageSelection false hides the language selector; without the field it shows', async ({ page, request }) => {
    await answersWith(request, { 'pageinfo/headerfooter': { showLanguageSelection: false } });
    await page.goto(`${FRONT}/home`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Sprache')).toHaveCount(0);

    // Even after the ident code, which lets the session show it.
    await page.goto(`${FRONT}/home/P1VIEW001`);
    await page.waitForURL(/\/accesscode$/);
    await expect(page.getByLabel('Sprache')).toHaveCount(0);

    await answersWith(request, {});
    await page.reload();
    await expect(page.getByLabel('Sprache')).toHaveValue('de-DE');
  });
});
