import type { Page, Route } from '@playwright/test';
import { isLocalHost } from '@/lib/validation/slider';
import { enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test, type Participant } from '../support/deployed';
import { countApiCalls, keepDraftsUnsaved, pageIndicator } from '../support/questionnaire';
import { answerSliderPage, notRatedOf, setSliderByKeyboard, sliderOf, sliders } from '../support/slider';

/**
 * The slider view (product 4) on /questionnaire, through the ident-code flow of
 * the demo rows P4-SLIDER (its pages are saved) and P4-VIEW (only looked at, never saved), so that
 * it does not wait for the group flow. The manual's continue may lead a product 4 participant to
 * the selection of the group flow: these journeys go to /questionnaire straight after the login.
 */

const VIEW: Participant = { identCode: 'P4VIEW001', accessCode: 'SLIDEVIEW4711', assessorName: 'Vera Schieber' };
const UNSET = 'noch nicht eingestellt';
const MESSAGE = 'Bitte stellen Sie jeden Regler ein oder kreuzen Sie „nicht bewertet“ an.';
const PHONE = { width: 390, height: 844 };

/** /home/<ident code> → /accesscode → signed in → /questionnaire. */
async function openQuestionnaire(page: Page, row: Participant): Promise<void> {
  await page.goto(`/home/${row.identCode}`);
  await enterAccessCode(page, row.accessCode!);
  await page.waitForURL((url) => !url.pathname.startsWith('/accesscode'));
  await page.goto('/questionnaire');
  await hydrated(page);
  await expect(pageIndicator(page)).toHaveText('Seite 1 von 8');
}

/** Presses Tab until the target has focus. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 20): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('could not reach the target by Tab');
}

/** The failed-question block (the route announcer is an alert too). */
const errorBlock = (page: Page) => page.getByRole('alert', { name: /^Fehler Frage \d+:/ });
const next = (page: Page) => page.getByRole('button', { name: 'Weiter', exact: true });
const previous = (page: Page) => page.getByRole('button', { name: 'Zurück', exact: true });

test.describe('@assessment the slider view', () => {
  test('@deployed by keyboard alone: arrows, Page Up/Down, Home/End, not rated, the Next message, one request per page; reload and Back keep the values (P4-SLIDER)', needs('single-use-row'), async ({ page, singleUse }) => {
    await openQuestionnaire(page, await singleUse('P4-SLIDER'));
    await expect(page.getByRole('heading', { level: 2, name: /Zusammenarbeit/ })).toBeVisible();
    const work = sliderOf(page, /Im Beruf/);
    const life = sliderOf(page, /Im Alltag/);
    // Unset is said, not shown as a 0.
    await expect(work).toHaveAttribute('aria-valuetext', UNSET);
    await expect(work).toHaveAttribute('min', '0');
    await expect(work).toHaveAttribute('max', '100');

    await tabTo(page, work);
    const expectText = (text: string) => expect(work).toHaveAttribute('aria-valuetext', text);
    await page.keyboard.press('End');
    await expectText('100 Punkte, trifft voll zu');
    await page.keyboard.press('PageDown');
    await expectText('90 Punkte');
    await page.keyboard.press('ArrowLeft');
    await expectText('89 Punkte');
    await page.keyboard.press('Home');
    await expectText('0 Punkte, trifft gar nicht zu');
    await page.keyboard.press('ArrowRight');
    await expectText('1 Punkt');
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
    await expectText('51 Punkte');
    await page.keyboard.press('ArrowDown');
    await expectText('50 Punkte, trifft teilweise zu');

    // The second item left unset: Next says what is missing, in the failed-question block.
    await tabTo(page, next(page));
    await page.keyboard.press('Enter');
    const alert = errorBlock(page);
    await expect(alert).toHaveText(MESSAGE);
    await expect(alert).toHaveAttribute('aria-label', `Fehler Frage 1: ${MESSAGE}`);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 8');
    await expect(life).toHaveAttribute('aria-invalid', 'true');

    // Not rated by keyboard: ticking sets it, unticking leaves the item unset again.
    const lifeNotRated = notRatedOf(page, 'Im Alltag');
    await tabTo(page, lifeNotRated);
    await page.keyboard.press('Space');
    await expect(lifeNotRated).toBeChecked();
    await expect(life).toHaveAttribute('aria-valuetext', 'nicht bewertet');
    await expect(alert).toBeHidden();
    await page.keyboard.press('Space');
    await expect(lifeNotRated).not.toBeChecked();
    await expect(life).toHaveAttribute('aria-valuetext', UNSET);
    await page.keyboard.press('Space');
    await expect(lifeNotRated).toBeChecked();

    // One request turns the page.
    await tabTo(page, next(page));
    const calls = await countApiCalls(page, async () => {
      await page.keyboard.press('Enter');
      await expect(pageIndicator(page)).toHaveText('Seite 2 von 8');
    });
    expect(calls).toEqual(['/api/pageinfo/questionnaire']);
    await expect(page.getByRole('heading', { level: 2, name: /Kommunikation/ })).toBeVisible();

    await answerSliderPage(page, [73, 0]);
    await next(page).click();
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 8');

    // Reload: the same page; Back: the pages before with what was saved on them.
    await page.reload();
    await hydrated(page);
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 8');
    await previous(page).click();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 8');
    await expect(sliders(page).nth(0)).toHaveAttribute('aria-valuetext', '73 Punkte');
    await expect(sliders(page).nth(1)).toHaveAttribute('aria-valuetext', '0 Punkte, trifft gar nicht zu');
    await previous(page).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 8');
    await expect(work).toHaveAttribute('aria-valuetext', '50 Punkte, trifft teilweise zu');
    await expect(life).toHaveAttribute('aria-valuetext', 'nicht bewertet');
    await expect(notRatedOf(page, 'Im Alltag')).toBeChecked();
  });

  test('the picture: served as a cacheable image, never inline, and its box does not move when it arrives (P4-VIEW)', async ({ page }) => {
    // Hold the picture back, to measure the page before and after it arrives.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seen: Array<{ status: number; headers: Record<string, string> }> = [];
    await page.route('**/questionnaire-image/**', async (route: Route) => {
      await released;
      await route.continue();
    });
    page.on('response', (response) => {
      if (response.url().includes('/questionnaire-image/')) seen.push({ status: response.status(), headers: response.headers() });
    });

    await page.goto(`/home/${VIEW.identCode}`);
    await enterAccessCode(page, VIEW.accessCode!);
    await page.waitForURL((url) => !url.pathname.startsWith('/accesscode'));
    // Not waiting for 'load', which waits for the picture held back.
    const html = await (await page.goto('/questionnaire', { waitUntil: 'domcontentloaded' }))!.text();
    // The picture is not in the page: no base64 PNG, no data: image.
    expect(html).not.toContain('iVBORw0KGgo');
    expect(html).not.toContain('data:image/png');
    await hydrated(page);
    const picture = page.locator('main img');
    await expect(picture).toHaveAttribute('src', /^\/questionnaire-image\/collaboration\?v=[0-9a-f]{16}$/);
    const box = page.locator('main img').locator('..');
    const before = { box: await box.boundingBox(), slider: await sliders(page).first().boundingBox() };
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
    expect(before.box!.height).toBeGreaterThan(100);

    release();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    expect(await box.boundingBox()).toEqual(before.box);
    expect(await sliders(page).first().boundingBox()).toEqual(before.slider);
    // Its shape is the picture's own: 480 × 270.
    expect(Math.abs(before.box!.width / before.box!.height - 480 / 270)).toBeLessThan(0.01);

    expect(seen[0]).toMatchObject({
      status: 200,
      headers: { 'content-type': 'image/png', 'cache-control': 'private, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
    });
    const src = (await picture.getAttribute('src'))!;
    const etag = seen[0]!.headers.etag!;
    expect(etag).toBe(`"${new URL(src, 'http://x').searchParams.get('v')}"`);
    // Asked again with what the browser holds: 304, no bytes.
    const again = await page.request.get(src, { headers: { 'if-none-match': etag } });
    expect([again.status(), (await again.body()).length]).toEqual([304, 0]);
    // Not for anyone without the session.
    const stranger = await page.request.get(src, { headers: { cookie: '' } });
    expect(stranger.status()).toBe(403);
  });

  test('forms before scripts: a slider moved before hydration keeps its value; an early Next shows the message (P4-VIEW, nothing saved)', async ({ page }) => {
    // What is moved here would be a draft a second later: P4-VIEW stays as the demo made it.
    await keepDraftsUnsaved(page);
    await page.goto(`/home/${VIEW.identCode}`);
    await enterAccessCode(page, VIEW.accessCode!);
    await page.waitForURL((url) => !url.pathname.startsWith('/accesscode'));

    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/_next/static/**', async (route) => {
      if (route.request().resourceType() === 'script') await scriptsReleased;
      await route.continue();
    });
    await page.goto('/questionnaire', { waitUntil: 'commit' });
    const work = sliderOf(page, /Im Beruf/);
    await work.waitFor();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await work.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(work).toHaveValue('3');
    await next(page).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(/\/questionnaire$/);

    const calls = await countApiCalls(page, async () => {
      releaseScripts();
      await hydrated(page);
      // The held Next ran with the early value: the second item is unset, so the message, and no request.
      await expect(errorBlock(page)).toHaveText(MESSAGE);
    });
    expect(calls).toEqual([]);
    await expect(work).toHaveAttribute('aria-valuetext', '3 Punkte');
    await expect(sliderOf(page, /Im Alltag/)).toHaveAttribute('aria-valuetext', UNSET);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 8');
  });

  test('forms before scripts: not rated ticked before hydration is kept (P4-VIEW, nothing saved)', async ({ page }) => {
    // What is moved here would be a draft a second later: P4-VIEW stays as the demo made it.
    await keepDraftsUnsaved(page);
    await page.goto(`/home/${VIEW.identCode}`);
    await enterAccessCode(page, VIEW.accessCode!);
    await page.waitForURL((url) => !url.pathname.startsWith('/accesscode'));
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/_next/static/**', async (route) => {
      if (route.request().resourceType() === 'script') await scriptsReleased;
      await route.continue();
    });
    await page.goto('/questionnaire', { waitUntil: 'commit' });
    const box = notRatedOf(page, 'Im Alltag');
    await box.waitFor();
    await box.check();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    releaseScripts();
    await hydrated(page);
    await expect(box).toBeChecked();
    await expect(sliderOf(page, /Im Alltag/)).toHaveAttribute('aria-valuetext', 'nicht bewertet');
  });

  test('the page: progress in bands with words, captions, autofill on this local host, axe clean with and without the message (P4-VIEW)', async ({ page }) => {
    await openQuestionnaire(page, VIEW);
    const progress = page.getByRole('progressbar', { name: 'Fortschritt' });
    await expect(progress).toHaveAttribute('aria-valuetext', 'Seite 1 von 8, 13 % – gerade begonnen');
    await expect(page.getByText('Seite 1 von 8 · 13 % – gerade begonnen')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Bedeutung der Werte' }).getByRole('listitem')).toHaveText(['trifft gar nicht zu = 0', 'trifft teilweise zu = 50', 'trifft voll zu = 100']);
    await expect(page.getByText('Sie teilen Wissen und Informationen.')).toBeVisible();
    await expect(page.getByText('Wie sehr trifft das auf Sie zu?')).toBeVisible();
    await expectNoAxeViolations(page);

    await next(page).click();
    await expect(errorBlock(page)).toHaveText(MESSAGE);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Anleitung' }).click();
    await expect(page.getByRole('dialog', { name: 'Anleitung' })).toContainText('Bild auf und Bild ab');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // Spec §5: a test aid of local hosts only. This suite's own server is one; a deployed instance
    // (BASE_URL) is not, and there the button must not be there at all.
    const autofill = page.getByRole('button', { name: 'Testwerte eintragen (nur lokal)' });
    if (!isLocalHost(new URL(page.url()).hostname)) {
      await expect(autofill).toHaveCount(0);
      return;
    }
    await autofill.click();
    for (const slider of await sliders(page).all()) await expect(slider).toHaveAttribute('aria-valuetext', /^\d{1,2} Punkte?(, |$)/);
    await expect(errorBlock(page)).toBeHidden();
  });

  test('on a 390 px phone: nothing wider than the screen, the sliders span it, axe clean (P4-VIEW)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await openQuestionnaire(page, VIEW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const slider = await sliders(page).first().boundingBox();
    expect(slider!.width).toBeGreaterThan(250);
    expect(slider!.x + slider!.width).toBeLessThanOrEqual(PHONE.width);
    const picture = await page.locator('main img').locator('..').boundingBox();
    expect(picture!.x + picture!.width).toBeLessThanOrEqual(PHONE.width);
    await setSliderByKeyboard(page, sliders(page).first(), 64);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
