import type { Page, Route } from '@playwright/test';
import { callApi, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { kodewParticipantWithKey } from '../support/groupParticipant';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

/**
 * The e-mail step of the web variant, /kodewemail, with real mail: the app
 * sends to an SMTP server this file runs on E2E_SMTP_PORT (playwright.config.ts points SMTP_URL
 * there), and the journeys read what arrived; the two that send nothing (the masked code, sending
 * off) need no mail server and run against any instance. Each journey starts a new participant of
 * KWDEMO01 (nothing is used up) and works in English.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const MANUAL = /\/kodewquestionnairemanual$/;
const CODE_SHAPE = /^[A-Z2-9]{9}$/;

const emailField = (page: Page) => page.getByLabel('E-mail address', { exact: true });
const confirmationField = (page: Page) => page.getByLabel('Repeat e-mail address', { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const sendByEmail = (page: Page) => page.getByRole('checkbox', { name: 'Send access code by e-mail' });
const showCode = (page: Page) => page.getByRole('checkbox', { name: 'Show access code' });
const codeText = (page: Page) => page.getByRole('status', { name: 'Personal access code' });

/** The participant's access code, read off the page with 'show access code' (and hidden again). */
async function shownAccessCode(page: Page): Promise<string> {
  await showCode(page).check();
  await expect(codeText(page)).toHaveText(CODE_SHAPE);
  const code = (await codeText(page).textContent())!.trim();
  await showCode(page).uncheck();
  expect(code).toMatch(CODE_SHAPE);
  return code;
}

async function openEmailStep(page: Page): Promise<void> {
  await kodewParticipantWithKey(page);
  await page.goto('/kodewemail');
  await expect(page.getByRole('heading', { level: 1, name: 'Your personal access code' })).toBeVisible();
}

test.describe('@group the e-mail step (/kodewemail) with real mail', () => {
  let smtp: TestSmtpServer | undefined;
  test.afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  test('the mail arrives with the access code and the link back, which leads to /accesscode in a fresh browser', needs('smtp'), async ({ page, browser, baseURL }) => {
    smtp = await startSmtpServer(SMTP_PORT);
    await openEmailStep(page);
    await hydrated(page);
    const code = await shownAccessCode(page);
    await emailField(page).fill('anna.berg@example.com');
    await confirmationField(page).fill('anna.berg@example.com');
    await sendButton(page).click();
    await expect(page).toHaveURL(MANUAL);

    const mail = await smtp.mailTo('anna.berg@example.com');
    expect(mail.subject).toBe('Your personal access code');
    expect(mail.text).toContain(`Your personal access code: ${code}`);
    const link = `${baseURL}/home/${code}/en`;
    expect(mail.text).toContain(`${link}\n`);
    expect(mail.text).toContain('enter the personal key');

    // Another day, another device: the link opens the ident-code flow, which asks for the key.
    const other = await browser.newContext();
    try {
      const fresh = await other.newPage();
      await fresh.goto(link);
      await expect(fresh).toHaveURL(/\/accesscode$/);
      await expect(fresh.locator('input[type="password"]')).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('SMTP down: the common error, everything typed stays; going on without the mail still works', needs('smtp'), async ({ page }) => {
    // Nothing listens on the SMTP port: the server is down.
    await openEmailStep(page);
    await hydrated(page);
    await emailField(page).fill('ben@example.com');
    await confirmationField(page).fill('ben@example.com');
    await sendButton(page).click();
    const modal = page.getByRole('alertdialog', { name: 'Error' });
    await expect(modal).toContainText('The e-mail could not be sent just now. Your access code stays valid');
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await expect(sendButton(page)).toBeFocused();
    await expect(page).toHaveURL(/\/kodewemail$/);
    await expect(emailField(page)).toHaveValue('ben@example.com');
    await expect(confirmationField(page)).toHaveValue('ben@example.com');

    await sendByEmail(page).uncheck();
    await expect(emailField(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(MANUAL);
  });

  test('the e-mail rules show inline, tied to their fields and announced; send reads as disabled until both are right', needs('smtp'), async ({ page }) => {
    smtp = await startSmtpServer(SMTP_PORT);
    await openEmailStep(page);
    await hydrated(page);
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true');

    // A press while the fields are empty says why, and goes to the first field. (The button only
    // reads as disabled, so a press reaches it; Playwright would wait for it to be enabled.)
    await sendButton(page).click({ force: true });
    await expect(emailField(page)).toBeFocused();
    await expect(emailField(page)).toHaveAccessibleDescription('Please enter a valid e-mail address, for example name@example.com.');
    await expect(confirmationField(page)).toHaveAccessibleDescription('Please repeat your e-mail address.');
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid e-mail address' })).toBeVisible();
    await expect(page).toHaveURL(/\/kodewemail$/);

    await emailField(page).fill('carla@example');
    await confirmationField(page).fill('carla@example.com');
    await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');
    await emailField(page).fill('carla@example.de');
    await expect(emailField(page)).not.toHaveAttribute('aria-invalid');
    await expect(confirmationField(page)).toHaveAccessibleDescription('The two e-mail addresses do not match.');
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations(page);
    // Enter in a field while a problem remains: focus goes to the field that has it.
    await emailField(page).press('Enter');
    await expect(confirmationField(page)).toBeFocused();
    await expect(page).toHaveURL(/\/kodewemail$/);

    // An IP literal is an address too (spec §5).
    await emailField(page).fill('carla@[192.0.2.7]');
    await confirmationField(page).fill('carla@[192.0.2.7]');
    await expect(confirmationField(page)).not.toHaveAttribute('aria-invalid');
    await expect(sendButton(page)).not.toHaveAttribute('aria-disabled');
    await sendButton(page).click();
    await expect(page).toHaveURL(MANUAL);
    expect((await smtp.mailTo('carla@[192.0.2.7]')).subject).toBe('Your personal access code');
  });

  test('the access code is masked until "show access code" is ticked; it goes nowhere into browser storage', async ({ page }) => {
    await openEmailStep(page);
    await hydrated(page);
    await expect(showCode(page)).not.toBeChecked();
    await expect(codeText(page)).toHaveText(/^•{9}$/);
    await showCode(page).check();
    await expect(codeText(page)).toHaveText(CODE_SHAPE);
    const code = (await codeText(page).textContent())!;
    await showCode(page).uncheck();
    await expect(codeText(page)).toHaveText(/^•{9}$/);
    const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie }));
    expect(stored).not.toContain(code);
    await expectNoAxeViolations(page);
  });

  test('sending off: a continue button, no call, on to the manual', async ({ page }) => {
    await openEmailStep(page);
    await hydrated(page);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/submit/')) calls.push(request.url());
    });
    await expect(sendByEmail(page)).toBeChecked();
    await sendByEmail(page).uncheck();
    await expect(sendButton(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(MANUAL);
    expect(calls).toEqual([]);
  });

  test('over the hourly limit per participant: the page says so, and going on without the mail works', needs('smtp'), async ({ page }) => {
    smtp = await startSmtpServer(SMTP_PORT);
    await openEmailStep(page);
    await hydrated(page);
    const code = await shownAccessCode(page);
    // The limit is 3 an hour per participant (MAIL_MAX_PER_PARTICIPANT_PER_HOUR).
    for (let i = 0; i < 3; i++) {
      const answer = await (await callApi(page, 'submit/kodew/sendaccesscode', { email: `dora${i}@example.com`, accessCode: code, uiLanguage: 'en-US' })).json();
      expect(answer).toMatchObject({ statusCode: 1 });
    }
    await emailField(page).fill('dora@example.com');
    await confirmationField(page).fill('dora@example.com');
    await sendButton(page).click();
    const modal = page.getByRole('alertdialog', { name: 'Error' });
    await expect(modal).toContainText('Several e-mails have already been sent for your access within the last hour');
    await modal.getByRole('button', { name: 'Close' }).click();
    await sendByEmail(page).uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(MANUAL);
    expect(smtp.received.filter((mail) => mail.to.includes('dora@example.com'))).toEqual([]);
  });

  test('forms before scripts: an address typed and sent before the scripts load is sent once they have', needs('smtp'), async ({ page }) => {
    smtp = await startSmtpServer(SMTP_PORT);
    await kodewParticipantWithKey(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**', async (route: Route) => {
      if (route.request().resourceType() === 'script') await released;
      await route.continue();
    });
    await page.goto('/kodewemail', { waitUntil: 'commit' });
    await emailField(page).fill('emil@example.com');
    await confirmationField(page).fill('emil@example.com');
    await confirmationField(page).press('Enter');
    // Held, not sent natively: the page stays, nothing is in the address, nothing is lost.
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(/\/kodewemail$/);
    await expect(emailField(page)).toHaveValue('emil@example.com');
    release();
    await expect(page).toHaveURL(MANUAL);
    expect((await smtp.mailTo('emil@example.com')).subject).toBe('Your personal access code');
  });
});
