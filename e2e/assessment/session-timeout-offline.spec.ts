import { expect, needs, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { chosenRanks, draftSaved, pageIndicator, rankPage } from '../support/questionnaire';
import { sessionEnds, stay, toPageOne, warning } from '../support/sessionTimeout';

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
