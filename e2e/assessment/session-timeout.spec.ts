import type { Browser, BrowserContext, Page } from '@playwright/test';
import { callApi, enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { kodewParticipantWithKey } from '../support/groupParticipant';
import { chosenRanks, draftSaved, next, pageIndicator, questions, rankPage } from '../support/questionnaire';
import { answerSliderPage, sliders } from '../support/slider';

/**
 * A session that ends announces itself (WCAG 2.2.1, the HMRC timeout dialog), can be extended, and
 * loses nothing chosen when it does end. Tokens here live 45 s and the warning comes 20 s before
 * their end, so a journey sees it about 25 s after the last renewal (a page load or a draft, once
 * the token is older than 4.5 s, a tenth of its life). The server is this file's own, so every
 * demo row on it is fresh; each journey uses a row of its own.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 72;
const TTL_SECONDS = 45;

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Ihre Sitzung läuft bald ab' });
const ended = (page: Page) => page.getByRole('alertdialog', { name: 'Ihre Sitzung ist abgelaufen' });
const stay = (page: Page) => page.getByRole('button', { name: 'Angemeldet bleiben' });

/** The session's end as the readable cookie names it (ms since the epoch; 0 without one). */
async function sessionEnds(context: BrowserContext, url: string): Promise<number> {
  const cookie = (await context.cookies(url)).find((c) => c.name === 'session-ends');
  return Number(cookie?.value ?? 0);
}

/** Signs in through the deep link and the access-code page, as a participant does, and goes on from the manual to page 1. */
async function toPageOne(page: Page, url: string, identCode: string, accessCode: string): Promise<void> {
  await page.goto(`${url}/home/${identCode}`);
  await enterAccessCode(page, accessCode);
  await expect(page).toHaveURL(/\/questionnairemanual$/);
  await hydrated(page);
  await page.getByRole('link', { name: 'Weiter' }).click();
  await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
  await hydrated(page);
}

test.describe('@assessment the session\'s end', needs('own-server'), () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, { TOKEN_TTL_SECONDS: String(TTL_SECONDS), SESSION_WARNING_SECONDS: '20' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('the warning comes before the end, "Stay signed in" extends, and a page turn works past the first end (P1-READY)', async ({ page }) => {
    test.setTimeout(120_000);
    await toPageOne(page, server!.url, 'P1DEMO01', 'RANK4711');
    await rankPage(page, 0);

    await expect(warning(page)).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(warning(page)).toContainText(/Aus Sicherheitsgründen endet Ihre Sitzung in \d+ Sekunden\./);
    await expect(warning(page)).toContainText('Ihre gewählten Antworten sind gespeichert');
    await expect(stay(page)).toBeFocused();
    const firstEnd = await sessionEnds(page.context(), server!.url);
    expect(firstEnd).toBeGreaterThan(Date.now());

    await stay(page).click();
    await expect(warning(page)).toBeHidden();
    await expect.poll(() => sessionEnds(page.context(), server!.url)).toBeGreaterThan(firstEnd);

    // Past the end the session had before it was extended, the participant goes on.
    await page.waitForTimeout(Math.max(0, firstEnd + 1000 - Date.now()));
    await expect(ended(page)).toHaveCount(0);
    await next(page, 'Seite 2 von 6');
    // The page turn saved page 1.
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await expect(page.locator('main input[type=radio]:checked')).toHaveCount(16);
  });

  test('ignored, the session ends and says so; the tab closed and signed in again through the link, the page\'s answers are as chosen (P1-SELF)', async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await toPageOne(page, server!.url, 'P1SELF001', 'SELF4711');
    // Chosen, never sent with a page turn: the draft is all the server has of them.
    await rankPage(page, 1);
    await draftSaved(page);
    const before = await chosenRanks(page);
    expect(before.filter((entry) => entry.endsWith('-'))).toEqual([]);

    await expect(warning(page)).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(warning(page)).toContainText('Ihre gewählten Antworten sind gespeichert');
    await expect(ended(page)).toBeVisible({ timeout: 30_000 });
    await expect(ended(page)).toContainText('Öffnen Sie Ihren Zugangslink erneut');
    await expect(ended(page).getByRole('button', { name: 'Weiter zur Anmeldung' })).toBeVisible();
    // Escape does not close it: the page behind can do nothing any more.
    await page.keyboard.press('Escape');
    await expect(ended(page)).toBeVisible();
    await page.close();

    const again = await context.newPage();
    await toPageOne(again, server!.url, 'P1SELF001', 'SELF4711');
    expect(await chosenRanks(again)).toEqual(before);
    await context.close();
  });

  test('a group participant: ignored, the session ends; signed in again with the personal access code and key, the slider is where it was left (KWDEMO01)', async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ baseURL: server!.url });
    const page = await context.newPage();
    await kodewParticipantWithKey(page, { key: 'Zeit2026' });
    // The personal access code, as the e-mail step shows it.
    const { accessCode } = await (await callApi(page, 'pageinfo/kodew/personalinfo', {})).json();
    expect(accessCode).toMatch(/^[A-Z0-9]{9}$/);
    await page.goto('/kodewquestionnaireselection');
    await hydrated(page);
    await page.getByRole('radio', { name: 'Motivation' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/kodewinfo$/);
    await hydrated(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page.getByText('Page 1 of 3', { exact: true })).toBeVisible();
    await answerSliderPage(page, [70]);
    await draftSaved(page);

    await expect(page.getByRole('alertdialog', { name: 'Your session is about to end' })).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(page.getByRole('alertdialog', { name: 'Your session has ended' })).toBeVisible({ timeout: 30_000 });
    await page.close();

    const again = await context.newPage();
    await again.goto(`/home/${accessCode}/en`);
    await expect(again).toHaveURL(/\/accesscode$/);
    await hydrated(again);
    await again.getByLabel('Personal key', { exact: true }).fill('Zeit2026');
    await again.getByRole('button', { name: 'Sign in' }).click();
    // The web variant's way back in: the manual, the selection (the questionnaire chosen again), its info page.
    await expect(again).toHaveURL(/\/questionnairemanual$/);
    await hydrated(again);
    await again.getByRole('link', { name: 'Continue' }).click();
    await expect(again).toHaveURL(/\/kodewquestionnaireselection$/);
    await hydrated(again);
    await again.getByRole('radio', { name: 'Motivation' }).check();
    await again.getByRole('button', { name: 'Continue' }).click();
    await expect(again).toHaveURL(/\/kodewinfo$/);
    await hydrated(again);
    await again.getByRole('link', { name: 'Continue' }).click();
    // Back at the page that was being worked on, the slider where it was left.
    await expect(again.getByText('Page 1 of 3', { exact: true })).toBeVisible();
    await expect(sliders(again).first()).toHaveValue('70');
    await context.close();
  });

  test('the dialog by keyboard alone: focus on "Stay signed in", kept in the dialog, Escape extends and gives focus back; axe with it open (P1-RESUME)', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${server!.url}/home/P1RESUME1`);
    await enterAccessCode(page, 'RESUME4711');
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 6');
    await hydrated(page);
    const firstRadio = questions(page).first().getByRole('radio').first();
    await firstRadio.focus();
    await page.keyboard.press('Space');
    await expect(firstRadio).toBeChecked();

    await expect(warning(page)).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(stay(page)).toBeFocused();
    await expectNoAxeViolations(page);
    // Tab and Shift+Tab never reach the page behind: focus is on the dialog's button or, between
    // two rounds, on none at all (the browser's own controls).
    const focusIsOutsideTheDialog = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return !!active && active !== document.body && !active.closest('dialog[open]');
      });
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusIsOutsideTheDialog(), `focus after ${key}`).toBe(false);
    }
    await stay(page).focus();

    const firstEnd = await sessionEnds(page.context(), server!.url);
    await page.keyboard.press('Escape');
    await expect(warning(page)).toBeHidden();
    await expect(firstRadio).toBeFocused();
    await expect.poll(() => sessionEnds(page.context(), server!.url)).toBeGreaterThan(firstEnd);
    await expect(firstRadio).toBeChecked();
  });

  test('open in two tabs, extended in one: the other closes its dialog too (P1-VIEW)', async ({ browser }: { browser: Browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const first = await context.newPage();
    await first.goto(`${server!.url}/home/P1VIEW001`);
    await enterAccessCode(first, 'VIEW4711');
    await expect(first).toHaveURL(/\/questionnairemanual$/);
    const second = await context.newPage();
    await second.goto(`${server!.url}/questionnairemanual`);
    await hydrated(first);
    await hydrated(second);

    await expect(warning(first)).toBeVisible({ timeout: TTL_SECONDS * 1000 });
    await expect(warning(second)).toBeVisible();
    const firstEnd = await sessionEnds(context, server!.url);
    await stay(second).click();
    await expect(warning(second)).toBeHidden();
    await expect(warning(first)).toBeHidden();
    await expect.poll(() => sessionEnds(context, server!.url)).toBeGreaterThan(firstEnd);
    // Both pages go on: the manual's link works in the first.
    await first.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(first)).toHaveText('Seite 1 von 6');
    await context.close();
  });
});

/**
 * The dialog's code is fetched only when the session's end comes near (a minute before the
 * warning). Offline just then, the participant keeps the page and what is on it; back online, the
 * warning comes as usual. Tokens here live 90 s and the warning comes 10 s before their end, so the
 * code is due 20 s after the last renewal: after the participant has gone offline.
 */
test.describe('@assessment the session\'s end, offline', needs('own-server'), () => {
  let server: EdgeServer | undefined;
  const OFFLINE_PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 73;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(OFFLINE_PORT, { TOKEN_TTL_SECONDS: '90', SESSION_WARNING_SECONDS: '10' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('offline when the end comes near, the page and its answers stay; back online, the warning comes (P1-READY)', async ({ page }) => {
    test.setTimeout(150_000);
    const problems = watchPageProblems(page, { consoleErrors: false });
    await toPageOne(page, server!.url, 'P1DEMO01', 'RANK4711');
    await rankPage(page, 2);
    await draftSaved(page);
    const chosen = await chosenRanks(page);
    const ends = await sessionEnds(page.context(), server!.url);
    // The dialog's code is due 70 s before the end (10 s warning, a minute ahead); it must not have come yet.
    expect(ends - 70_000).toBeGreaterThan(Date.now() + 3000);
    await page.context().setOffline(true);
    // Past that point, and the wrapper's next look at the cookie (every 5 s).
    await page.waitForTimeout(Math.max(0, ends - 70_000 + 7000 - Date.now()));
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    expect(await chosenRanks(page)).toEqual(chosen);
    expect(problems).toEqual([]);

    await page.context().setOffline(false);
    await expect(warning(page)).toBeVisible({ timeout: Math.max(10_000, ends - Date.now()) });
    await expect(warning(page)).toContainText('Ihre gewählten Antworten sind gespeichert');
    await stay(page).click();
    await expect(warning(page)).toBeHidden();
    expect(await chosenRanks(page)).toEqual(chosen);
    expect(problems).toEqual([]);
  });
});
