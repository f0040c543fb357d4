import crypto from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { enterAccessCode, hydrated } from '../support/api';
import { admin, signedIn, type AdminTarget } from '../support/console';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { next, pageIndicator, ratePage } from '../support/questionnaire';

/**
 * The console on two app instances sharing one PostgreSQL (the issue: "the overview on instance A
 * shows a finish made on instance B within 5 seconds"). An owner made on the command line, which
 * on PostgreSQL opens the shared database itself, signs in on A and keeps the overview open; a
 * participant in another browser finishes on B an assessment of grid-details (three pages, the
 * shortest demo questionnaire that goes straight from the manual to the questionnaire), and A's
 * overview counts it without a reload. The console's session, kept in the database, works on B.
 * Collected only in the PostgreSQL pass (POSTGRES_SPECS in playwright.config.ts).
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const WITHIN_MS = 5_000;
const QUESTIONNAIRE = 'grid-details';

const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);
/**
 * The questionnaire's finished count in "Nach Fragebogen" (its fifth figure). No other journey of
 * the pass finishes a grid-details assessment, so unlike the total it changes for this finish alone.
 */
const finishedOfQuestionnaire = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: QUESTIONNAIRE, exact: true }) }).getByRole('cell').nth(4);

const count = async (locator: Locator) => Number(await locator.textContent());

test.describe('@operator the console on two instances sharing one PostgreSQL', needs('own-server'), () => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  let one: EdgeServer | undefined;
  let two: EdgeServer | undefined;

  test.beforeAll(async () => {
    if (!databaseUrl) throw new Error('the console\'s two-instance journey needs E2E_DATABASE_URL (the PostgreSQL pass)');
    test.setTimeout(180_000);
    const shared = { DATABASE_URL: databaseUrl, SESSION_SECRET: crypto.randomBytes(32).toString('base64url') };
    [one, two] = await Promise.all([startEdgeServer(BASE + 82, shared), startEdgeServer(BASE + 83, shared)]);
  });

  test.afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
  });

  test('an owner signed in on A sees a finish on B without reloading, within 5 s; the session works on B', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const onDatabase: AdminTarget = { ...one!, env: { DATABASE_URL: databaseUrl! } };
    await signedIn(page, onDatabase, 'two-instances@example.org', 'owner');

    const created = await admin(onDatabase, 'assessment', 'create', '--questionnaire', QUESTIONNAIRE);
    expect(created, created.stderr).toMatchObject({ code: 0 });
    const [identCode, accessCode] = created.stdout.trim().split(/\r?\n/)[1]!.split(',');

    // The overview shows the new assessment (a later render than the sign-in's): from here on it is
    // only ever refreshed in place, which the mark on its document proves at the end.
    await page.goto(`${one!.url}/admin`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const finishedBefore = await count(figure(page, 'finished'));
    const ofQuestionnaireBefore = await count(finishedOfQuestionnaire(page));

    // The participant, in a browser of their own, on B: the codes, a key of their own, three pages.
    const participantContext = await browser.newContext();
    const participant = await participantContext.newPage();
    await participant.goto(`${two!.url}/home/${identCode}`);
    await enterAccessCode(participant, accessCode!);
    await participant.waitForURL(/\/accesspassword$/);
    await hydrated(participant);
    await participant.getByRole('radio', { name: 'Neuen Schlüssel festlegen' }).check();
    await participant.getByLabel('Neuer Schlüssel').fill('Zwei2Instanzen');
    await participant.getByLabel('Schlüssel wiederholen').fill('Zwei2Instanzen');
    await participant.getByRole('button', { name: 'Speichern' }).click();
    await participant.waitForURL(/\/questionnairemanual$/);
    await hydrated(participant);
    await participant.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(participant)).toHaveText('Seite 1 von 3');
    for (let p = 1; p <= 3; p++) {
      await ratePage(participant, 'trifft eher zu');
      if (p < 3) await next(participant, `Seite ${p + 1} von 3`);
    }
    await participant.getByRole('button', { name: 'Speichern und abschließen', exact: true }).click();
    const confirmed = Date.now();
    await participant.getByRole('alertdialog', { name: 'Befragung abschließen' }).getByRole('button', { name: 'Jetzt abschließen' }).click();
    await expect(participant).toHaveURL(`${two!.url}/finishedquestionnaire`);
    await expect(participant.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();
    const finishedShown = Date.now();

    // A, left as it was, counts the finish on its own. Waited for longer than allowed, so that a
    // slow run still prints how slow before the assertion fails.
    await expect(finishedOfQuestionnaire(page)).toHaveText(String(ofQuestionnaireBefore + 1), { timeout: 20_000 });
    const counted = Date.now();
    expect(await count(figure(page, 'finished'))).toBeGreaterThanOrEqual(finishedBefore + 1);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    const fromFinishedPage = counted - finishedShown;
    const fromConfirmation = counted - confirmed;
    console.log(`finish on B → overview on A: ${fromFinishedPage} ms after the finished page showed (${fromConfirmation} ms after "Jetzt abschließen")`);
    expect(fromFinishedPage).toBeLessThanOrEqual(WITHIN_MS);
    await participantContext.close();

    // The console's session is a row of the shared database: B opens the overview with A's cookie.
    const onB = await page.context().newPage();
    await onB.goto(`${two!.url}/admin`);
    await expect(onB).toHaveURL(`${two!.url}/admin`);
    await expect(onB.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
    await expect(onB.getByText('Angemeldet als two-instances@example.org (Inhaber)')).toBeVisible();
    await expect(finishedOfQuestionnaire(onB)).toHaveText(String(ofQuestionnaireBefore + 1));
    await onB.close();
  });
});
