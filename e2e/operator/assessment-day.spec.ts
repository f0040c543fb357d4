import fs from 'node:fs';
import { enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { signedIn } from '../support/console';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { csvObjects } from '@/lib/admin/csvRead';
import { next, pageIndicator, rankPage } from '../support/questionnaire';

/**
 * An assessment day in the console, start to end: an owner created on the command line sets a
 * password through the link, creates three assessments and downloads their codes; a participant in
 * another browser uses one, answers every page and finishes; the overview, open all along, shows
 * the finish without a reload; the owner downloads the answers and finds every value the
 * participant chose. The time from the finished page to the overview showing it is printed.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 84;


test.describe('@operator an assessment day in the console', needs('own-server'), () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, {});
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('codes created and downloaded, a participant finishes, the overview shows it live, the export holds every value', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signedIn(page, server!, 'day@example.org', 'owner');

    // Three assessments; their codes come once, as a CSV download.
    await page.getByRole('navigation').getByRole('link', { name: 'Assessments' }).click();
    await page.getByLabel('Fragebogen').selectOption('competency-24');
    await page.getByLabel('Anzahl').fill('3');
    await page.getByLabel('Nachname').fill('Tagesablauf');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'angelegt' })).toContainText('3 Assessments für competency-24 angelegt.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Codes als CSV herunterladen' }).click()]);
    const codes = csvObjects(fs.readFileSync((await download.path())!, 'utf8'));
    expect(codes).toHaveLength(3);
    const { ident_code: identCode, access_code: accessCode } = codes[0]!;

    // The overview, open while the participant works.
    await page.getByRole('navigation').getByRole('link', { name: 'Übersicht' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
    const finishedBefore = Number(await page.locator('[data-figure="finished"]').textContent());
    const row = page.getByRole('table').first().getByRole('row').filter({ hasText: 'competency-24' });
    await expect(row).toBeVisible();

    // The participant: deep link, access code, their key kept, the manual, six ranking pages, finish.
    const context = await browser.newContext();
    const participant = await context.newPage();
    await participant.goto(`${server!.url}/home/${identCode}`);
    await enterAccessCode(participant, accessCode!);
    await participant.waitForURL(/\/accesspassword$/);
    await hydrated(participant);
    await participant.getByRole('button', { name: 'Speichern' }).click();
    await participant.waitForURL(/\/questionnairemanual$/);
    await hydrated(participant);
    await participant.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(participant)).toHaveText('Seite 1 von 6');
    for (let p = 1; p <= 6; p++) {
      await rankPage(participant, p);
      if (p < 6) await next(participant, `Seite ${p + 1} von 6`);
    }
    await participant.getByRole('button', { name: 'Speichern und abschließen' }).click();
    await participant.getByRole('alertdialog', { name: 'Befragung abschließen' }).getByRole('button', { name: 'Jetzt abschließen' }).click();
    await participant.waitForURL(/\/finishedquestionnaire$/);
    const finishedAt = Date.now();
    await context.close();

    // The overview shows it by itself: no reload, no navigation.
    const url = page.url();
    await expect(page.locator('[data-figure="finished"]')).toHaveText(String(finishedBefore + 1), { timeout: 10_000 });
    const seenAfterMs = Date.now() - finishedAt;
    console.log(`assessment day: the overview showed the finish ${seenAfterMs} ms after the finished page (PGlite, refresh every 3 s)`);
    expect(page.url()).toBe(url);
    await expectNoAxeViolations(page);

    // The answers, downloaded through the export form: every value the participant chose.
    await page.getByRole('navigation').getByRole('link', { name: 'Export' }).click();
    await page.getByLabel('Fragebogen').selectOption('competency-24');
    await page.getByLabel('CSV (Komma, UTF-8)').check();
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Herunterladen' }).click()]);
    const rows = csvObjects(fs.readFileSync((await exported.path())!, 'utf8')).filter((r) => r.ident_code === identCode);
    expect(rows).toHaveLength(24 * 4);
    const questionIds = [...new Set(rows.map((r) => Number(r.question_id)))].sort((a, b) => a - b);
    expect(questionIds).toHaveLength(24);
    questionIds.forEach((questionId, index) => {
      // Page p (1 to 6) was ranked with rotation p: item r got ((r + p) mod 4) + 1.
      const pageNumber = Math.floor(index / 4) + 1;
      const items = rows.filter((r) => Number(r.question_id) === questionId).sort((a, b) => Number(a.answer_id) - Number(b.answer_id));
      expect(items.map((r) => Number(r.value)), `question ${questionId}`).toEqual([0, 1, 2, 3].map((r) => ((r + pageNumber) % 4) + 1));
      for (const item of items) expect(item.finished_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    });
  });
});
