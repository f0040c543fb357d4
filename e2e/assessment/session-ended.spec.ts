import { callApi, hydrated } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { kodewParticipantWithKey } from '../support/groupParticipant';
import { chosenRanks, draftSaved, rankPage } from '../support/questionnaire';
import { answerSliderPage, sliders } from '../support/slider';
import { ended, toPageOne, warning } from '../support/sessionTimeout';

/**
 * A session left to end says so, and loses nothing chosen: signed in again, the page is as it was
 * left (the warning and its extension: session-timeout.spec.ts). Tokens here live 45 s and the
 * warning comes 20 s before their end. The server is this file's own, not session-timeout.spec's,
 * and every demo row on it is fresh.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 74;
const TTL_SECONDS = 45;

test.describe('@assessment the session\'s end, ignored', needs('own-server'), () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, { TOKEN_TTL_SECONDS: String(TTL_SECONDS), SESSION_WARNING_SECONDS: '20' });
  });

  test.afterAll(async () => {
    await server?.stop();
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

});
