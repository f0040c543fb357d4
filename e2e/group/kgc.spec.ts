import type { Locator, Page, Route } from '@playwright/test';
import { CATALOGUES } from '@/lib/embedded-api/translations';
import { callApi, hydrated } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { pickByKeyboard } from '../support/questionnaire';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { watchPageProblems } from '../support/pageProblems';

/**
 * The other group flow, /kodegroupcode, on the demo group code KGDEMO01: product
 * 2, the grid-10 questionnaire (10 pages, one question of three items each, not rated allowed),
 * fields Text "Team" (required) and List "Role" (optional). Every login starts a new participant,
 * so nothing is used up. The e-mail step mails to the SMTP server the sending journey runs on
 * E2E_SMTP_PORT: this file runs in the project 'mail', one journey at a time.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const PERSONAL = /\/kodegroupcodepersonal$/;
const EMAIL = /\/kodegroupcodeemail$/;
const MANUAL = /\/questionnairemanual$/;
const CODE_SHAPE = /^[A-Z2-9]{9}$/;

/** Presses Tab until the target has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, most = 20): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The screen at this address, its heading shown, its scripts loaded, axe clean. */
async function screen(page: Page, address: RegExp, heading: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(address);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
}

const pageOf = (page: Page, n: number) => page.getByText(`Page ${n} of 10`, { exact: true });
/** The answer items of the page's question, each a group of radios. */
const items = (page: Page) => page.locator('main section[id^="question-"]').first().locator('fieldset');

/** The radios of the English grid, in their order: not rated first, then the scale. */
const OPTIONS = ['not rated', 'does not apply', 'rarely applies', 'mostly applies', 'fully applies'];

/** Answers every item of the page by keyboard alone: Tab into its group, Space or arrows to the option. */
async function answerPageByKeyboard(page: Page, choose: (item: number) => number): Promise<void> {
  await hydrated(page);
  const count = await items(page).count();
  expect(count).toBe(3);
  for (let item = 0; item < count; item++) {
    const radios = items(page).nth(item).getByRole('radio');
    await tabTo(page, radios.first());
    await pickByKeyboard(page, choose(item));
    await expect(items(page).nth(item).getByRole('radio', { name: OPTIONS[choose(item)], exact: true })).toBeChecked();
  }
}

/** Next (or Save and finish on the last page), pressed from the keyboard. */
async function onward(page: Page, last: boolean): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: last ? 'Save and finish' : 'Next', exact: true }));
  await page.keyboard.press('Enter');
}

/** Logs in on /kodegroupcode/KGDEMO01/en as a participant does, by keyboard: the link's code is in the field. */
async function signInWithGroupCode(page: Page): Promise<void> {
  await page.goto('/kodegroupcode/KGDEMO01/en');
  await screen(page, /\/kodegroupcode\/KGDEMO01\/en$/, 'Sign in with a group code');
  const field = page.getByLabel('Group code', { exact: true });
  await expect(field).toHaveValue('KGDEMO01');
  await tabTo(page, field);
  await page.keyboard.press('Enter');
}

/** The personal-info page filled in by keyboard: Team, a Role, a new key confirmed, consent; saved. */
async function savePersonalInfo(page: Page, key: string, { axe = false } = {}): Promise<void> {
  await expect(page).toHaveURL(PERSONAL);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
  await hydrated(page);
  if (axe) {
    await expectNoAxeViolations(page);
    // The privacy policy opens in a modal, which passes axe too.
    await page.getByRole('button', { name: 'Read the privacy policy' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy policy' });
    await expect(privacy).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(privacy).toBeHidden();
  }
  await tabTo(page, page.getByLabel('Team'));
  await page.keyboard.type('Blau');
  const role = page.getByLabel('Role');
  await tabTo(page, role);
  // Type-ahead in a closed drop-down picks the first entry that starts so.
  await page.keyboard.type('T');
  await expect(role).toHaveValue('Teamleitung');
  await tabTo(page, page.getByLabel('New key', { exact: true }));
  await page.keyboard.type(key);
  await tabTo(page, page.getByLabel('Confirm key', { exact: true }));
  await page.keyboard.type(key);
  const consent = page.getByRole('checkbox', { name: /I have read the privacy policy/ });
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
  await page.keyboard.press('Enter');
}

/** The participant's access code, read off the e-mail step with 'show access code'. */
async function shownAccessCode(page: Page): Promise<string> {
  const code = page.getByRole('status', { name: 'Personal access code' });
  await expect(code).toHaveText(/^•{9}$/);
  await page.getByRole('checkbox', { name: 'Show access code' }).check();
  await expect(code).toHaveText(CODE_SHAPE);
  return (await code.textContent())!.trim();
}

test.describe('@group KGC end to end', needs('smtp'), () => {
  let smtp: TestSmtpServer | undefined;
  test.afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  test('/kodegroupcode/KGDEMO01/en → personal info → access code mailed → manual → the grid by keyboard alone → thank you', async ({ page, baseURL }) => {
    // Ten grid pages by keyboard and a dozen axe scans on the 2-core machine.
    test.setTimeout(120_000);
    smtp = await startSmtpServer(SMTP_PORT);
    const address = 'kim.berger@example.com';
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/submit/kodegroupcode/login')) sent.push(request.postDataJSON());
    });

    await test.step('group code entry: typed and sent with Enter, as typed (spec §7: not encrypted)', async () => {
      await signInWithGroupCode(page);
      await expect.poll(() => sent).toEqual([{ groupcode: 'KGDEMO01', uiLanguage: 'en-US' }]);
    });

    await test.step('personal info: Team, Role, a key, consent (axe on the page and its privacy modal)', async () => {
      await savePersonalInfo(page, 'Ahorn2026', { axe: true });
    });

    let accessCode = '';
    await test.step('e-mail step: the code shown on request and mailed with the link back', async () => {
      await screen(page, EMAIL, 'Your personal access code');
      accessCode = await shownAccessCode(page);
      await tabTo(page, page.getByLabel('E-mail address', { exact: true }));
      await page.keyboard.type(address);
      await tabTo(page, page.getByLabel('Repeat e-mail address', { exact: true }));
      await page.keyboard.type(address);
      await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
      await page.keyboard.press('Enter');
      const mail = await smtp!.mailTo(address);
      expect(mail.subject).toBe('Your personal access code');
      expect(mail.text).toContain(`Your personal access code: ${accessCode}`);
      expect(mail.text).toContain(`${baseURL}/home/${accessCode}/en\n`);
    });

    await test.step('the manual, then the grid: ten pages, every item answered by keyboard alone, one not rated', async () => {
      await screen(page, MANUAL, 'How to fill in the questionnaire');
      await tabTo(page, page.getByRole('link', { name: 'Continue' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/questionnaire$/);
      for (let n = 1; n <= 10; n++) {
        await expect(pageOf(page, n)).toBeVisible();
        // Page 1: the last item not rated; otherwise the scale, item by item.
        await answerPageByKeyboard(page, (item) => (n === 1 && item === 2 ? 0 : 1 + ((n + item) % 4)));
        if (n === 1) await expectNoAxeViolations(page);
        await onward(page, n === 10);
      }
      const confirm = page.getByRole('alertdialog', { name: 'Finish questionnaire' });
      await expect(confirm.getByRole('button', { name: 'Review my answers' })).toBeFocused();
      await expectNoAxeViolations(page);
      await tabTo(page, confirm.getByRole('button', { name: 'Finish now' }));
      await page.keyboard.press('Enter');
    });

    await test.step('finished with logout: the thank-you page; the flow’s pages are closed', async () => {
      await screen(page, /\/finishedquestionnaire$/, 'Thank you very much!');
      // grid-10 sets no retention notice, nor does the demo's default: the page says nothing about it.
      await expect(page.getByRole('main').getByRole('paragraph')).toHaveText([CATALOGUES['en-US'].FinishedText]);
      await page.goto('/kodegroupcodepersonal');
      await expect(page).toHaveURL(/\/error\?statusCode=3/);
    });
  });
});

test.describe('@group KGC: the e-mail step skipped, the manual, coming back', () => {
  test('sending off: no call, on to /questionnairemanual and the grid', async ({ page }) => {
    await signInWithGroupCode(page);
    await savePersonalInfo(page, 'Birke2026');
    await screen(page, EMAIL, 'Your personal access code');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/submit/')) calls.push(request.url());
    });
    const sendByEmail = page.getByRole('checkbox', { name: 'Send access code by e-mail' });
    await expect(sendByEmail).toBeChecked();
    await tabTo(page, sendByEmail);
    await page.keyboard.press('Space');
    await expect(page.getByLabel('E-mail address', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await screen(page, MANUAL, 'How to fill in the questionnaire');
    expect(calls).toEqual([]);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(pageOf(page, 1)).toBeVisible();
  });

  test('/kodegroupcodemanual: the flow’s manual (axe clean, its two info modals too), continuing to the grid; before personal info the grid sends to the personal page', async ({ page }) => {
    await signInWithGroupCode(page);
    await expect(page).toHaveURL(PERSONAL);
    // The manual's texts are no one's: it shows. Its continue reaches content, which waits for consent.
    await page.goto('/kodegroupcodemanual');
    await expect(page.getByRole('heading', { level: 1, name: 'How to fill in the questionnaire' })).toBeVisible();
    await hydrated(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(PERSONAL);
    await savePersonalInfo(page, 'Eiche2026');
    await expect(page).toHaveURL(EMAIL);
    await page.goto('/kodegroupcodemanual');
    await screen(page, /\/kodegroupcodemanual$/, 'How to fill in the questionnaire');
    for (const button of ['Show filling-in notes', 'General information']) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(pageOf(page, 1)).toBeVisible();
  });

  test('coming back another day with the access code and the personal key: back on the page where they left off', async ({ page, browser }) => {
    await signInWithGroupCode(page);
    await savePersonalInfo(page, 'Linde2026');
    await screen(page, EMAIL, 'Your personal access code');
    const accessCode = await shownAccessCode(page);
    await page.getByRole('checkbox', { name: 'Send access code by e-mail' }).uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(MANUAL);
    await page.getByRole('link', { name: 'Continue' }).click();
    for (const n of [1, 2]) {
      await expect(pageOf(page, n)).toBeVisible();
      await answerPageByKeyboard(page, () => 3);
      await onward(page, false);
    }
    await expect(pageOf(page, 3)).toBeVisible();

    const later = await browser.newContext();
    try {
      const back = await later.newPage();
      await back.goto(`/home/${accessCode}/en`);
      await expect(back).toHaveURL(/\/accesscode$/);
      await hydrated(back);
      await expect(back.getByText('Please enter the personal key you set with your personal details.')).toBeVisible();
      const keyField = back.getByLabel('Personal key', { exact: true });
      await keyField.fill('Falsch2026');
      await back.getByRole('button', { name: 'Sign in' }).click();
      const wrong = back.getByRole('alertdialog');
      await expect(wrong).toContainText('The personal key you entered is incorrect.');
      await wrong.getByRole('button').click();
      await keyField.fill('Linde2026');
      await back.getByRole('button', { name: 'Sign in' }).click();
      await expect(back).toHaveURL(/\/questionnaire$/);
      await expect(pageOf(back, 3)).toBeVisible();
      // The pages answered are there: page 2's items as answered.
      await back.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(pageOf(back, 2)).toBeVisible();
      for (let item = 0; item < 3; item++) await expect(items(back).nth(item).getByRole('radio', { name: 'mostly applies', exact: true })).toBeChecked();

      // The personal page shows what was saved, once: keep offered, consent locked.
      await back.goto('/kodegroupcodepersonal');
      await hydrated(back);
      await expect(back.getByLabel('Team')).toHaveValue('Blau');
      await expect(back.getByLabel('Role')).toHaveValue('Teamleitung');
      await expect(back.getByRole('radio', { name: 'Keep current key' })).toBeChecked();
      await expect(back.getByRole('checkbox', { name: /read the privacy policy/ })).toBeDisabled();
      await expectNoAxeViolations(back);
      // Keeping the key goes straight on to the manual: no e-mail step.
      await back.getByRole('button', { name: 'Save' }).click();
      await expect(back).toHaveURL(MANUAL);
    } finally {
      await later.close();
    }
  });
});

test.describe('@group KGC: the group-code messages on /kodegroupcode', () => {
  const messages: Array<[string, string, RegExp]> = [
    ['a wrong code', 'ZZZZ9999', /Der eingegebene Gruppencode ist nicht korrekt/],
    ['a malformed code', 'KG-1', /6 bis 16 Buchstaben und Ziffern/],
    ['a closed code (KGC-FINISHED)', 'KGDONE01', /bereits abgeschlossen/],
    ['a code of the web variant', 'KWDEMO01', /Mit diesem Gruppencode ist hier keine Anmeldung möglich/],
    ['a code of the requirements analysis', 'RADEMO01', /Mit diesem Gruppencode ist hier keine Anmeldung möglich/],
  ];
  for (const [what, code, message] of messages) {
    test(`${what} shows its message in the error modal; closed, the code stays to correct`, async ({ page }) => {
      await page.goto(`/kodegroupcode/${code}/de`);
      await hydrated(page);
      const field = page.getByLabel('Gruppencode', { exact: true });
      await field.fill(code);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      const modal = page.getByRole('alertdialog', { name: 'Fehler' });
      await expect(modal).toHaveText(message);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue(code);
      await expect(page).toHaveURL(new RegExp(`/kodegroupcode/${code}/de$`));
    });
  }

  test('ten wrong codes clear the field and show the stronger message; the right code then leads to the personal page', async ({ page }) => {
    await page.goto('/kodegroupcode');
    await hydrated(page);
    const field = page.getByLabel('Gruppencode', { exact: true });
    const modal = page.getByRole('alertdialog', { name: 'Fehler' });
    for (let attempt = 1; attempt <= 10; attempt++) {
      await field.fill(`WRONG0${String(attempt).padStart(2, '0')}`);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(modal).toHaveText(attempt < 10 ? /Der eingegebene Gruppencode ist nicht korrekt/ : /Der Gruppencode wurde zu oft falsch eingegeben/);
      await modal.getByRole('button', { name: 'Schließen' }).click();
    }
    await expect(field).toHaveValue('');
    await field.fill('KGDEMO01');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(PERSONAL);
    await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Angaben' })).toBeVisible();
  });
});

test.describe('@group KGC forms before their scripts load', () => {
  let problems: string[] = [];
  let release: () => void = () => undefined;
  test.beforeEach(({ page }) => {
    problems = watchPageProblems(page, { consoleErrors: false });
  });
  test.afterEach(() => expect(problems).toEqual([]));

  /** Holds the page's scripts back until release(). */
  async function holdScripts(page: Page): Promise<void> {
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**', async (route: Route) => {
      if (route.request().resourceType() === 'script') await released;
      await route.continue();
    });
  }

  test('the group code typed and sent with Enter before the scripts run signs in once they have', async ({ page }) => {
    await holdScripts(page);
    await page.goto('/kodegroupcode/KGDEMO01/en', { waitUntil: 'commit' });
    const field = page.getByLabel('Group code', { exact: true });
    await field.fill('KGDEMO01');
    await field.press('Enter');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(/\/kodegroupcode\/KGDEMO01\/en$/);
    await expect(field).toHaveValue('KGDEMO01');
    release();
    await expect(page).toHaveURL(PERSONAL);
  });

  test('the personal info filled in and saved before the scripts run is what is saved', async ({ page }) => {
    await page.goto('/support');
    const login = await (await callApi(page, 'submit/kodegroupcode/login', { groupcode: 'KGDEMO01' })).json();
    expect(login).toMatchObject({ statusCode: 1, tokenClaims: { isLoggedIn: true } });
    await holdScripts(page);
    await page.goto('/kodegroupcodepersonal', { waitUntil: 'commit' });
    await page.getByLabel('Team').waitFor();
    await page.getByLabel('Team').fill('Grün');
    await page.getByLabel('Rolle').selectOption('Projektleitung');
    await page.getByLabel('Neuer Schlüssel').fill('Stern2026');
    await page.getByLabel('Schlüssel wiederholen').fill('Stern2026');
    await page.getByRole('checkbox', { name: /Datenschutzerklärung gelesen/ }).check();
    await page.getByLabel('Schlüssel wiederholen').press('Enter');
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(PERSONAL);
    release();
    await expect(page).toHaveURL(EMAIL);
    const info = await (await callApi(page, 'pageinfo/kodegroupcode/personalinfo', {})).json();
    expect(info.additionalFieldsWithValues.map((f: { value: string }) => f.value)).toEqual(['Grün', 'Projektleitung']);
    expect(info.hasAccount).toBe(true);
  });
});
