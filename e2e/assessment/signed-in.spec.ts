import { enterAccessCode, hydrated } from '../support/api';
import { expect, needs, test } from '../support/deployed';
import { next, pageIndicator, rankPage } from '../support/questionnaire';

const TITLE = 'Kompetenzprofil Führung und Zusammenarbeit';

test.describe('@assessment signed in', needs('single-use-row'), () => {
  test('browser Back after login does not show the access-code form: the participant goes on to the questionnaire (P1-BACK)', async ({ page, singleUse }) => {
    const row = await singleUse('P1-BACK');
    await page.goto(`/home/${row.identCode}`);
    await expect(page).toHaveTitle('Anmeldung – Assessment Online');
    await enterAccessCode(page, row.accessCode!);
    // Four questions answered: the start index is 1 after login, and the first page comes back
    // complete, so the participant lands on page 2.
    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(page).toHaveTitle(`Seite 2 von 6 – ${TITLE} – Assessment Online`);

    await page.goBack();
    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 6');
    await expect(page.getByLabel('Persönlicher Zugangscode')).toHaveCount(0);

    // The title follows each page turn.
    await rankPage(page, 1);
    await next(page, 'Seite 3 von 6');
    await expect(page).toHaveTitle(`Seite 3 von 6 – ${TITLE} – Assessment Online`);

    // Every login page of the flow sends them on: the plain /home form, /accesscode, and /accesspassword
    // and /register, which are behind them.
    for (const path of ['/home', '/accesscode', '/accesspassword', '/register', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/questionnaire$/);
      await expect(pageIndicator(page)).toHaveText('Seite 3 von 6');
    }

    // A code in the address is a new start.
    await page.goto(`/home/${row.identCode}`);
    await expect(page).toHaveURL(/\/accesscode$/);
    await hydrated(page);
    await expect(page.getByLabel('Persönlicher Zugangscode')).toBeVisible();
  });
});
