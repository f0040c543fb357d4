import type { Page } from '@playwright/test';
import { enterAccessCode, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { startEdgeServer, type EdgeServer } from '../support/edgeServer';
import { admin, consoleMessage, setupLink, setUp, signIn, CONSOLE_PASSWORD } from '../support/console';
import { next, pageIndicator, rankPage } from '../support/questionnaire';

/**
 * The operator console: an owner is created on the command line (through the running app's
 * channel), sets a password through the one-time link, signs in, and watches the overview change
 * without a reload while a participant in another browser answers. A viewer sees and changes
 * nothing. Every page passes axe, at 390 px too, in German and English.
 */
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 76;

const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);

test.describe('@operator the operator console', needs('own-server'), () => {
  let server: EdgeServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // Passkeys belong to PUBLIC_URL (lib/admin/operators/passkeys.ts): here, this server.
    server = await startEdgeServer(PORT, { PUBLIC_URL: `http://localhost:${PORT}` });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('an owner sets a password through the link, signs in, and sees a participant start without reloading', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const link = await setupLink(server!, 'owner@example.org', 'owner');

    // A password too short is named, and the link still works.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zugang einrichten');
    await expectNoAxeViolations(page);
    await page.getByLabel('Neues Passwort').fill('too short');
    await page.getByLabel('Passwort wiederholen').fill('too short');
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    await expect(consoleMessage(page, 'alert')).toHaveText('Das Passwort muss mindestens 12 Zeichen lang sein.');
    await expect(page.getByLabel('Neues Passwort')).toBeFocused();
    await setUp(page, link, CONSOLE_PASSWORD);
    // A passkey comes once signed in: the page says where.
    await expect(page.getByText('Danach können Sie unter „Konto“ einen Passkey hinzufügen')).toBeVisible();

    // The link is used up.
    const again = await browser.newPage();
    await again.goto(link);
    await expect(consoleMessage(again, 'alert')).toContainText('Dieser Link gilt nicht (mehr)');
    await again.close();

    // A wrong password is refused and the address stays; the right one signs in.
    await signIn(page, 'owner@example.org', 'not the password');
    await expect(consoleMessage(page, 'alert')).toHaveText('E-Mail-Adresse oder Passwort sind falsch.');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('owner@example.org');
    await expectNoAxeViolations(page);
    await signIn(page, 'owner@example.org', CONSOLE_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
    await expect(page.getByText('Angemeldet als owner@example.org (Inhaber)')).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'console');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    await expectNoAxeViolations(page);

    // A participant in another browser starts: the overview shows it without a reload.
    const inProgress = Number(await figure(page, 'inProgress').textContent());
    const participant = await browser.newPage();
    await participant.goto(`${server!.url}/home/P1DEMO01`);
    await enterAccessCode(participant, 'RANK4711');
    await participant.waitForURL(/\/questionnairemanual$/);
    await hydrated(participant);
    await participant.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(participant)).toHaveText('Seite 1 von 6');
    await rankPage(participant, 0);
    await next(participant, 'Seite 2 von 6');
    await expect(figure(page, 'inProgress')).toHaveText(String(inProgress + 1), { timeout: 10_000 });
    await participant.close();

    // The audit log names the sign-in and the setup, and downloads as CSV.
    await page.getByRole('link', { name: 'Protokoll' }).click();
    await expect(page.getByRole('table')).toContainText('password set');
    await expect(page.getByRole('table')).toContainText('operator create');
    await expectNoAxeViolations(page);
    const csv = await page.request.get(`${server!.url}/admin/audit/csv`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/^id,at,operator,action,subject,details\r\n/);

    // In English, at 390 px, still nothing for axe.
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('button', { name: 'Wechseln' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // Signed out, the cookie is worth nothing.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(consoleMessage(page, 'status')).toHaveText('You have signed out.');
    const afterwards = await page.request.get(`${server!.url}/admin/audit/csv`, { headers: { cookie: `console=${cookie!.value}` } });
    expect(afterwards.status()).toBe(401);
  });

  test('a viewer sees the overview and is told changes are for owners; no session means sign-in', async ({ page }) => {
    const link = await setupLink(server!, 'viewer@example.org', 'viewer');
    const anonymous = await page.request.get(`${server!.url}/admin/audit/csv`);
    expect(anonymous.status()).toBe(401);
    await page.goto(`${server!.url}/admin`);
    await expect(page).toHaveURL(/\/admin\/signin$/);
    await setUp(page, link, CONSOLE_PASSWORD);
    await signIn(page, 'viewer@example.org', CONSOLE_PASSWORD);
    await expect(page.getByText('Sie sehen die Konsole als Betrachter: Änderungen sind Inhabern vorbehalten.')).toBeVisible();
  });

  test('a passkey added in the account signs in without a password (Chromium\'s virtual authenticator)', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const link = await setupLink(server!, 'passkey@example.org', 'owner');
    await setUp(page, link, CONSOLE_PASSWORD);
    await signIn(page, 'passkey@example.org', CONSOLE_PASSWORD);
    await page.getByRole('link', { name: 'Konto' }).click();
    await expect(page.getByText('Noch kein Passkey.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await expect(consoleMessage(page, 'status')).toHaveText('Der Passkey wurde hinzugefügt. Sie können sich jetzt damit anmelden.');
    await expect(page.getByRole('table', { name: 'Ihre Passkeys' }).getByRole('row')).toHaveCount(2);
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(consoleMessage(page, 'status')).toHaveText('Sie wurden abgemeldet.');
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
    await expect(page.getByText('Angemeldet als passkey@example.org (Inhaber)')).toBeVisible();
    await page.getByRole('link', { name: 'Protokoll' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'passkey@example.org' }).filter({ hasText: 'sign in' }).first()).toContainText('passkey');

    // Disabled on the command line, the same passkey signs nobody in, and the page says so.
    expect((await admin(server!, 'operator', 'disable', '--email', 'passkey@example.org')).code).toBe(0);
    await page.goto(`${server!.url}/admin/signin`);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await expect(consoleMessage(page, 'alert')).toHaveText(
      'Dieser Passkey wurde nicht angenommen. Versuchen Sie es erneut oder melden Sie sich mit dem Passwort an.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  });

  test('without scripts: the setup link, sign-in, the overview and sign-out work as plain forms', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const link = await setupLink(server!, 'noscript.owner@example.org', 'owner');
    await page.goto(link);
    await page.getByLabel('Neues Passwort').fill('short');
    await page.getByLabel('Passwort wiederholen').fill('short');
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    // The server rendered the action's answer into the page it sent back.
    await expect(consoleMessage(page, 'alert')).toHaveText('Das Passwort muss mindestens 12 Zeichen lang sein.');
    await setUp(page, link);
    await signIn(page, 'noscript.owner@example.org');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht');
    await expect(page.locator('[data-figure="invited"]')).toHaveText(/^\d+$/);
    // Without scripts the passkey button is not offered: it could not work.
    await page.goto(`${server!.url}/admin/account`);
    await expect(page.getByRole('button', { name: 'Passkey hinzufügen' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(consoleMessage(page, 'status')).toHaveText('Sie wurden abgemeldet.');
    await context.close();
  });
});
