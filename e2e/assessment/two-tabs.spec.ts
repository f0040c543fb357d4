import { hydrated } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { watchPageProblems } from '../support/pageProblems';
import { next, pageIndicator, rankPage, startAndSavePageOne } from '../support/questionnaire';

/** The same participant in two tabs of one browser (they share the session). Row P1-TABS. */
test.describe('@assessment two tabs', needs('single-use-row'), () => {
  test('going back in a tab that shows a page older than what the other tab saved keeps the saved answers (P1-TABS)', async ({ page, singleUse }) => {
    const problems = watchPageProblems(page);
    const row = await singleUse('P1-TABS');
    await startAndSavePageOne(page, row);

    // A second tab opens on page 2 while it is still unanswered.
    const other = await page.context().newPage();
    await other.goto('/questionnaire');
    await expect(pageIndicator(other)).toHaveText('Seite 2 von 6');
    await expect(other.locator('main input[type=radio]:checked')).toHaveCount(0);

    // The first tab answers page 2 and moves on.
    await rankPage(page, 1);
    await next(page, 'Seite 3 von 6');

    // The second tab, untouched, goes back and forward again: page 2 comes with the first tab's answers.
    await hydrated(other);
    await other.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(other)).toHaveText('Seite 1 von 6');
    await expect(other.locator('main input[type=radio]:checked')).toHaveCount(16);
    await next(other, 'Seite 2 von 6');
    await expect(other.locator('main input[type=radio]:checked')).toHaveCount(16);

    // And the first tab finds them there too.
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(page.locator('main input[type=radio]:checked')).toHaveCount(16);
    await other.close();
    expect(problems).toEqual([]);
  });
});
