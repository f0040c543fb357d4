import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { Client } from 'pg';
import { enterAccessCode, hydrated } from '../support/api';
import { startBalancer, type Balancer } from '../support/balancer';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { next, pageIndicator, questions, rankPage } from '../support/questionnaire';

/**
 * Two app instances sharing one PostgreSQL, as an operator scales out: the same DATABASE_URL and
 * the same SESSION_SECRET, no sticky sessions. Collected only in the PostgreSQL pass
 * (E2E_DATABASE_URL, see playwright.config.ts), whose main server has already emptied, migrated
 * and seeded that database; the rows P1-TWO and P1-TWO-LB are used by no other journey.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const FINISHED = 'Diese Befragung wurde bereits abgeschlossen. Vielen Dank für Ihre Teilnahme.';

/** Every question of the page ranked as rankPage(page, rotation) ranks it. */
async function expectRanked(page: Page, rotation: number): Promise<void> {
  const count = await questions(page).count();
  expect(count).toBe(4);
  for (let q = 0; q < count; q++) {
    const rows = questions(page).nth(q).locator('fieldset');
    for (let r = 0; r < 4; r++) await expect(rows.nth(r).getByRole('radio', { name: new RegExp(`^${((r + rotation) % 4) + 1}\\b`) })).toBeChecked();
  }
}

/** From the last page back to the first, each page showing what was saved on it. */
async function expectEverySavedPage(page: Page): Promise<void> {
  await hydrated(page);
  for (let p = 5; p >= 1; p--) {
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(page)).toHaveText(`Seite ${p} von 6`);
    await expectRanked(page, p);
  }
}

/** What the shared database holds for an assessment: every answer item of the 24 questions, and the finish. */
async function stored(databaseUrl: string, identCode: string): Promise<{ answers: number; finished: boolean }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ answers: number; finished: boolean }>(
      `select (select count(*)::int from answer where assessment_id = a.id) as answers, a.finished_at is not null as finished
         from assessment a where a.ident_code = $1`,
      [identCode],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function finish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern und abschließen' }).click();
  await page.getByRole('alertdialog', { name: 'Befragung abschließen' }).getByRole('button', { name: 'Jetzt abschließen' }).click();
}

test.describe('@assessment two instances on one PostgreSQL', needs('own-server'), () => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  let one: EdgeServer;
  let two: EdgeServer;
  let balancer: Balancer;

  test.beforeAll(async () => {
    if (!databaseUrl) throw new Error('the two-instance journey needs E2E_DATABASE_URL (the PostgreSQL pass)');
    test.setTimeout(150_000);
    const shared = { DATABASE_URL: databaseUrl, SESSION_SECRET: crypto.randomBytes(32).toString('base64url') };
    [one, two] = await Promise.all([startEdgeServer(BASE + 60, shared), startEdgeServer(BASE + 61, shared)]);
    balancer = await startBalancer(BASE + 62, [one.port, two.port]);
  });

  test.afterAll(async () => {
    await balancer?.close();
    await Promise.all([one?.stop(), two?.stop()]);
  });

  test('log in on one, answer on the other, finish on the first: every answer is kept', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${one.url}/home/P1TWO0001`);
    await enterAccessCode(page, 'TWO4711');
    await expect(page).toHaveURL(`${one.url}/questionnairemanual`);

    // The other instance opens the same session cookie and finds the assessment where the first left it.
    await page.goto(`${two.url}/questionnaire`);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    for (let p = 1; p <= 5; p++) {
      await rankPage(page, p);
      await next(page, `Seite ${p + 1} von 6`);
    }

    // Back on the first: it resumes after the last page saved on the other, and has every answer.
    await page.goto(`${one.url}/questionnaire`);
    await expect(pageIndicator(page)).toHaveText('Seite 6 von 6');
    await expectEverySavedPage(page);
    for (let p = 1; p <= 5; p++) await next(page, `Seite ${p + 1} von 6`);
    await rankPage(page, 6);
    await finish(page);
    await expect(page).toHaveURL(`${one.url}/finishedquestionnaire`);

    for (const instance of [one, two]) {
      await page.goto(`${instance.url}/home/P1TWO0001`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(FINISHED);
    }
    expect(await stored(databaseUrl!, 'P1TWO0001')).toEqual({ answers: 24 * 4, finished: true });
  });

  test('a whole assessment through a round-robin balancer, every request on the other instance', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${balancer.url}/home/P1TWOLB01`);
    await enterAccessCode(page, 'TWOLB4711');
    await expect(page).toHaveURL(`${balancer.url}/questionnairemanual`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    for (let p = 1; p <= 5; p++) {
      await rankPage(page, p);
      await next(page, `Seite ${p + 1} von 6`);
    }
    // Turning back loses nothing: each page comes from whichever instance, with its saved answers.
    await expectEverySavedPage(page);
    for (let p = 1; p <= 5; p++) await next(page, `Seite ${p + 1} von 6`);
    await rankPage(page, 6);
    await finish(page);
    await expect(page).toHaveURL(`${balancer.url}/finishedquestionnaire`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();

    for (const instance of [one, two]) {
      await page.goto(`${instance.url}/home/P1TWOLB01`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(FINISHED);
    }
    expect(await stored(databaseUrl!, 'P1TWOLB01')).toEqual({ answers: 24 * 4, finished: true });
    const [first, second] = balancer.served();
    expect(Math.min(first!, second!)).toBeGreaterThan(10);
  });
});
