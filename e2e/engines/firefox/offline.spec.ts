import { chosenRanks, pageIndicator, rankPage, toPageOne } from '../journeys';
import { test } from '../fixtures';

/**
 * The offline retry in Firefox (lib/client/postWhenOnline.ts): WebDriver BiDi takes the browser
 * off the network for real (navigator.onLine false, requests fail), as Playwright does for
 * Chromium in e2e/assessment/offline.spec.ts. WebKitWebDriver has no such command, so WebKit has
 * no journey of this kind (docs/testing.md, "Firefox and WebKit"). Row P1-FF-OFFLINE, its own.
 */
test.describe('@engines without a connection', () => {
  test('"Weiter" pressed offline is announced and, back online, the page turn completes by itself with what was chosen (P1-FF-OFFLINE)', async ({ engine }) => {
    test.setTimeout(60_000);
    await toPageOne(engine, 'P1FFOFF01', 'FFOFF4711');
    await rankPage(engine, 1);
    const chosen = await chosenRanks(engine);

    await engine.backend.setOffline!(true);
    await engine.click('button', 'Weiter');
    await engine.seeText('[role="status"]', 'Keine Verbindung – Ihre Antworten werden gesendet, sobald die Verbindung zurück ist.');
    await pageIndicator(engine, 1, 6);

    await engine.backend.setOffline!(false);
    await pageIndicator(engine, 2, 6);
    await engine.hydrated();
    await engine.click('button', 'Zurück');
    await pageIndicator(engine, 1, 6);
    await engine.until('page 1 as it was chosen', async () => JSON.stringify(await chosenRanks(engine)) === JSON.stringify(chosen));
  });
});
