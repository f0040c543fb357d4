import { expect, needs, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';
import { chosenRanks, draftSaved, pageIndicator, questionnaireBody, questions, rankPage, startAtPageOne } from '../support/questionnaire';

/**
 * The connection drops while the participant works (row P1-OFFLINE): a page turn pressed meanwhile
 * says so, waits for the connection, and is sent once it is back, by itself; what was chosen is
 * saved once, not lost and not twice.
 */
test.describe('@assessment without a connection', () => {
  test('"Weiter" pressed offline is announced, leaving asks first, and back online the page turn completes by itself and saves once (P1-OFFLINE)', needs('single-use-row'), async ({ page, singleUse }) => {
    // The requests that fail while offline are logged by the browser; nothing else may be.
    const problems = watchPageProblems(page, { expected: (message) => message.text().includes('ERR_INTERNET_DISCONNECTED') });
    const row = await singleUse('P1-OFFLINE');
    await startAtPageOne(page, row);
    await rankPage(page, 0);
    await draftSaved(page);

    // The page saves reaching the server (not drafts), and those the browser could not send.
    const reached: unknown[] = [];
    const failed: unknown[] = [];
    page.on('requestfinished', (request) => {
      const body = questionnaireBody(request);
      if (body?.answers !== undefined && body.draft !== true) reached.push(body.answers);
    });
    page.on('requestfailed', (request) => {
      const body = questionnaireBody(request);
      if (body?.answers !== undefined && body.draft !== true) failed.push(body.answers);
    });

    await page.context().setOffline(true);
    // The first question ranked the other way round, then "Weiter".
    const first = questions(page).first().locator('fieldset');
    for (let r = 0; r < 4; r++) await first.nth(r).getByRole('radio', { name: new RegExp(`^${4 - r}\\b`) }).check();
    const chosen = await chosenRanks(page);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Keine Verbindung' })).toHaveText(
      'Keine Verbindung – Ihre Antworten werden gesendet, sobald die Verbindung zurück ist.',
    );
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    await expect.poll(() => failed.length).toBeGreaterThan(0);

    // Leaving now would lose the answers: closing the tab asks first; staying keeps the page.
    const prompts: string[] = [];
    page.once('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => prompts).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);

    // Back online, nothing pressed: the page turn is sent and completes.
    await page.context().setOffline(false);
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(page.getByRole('status').filter({ hasText: 'Keine Verbindung' })).toHaveCount(0);
    await expect.poll(() => reached.length).toBe(1);

    // Page 1 holds what was chosen, the first question as changed offline.
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 6');
    expect(await chosenRanks(page)).toEqual(chosen);
    expect(reached).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
