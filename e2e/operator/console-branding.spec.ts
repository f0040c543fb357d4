import { tinyPng } from '@/lib/admin/testImages';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { admin, consoleMessage, formFields, signedIn, signIn } from '../support/console';

/**
 * Branding in the console: an owner picks a theme and uploads a logo (an SVG is refused, saying
 * why); a participant opening a demo deep link then sees that logo in the header and that theme on
 * the page. A viewer sees the branding without any form, and a removal forged from the owner's form
 * changes nothing; the owner's removal brings the product's mark back. Every page passes axe, at
 * 390 px too.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 81;
const LOGO = tinyPng(96, 32, [30, 107, 58]);
const LOGO_SRC = `data:image/png;base64,${LOGO.toString('base64')}`;

test.describe('@operator branding in the console', needs('own-server'), () => {
  test.describe.configure({ mode: 'serial' });
  let server: EdgeServer | undefined;
  let ownersRemoveForm: Record<string, string> = {};

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startEdgeServer(PORT, {});
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /** What a participant opening the demo deep link sees: the header's logo and the page's theme (read only: no code is entered). */
  async function participantSees(browser: import('@playwright/test').Browser): Promise<{ logoSrc: string | null; theme: string | null }> {
    const context = await browser.newContext();
    const participant = await context.newPage();
    await participant.goto(`${server!.url}/home/P1DEMO01`);
    await expect(participant).toHaveURL(/\/accesscode$/);
    const logo = participant.getByRole('banner').getByRole('img', { name: 'Assessment Online' });
    await expect(logo).toBeVisible();
    const seen = { logoSrc: await logo.getAttribute('src'), theme: await participant.locator('body').getAttribute('data-theme') };
    await context.close();
    return seen;
  }

  test('an owner picks a theme and uploads a logo; a participant sees both', async ({ page, browser }) => {
    test.setTimeout(120_000);
    expect(await participantSees(browser)).toEqual({ logoSrc: expect.stringMatching(/^data:image\/svg\+xml;base64,/), theme: 'default' });

    await signedIn(page, server!, 'owner@example.org', 'owner');
    await page.getByRole('navigation').getByRole('link', { name: 'Erscheinungsbild' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erscheinungsbild');
    await expect(page.getByText('Kein eigenes Logo: Die Teilnehmenden sehen das mitgelieferte.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Standard (Blau)' })).toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Grün', exact: true }).check();
    await page.getByRole('button', { name: 'Farbschema speichern' }).click();
    await expect(consoleMessage(page, 'status')).toHaveText('Das Farbschema ist jetzt „Grün“.');
    await expect(page.getByText('Farbschema: Grün')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Grün', exact: true })).toBeChecked();

    // An SVG is refused, whatever it is called, and the operator learns why.
    const file = page.getByLabel('Logo-Datei (PNG oder JPEG)');
    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await page.getByRole('button', { name: 'Logo hochladen' }).click();
    await expect(page.locator('#branding-logo').getByRole('alert')).toHaveText('SVG wird als Logo nicht angenommen, weil es Skripte und Verweise enthalten kann. Bitte laden Sie ein PNG oder JPEG hoch.');
    await expect(file).toBeFocused();
    await expect(page.getByRole('img', { name: 'Das aktuelle Logo' })).toHaveCount(0);

    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
    await page.getByRole('button', { name: 'Logo hochladen' }).click();
    // Each form keeps its own answer: the theme's above, the logo's here.
    await expect(page.locator('#branding-logo').getByRole('status')).toHaveText(/^Das neue Logo ist gespeichert \(PNG, 96 × 32 Pixel, 0,\d KB\)\.$/);
    await expect(page.getByRole('img', { name: 'Das aktuelle Logo' })).toHaveAttribute('src', LOGO_SRC);
    await expectNoAxeViolations(page);
    ownersRemoveForm = formFields(await (await page.request.get(`${server!.url}/admin/branding`)).text(), 'branding-remove');

    // At 390 px the page fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // The participant's next page shows them; the command line's door reads the same.
    expect(await participantSees(browser)).toEqual({ logoSrc: LOGO_SRC, theme: 'green' });
    const shown = await admin(server!, 'branding', 'show');
    expect(shown.stdout).toBe(`theme\tgreen\nlogo\tPNG, 96 × 32 pixels, ${Math.ceil(LOGO.length / 102.4) / 10} KB\n`);

    // Each change has its audit row, naming what changed, never the image.
    await page.goto(`${server!.url}/admin/audit`);
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'branding set' });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'theme: green' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'logoType: png' })).toHaveCount(1);
    expect(await page.content()).not.toContain(LOGO.toString('base64').slice(0, 40));
  });

  test('a viewer sees the branding and no form; a removal forged from the owner\u2019s form changes nothing', async ({ page, browser }) => {
    await signedIn(page, server!, 'viewer@example.org', 'viewer');
    await page.goto(`${server!.url}/admin/branding`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erscheinungsbild');
    await expect(page.getByRole('img', { name: 'Das aktuelle Logo' })).toHaveAttribute('src', LOGO_SRC);
    await expect(page.getByText('Farbschema: Grün')).toBeVisible();
    await expect(page.locator('main form')).toHaveCount(0);
    await expect(page.getByRole('button')).toHaveCount(await page.getByRole('banner').getByRole('button').count());
    await expectNoAxeViolations(page);

    expect(Object.keys(ownersRemoveForm).some((name) => name.startsWith('$ACTION'))).toBe(true);
    const forged = await page.request.post(`${server!.url}/admin/branding`, { headers: { origin: server!.url }, multipart: ownersRemoveForm });
    expect(forged.status()).toBeLessThan(500);
    await page.reload();
    await expect(page.getByRole('img', { name: 'Das aktuelle Logo' })).toHaveAttribute('src', LOGO_SRC);
    expect((await participantSees(browser)).logoSrc).toBe(LOGO_SRC);
  });

  test('the owner removes the logo: participants see the product\u2019s mark again, in the theme chosen', async ({ page, browser }) => {
    await page.goto(`${server!.url}/admin/signin`);
    await signIn(page, 'owner@example.org');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
    await page.goto(`${server!.url}/admin/branding`);
    await page.getByRole('button', { name: 'Logo entfernen' }).click();
    await expect(consoleMessage(page, 'status')).toHaveText('Das Logo ist entfernt; die Teilnehmenden sehen wieder das mitgelieferte.');
    await expect(page.getByText('Kein eigenes Logo: Die Teilnehmenden sehen das mitgelieferte.')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByRole('img', { name: 'Das aktuelle Logo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logo entfernen' })).toHaveCount(0);
    expect(await participantSees(browser)).toEqual({ logoSrc: expect.stringMatching(/^data:image\/svg\+xml;base64,/), theme: 'green' });
  });
});
