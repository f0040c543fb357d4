import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { pageIndicator, rankPage, toPageOne } from './journeys';
import { expect, test } from './fixtures';

/**
 * The session's end announced in Firefox and WebKit (the HMRC-style dialog of
 * components/session/SessionTimeoutDialog.tsx): on a server of this file's own whose tokens live
 * 60 s and warn 50 s before their end, so the warning comes 10 s after the last renewal, by the
 * engine's own clock and timers. Each engine's worker starts its own (ports +88 and +89).
 */
const TTL_SECONDS = 60;
const portOf = (project: string) => Number(process.env.E2E_PORT_BASE ?? 3100) + (project === 'webkit' ? 89 : 88);

/** The session's end as the readable cookie names it (ms since the epoch; 0 without one). */
const sessionEnds = (engine: Parameters<typeof rankPage>[0]) =>
  engine.run<number>(`() => Number((document.cookie.split('; ').find((c) => c.startsWith('session-ends=')) ?? '').slice(13))`);

test.describe('@engines the session\'s end', () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(180_000);
    server = await startEdgeServer(portOf(testInfo.project.name), { TOKEN_TTL_SECONDS: String(TTL_SECONDS), SESSION_WARNING_SECONDS: '50' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('the warning comes before the end, with focus on "Angemeldet bleiben"; Enter extends, and a page turn works afterwards (P1-READY)', async ({ engine: browser }) => {
    test.setTimeout(90_000);
    const engine = browser.on(server!.url);
    await toPageOne(engine, 'P1DEMO01', 'RANK4711');
    await rankPage(engine);
    const firstEnd = await sessionEnds(engine);
    expect(firstEnd).toBeGreaterThan(Date.now());

    await engine.see('alertdialog', 'Ihre Sitzung läuft bald ab', { timeout: TTL_SECONDS * 1000 });
    await engine.seeText('[role="alertdialog"] *', /Aus Sicherheitsgründen endet Ihre Sitzung in \d+ Sekunden\./);
    // Focus is on the way to stay, so that Enter alone extends the session (WCAG 2.2.1).
    await engine.until('focus on "Angemeldet bleiben"', () => engine.run<boolean>(`() => document.activeElement?.textContent?.trim() === 'Angemeldet bleiben'`));
    await engine.press('Enter');
    await engine.until('the warning to close', () => engine.run<boolean>(`() => !Array.from(document.querySelectorAll('[role="alertdialog"]')).some((d) => d.getClientRects().length > 0)`));
    await engine.until('a later end in the session-ends cookie', async () => (await sessionEnds(engine)) > firstEnd);

    // The answers chosen before the warning are still there and go with the page turn.
    await engine.click('button', 'Weiter');
    await pageIndicator(engine, 2, 6);
    await engine.hydrated();
    await engine.click('button', 'Zurück');
    await pageIndicator(engine, 1, 6);
    await engine.until('page 1 saved with its 16 answers', () => engine.run<boolean>(`() => document.querySelectorAll('main input[type=radio]:checked').length === 16`));
  });
});
