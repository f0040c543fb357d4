import type { Locator, Page, Route } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { hydrated } from '../support/api';
import { expect, test } from '../support/deployed';
import { kodewParticipantWithKey } from '../support/groupParticipant';
import { tabTo } from '../support/questionnaire';

/**
 * The selection loop of the web variant on the demo group code KWDEMO01:
 * manual → selection → info → slider questionnaire → finish without logout → the selection again,
 * the finished questionnaire disabled → the other → finish with logout. Every login with the group
 * code starts a new participant, so the journeys use nothing up. kodew-motivation has 3 questions,
 * kodew-strengths 8; kodew-leadership is never selectable.
 */

/** A new participant of KWDEMO01 in English, past the personal-info page (key set, fields filled), as those pages send it. */
const newParticipant = (page: Page) => kodewParticipantWithKey(page, { key: 'Auswahl2026' });

const questionnaires = (page: Page) => page.getByRole('group', { name: 'Questionnaire' });
const radio = (page: Page, name: string) => questionnaires(page).getByRole('radio', { name });
const send = (page: Page) => page.getByRole('button', { name: 'Continue' });

/** Presses Tab (and Shift+Tab) until the target has focus: how a keyboard user reaches it. */
async function reach(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target).catch(async () => {
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab');
      if (await target.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error('could not reach the target by keyboard');
  });
}

/** Rates every slider of each page with End (the top of the scale) and moves on, by keyboard; the last page asks to finish. */
async function answerByKeyboard(page: Page, pages: number): Promise<void> {
  // The questionnaire comes as a page load (e2e/assessment/leaving.spec.ts): the keyboard starts at
  // the top of the document, where the skip link leads into the page.
  await hydrated(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  for (let n = 1; n <= pages; n++) {
    await expect(page.getByText(`Page ${n} of ${pages}`, { exact: true })).toBeVisible();
    await hydrated(page);
    const sliders = page.getByRole('slider');
    const count = await sliders.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await reach(page, sliders.nth(i));
      await page.keyboard.press('End');
      await expect(sliders.nth(i)).toHaveValue('100');
    }
    const onward = page.getByRole('button', { name: n < pages ? 'Next' : 'Save and finish' });
    await reach(page, onward);
    await page.keyboard.press('Enter');
  }
  const confirm = page.getByRole('alertdialog', { name: 'Finish questionnaire' });
  await expect(confirm).toBeVisible();
  // Finishing cannot be undone: the confirmation opens on 'Review my answers'; Tab reaches 'Finish now'.
  await expect(confirm.getByRole('button', { name: 'Review my answers' })).toBeFocused();
  await reach(page, confirm.getByRole('button', { name: 'Finish now' }));
  await page.keyboard.press('Enter');
}

/** From the selection, by keyboard: the radio group takes focus on its checked radio; arrows move the choice. */
async function chooseByKeyboard(page: Page, name: string): Promise<void> {
  await hydrated(page);
  const target = radio(page, name);
  const checked = questionnaires(page).getByRole('radio', { checked: true });
  await reach(page, checked);
  for (let i = 0; i < 3 && !(await target.isChecked()); i++) await page.keyboard.press('ArrowUp');
  await expect(target).toBeChecked();
  await reach(page, send(page));
  await page.keyboard.press('Enter');
}

test.describe('@group the questionnaire selection loop', () => {
  test('@deployed two questionnaires one after the other, by keyboard alone, each screen without axe violations', async ({ page }) => {
    test.setTimeout(120_000);
    await newParticipant(page);

    await page.goto('/kodewquestionnairemanual');
    await expect(page.getByRole('heading', { level: 1, name: 'How to fill in the questionnaire' })).toBeVisible();
    // The filling info of the slider view (product 4).
    await expect(page.getByText(/shows one topic with one or more sliders/).first()).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
    const onward = page.getByRole('link', { name: 'Continue' });
    await reach(page, onward);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/kodewquestionnaireselection$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a questionnaire' })).toBeVisible();
    await expect(radio(page, 'Strengths profile')).toBeChecked();
    await expect(radio(page, 'Motivation')).toBeEnabled();
    await expect(radio(page, 'Leadership potential')).toBeDisabled();
    await expect(radio(page, 'Leadership potential')).toHaveAccessibleDescription('not available at the moment');
    await expectNoAxeViolations(page);
    await chooseByKeyboard(page, 'Motivation');

    await expect(page).toHaveURL(/\/kodewinfo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Motivation' })).toBeVisible();
    await expect(page.getByText('In the motivation questionnaire you rate three motives.')).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
    await reach(page, page.getByRole('link', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/questionnaire$/);
    await expect(page.getByText('Page 1 of 3', { exact: true })).toBeVisible();
    await answerByKeyboard(page, 3);

    // Finished without logout: back to the selection, Motivation done, Strengths preselected.
    await expect(page).toHaveURL(/\/kodewquestionnaireselection$/);
    await expect(radio(page, 'Motivation')).toBeDisabled();
    await expect(radio(page, 'Motivation')).toHaveAccessibleDescription('already completed');
    await expect(radio(page, 'Strengths profile')).toBeChecked();
    await expect(radio(page, 'Leadership potential')).toBeDisabled();
    await expectNoAxeViolations(page);
    await chooseByKeyboard(page, 'Strengths profile');

    await expect(page).toHaveURL(/\/kodewinfo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Strengths profile' })).toBeVisible();
    await expect(page.getByText('In the strengths profile you rate eight strengths on a scale from 0 to 100.')).toBeVisible();
    await hydrated(page);
    await reach(page, page.getByRole('link', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    // A new questionnaire starts at its page 1.
    await expect(page.getByText('Page 1 of 8', { exact: true })).toBeVisible();
    await answerByKeyboard(page, 8);

    // The last one logs out.
    await expect(page).toHaveURL(/\/finishedquestionnaire$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await hydrated(page);

    // Back to the selection afterwards: the session is over; the error page leads to the group login.
    await page.goto('/kodewquestionnaireselection');
    await expect(page).toHaveURL(/\/error\?statusCode=3/);
    await expect(page.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/kodew');
  });

  test('signed out, the info and error pages offer the way back to /kodew, also once the session is cleared', async ({ page }) => {
    await newParticipant(page);
    // Signed out: the token is revoked and cleared; the product stays known to the session.
    await page.goto('/kodewquestionnaireselection');
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/kodew');
    await expect(page).toHaveURL(/\/info\?/);
    await page.goto('/kodewquestionnaireselection');
    await expect(page).toHaveURL(/\/error\?statusCode=3/);
    const login = page.getByRole('link', { name: 'Go to sign-in' });
    await expect(login).toHaveAttribute('href', '/kodew');
    await hydrated(page);
    // The page cleared the session after its message; a reload still knows the way back.
    await page.reload();
    await expect(login).toBeVisible();
    await login.click();
    await expect(page).toHaveURL(/\/kodew$/);
  });

  test('a failed selection is logged and said on the page, the choice kept; sending again works', async ({ page }) => {
    await newParticipant(page);
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/kodewquestionnaireselection');
    await hydrated(page);
    await page.route('**/api/submit/kodew/assessmentselection', (route) => route.abort());
    await radio(page, 'Motivation').check();
    await send(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your choice could not be saved' })).toHaveText('Your choice could not be saved just now. Please try again.');
    await expect(page).toHaveURL(/\/kodewquestionnaireselection$/);
    await expect(radio(page, 'Motivation')).toBeChecked();
    expect(logged.some((text) => text.includes('assessment selection failed'))).toBe(true);
    await page.unroute('**/api/submit/kodew/assessmentselection');
    await send(page).click();
    await expect(page).toHaveURL(/\/kodewinfo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Motivation' })).toBeVisible();
  });

  test('by keyboard: a failed send is announced and focus stays on Continue (not dropped to the page), so Enter sends again', async ({ page }) => {
    await newParticipant(page);
    await page.goto('/kodewquestionnaireselection');
    await hydrated(page);
    await page.route('**/api/submit/kodew/assessmentselection', (route) => route.abort());
    await chooseByKeyboard(page, 'Motivation');
    await expect(page.getByRole('alert').filter({ hasText: 'Your choice could not be saved' })).toBeVisible();
    await expect(send(page)).toBeFocused();
    await page.unroute('**/api/submit/kodew/assessmentselection');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/kodewinfo$/);
  });

  test('a choice made and sent before the page scripts have loaded is carried out once they have', async ({ page }) => {
    await newParticipant(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**', async (route: Route) => {
      if (route.request().resourceType() === 'script') await released;
      await route.continue();
    });
    await page.goto('/kodewquestionnaireselection', { waitUntil: 'commit' });
    await radio(page, 'Motivation').check();
    await send(page).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expect(page).toHaveURL(/\/kodewquestionnaireselection$/);
    await expect(radio(page, 'Motivation')).toBeChecked();
    release();
    await expect(page).toHaveURL(/\/kodewinfo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Motivation' })).toBeVisible();
  });
});
