import type { Page } from '@playwright/test';
import { enterAccessCode, hydrated, signIn } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expect, needs, test } from '../support/deployed';
import { expectNotHydrated, holdScripts } from '../support/holdScripts';
import { countApiCalls, keepDraftsUnsaved, pageIndicator, pickByKeyboard, questions, tabTo } from '../support/questionnaire';
import { watchPageProblems } from '../support/pageProblems';

/**
 * The product-3 grid in details mode (questionnaire ra-requirements: one item a
 * question, scale 1–4 under two group captions, not rated -2). P3-DETAILS is answered and saved;
 * P3-VIEW is only looked at, never saved.
 */
const INVALID = 'Diese Frage ist noch nicht vollständig und gültig beantwortet.';
const DEFINITION_1 = 'Zerlegt komplexe Sachverhalte in ihre Teile und erkennt Zusammenhänge.';

const detailsButton = (page: Page) => questions(page).first().getByRole('button', { name: /^Details/ });
const checkedCaption = (page: Page) => questions(page).first().getByRole('radio', { checked: true });

async function expectChecked(page: Page, caption: string): Promise<void> {
  await expect(checkedCaption(page)).toHaveCount(1);
  await expect(questions(page).first().getByRole('radio', { name: caption, exact: true })).toBeChecked();
}

test.describe('@assessment grid in details mode (product 3)', () => {
  test('@deployed P3-DETAILS by keyboard alone: details expanded and collapsed, not rated, the invalid-page message, reload keeps the values', needs('single-use-row'), async ({ page, singleUse }) => {
    const row = await singleUse('P3-DETAILS');
    await page.goto(`/home/${row.identCode}`);
    await enterAccessCode(page, row.accessCode!);
    await page.getByRole('link', { name: 'Weiter' }).click();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 12');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Anforderungsanalyse');
    await hydrated(page);

    // From the top of a fresh load, by keyboard: the skip link, the instructions (the rated-count
    // overlay hides while a modal is open, spec §2), then the question's info button.
    await page.reload();
    await hydrated(page);
    const overlay = page.getByText(/^Bewertet: \d+ von \d+$/);
    await expect(overlay).toHaveText('Bewertet: 0 von 1');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
    await page.keyboard.press('Enter');
    const instructions = page.getByRole('button', { name: 'Anleitung' });
    await tabTo(page, instructions);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Anleitung' })).toBeVisible();
    await expect(overlay).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(instructions).toBeFocused();
    await expect(overlay).toHaveText('Bewertet: 0 von 1');
    const button = detailsButton(page);
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleName(/Analytisches Denken/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(DEFINITION_1)).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const details = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(details.getByText(DEFINITION_1)).toBeVisible();
    await expect(details.getByRole('term')).toHaveText(['Definition', 'Erläuterung', 'Übertreibung', 'Synonyme']);
    await expect(details.getByRole('listitem')).toHaveText(['Logisches Denken', 'Urteilsvermögen']);
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(details).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(details).toBeVisible();

    // Page 1: into the radio group, Space chooses its first option, 'nicht beurteilbar' (-2); Enter sends.
    await page.keyboard.press('Tab');
    await pickByKeyboard(page, 0);
    await expectChecked(page, 'nicht beurteilbar');
    await expect(overlay).toHaveText('Bewertet: 1 von 1');
    await page.keyboard.press('Enter');
    await expect(pageIndicator(page)).toHaveText('Seite 2 von 12');

    // Page 2: focus is on the page indicator (moved there in the frame after the render, so wait for
    // it before pressing Tab); Tab past the instructions and the info button into the radios.
    await expect(pageIndicator(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(detailsButton(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await pickByKeyboard(page, 3);
    await expectChecked(page, 'wichtig');
    await page.keyboard.press('Enter');
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 12');

    // Page 3 left unanswered: the message, announced and on the question, which gets the focus; nothing is sent.
    const third = questions(page).first();
    const calls = await countApiCalls(page, async () => {
      await tabTo(page, page.getByRole('button', { name: 'Weiter' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert', { name: `Fehler Frage 3: ${INVALID}` })).toBeVisible();
    });
    expect(calls).toEqual([]);
    await expect(third).toBeFocused();
    await expect(third).toHaveAttribute('data-invalid', 'true');
    await expect(third.locator('fieldset')).toHaveAttribute('data-invalid', 'true');
    await expect(pageIndicator(page)).toHaveText('Seite 3 von 12');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await pickByKeyboard(page, 4);
    await expectChecked(page, 'sehr wichtig');
    await expect(page.getByRole('alert', { name: /^Fehler Frage/ })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(pageIndicator(page)).toHaveText('Seite 4 von 12');

    // A reload keeps the page; going back shows every saved value, not rated included.
    await page.reload();
    await expect(pageIndicator(page)).toHaveText('Seite 4 von 12');
    await hydrated(page);
    for (const [indicator, caption] of [
      ['Seite 3 von 12', 'sehr wichtig'],
      ['Seite 2 von 12', 'wichtig'],
      ['Seite 1 von 12', 'nicht beurteilbar'],
    ] as const) {
      await page.getByRole('button', { name: 'Zurück' }).click();
      await expect(pageIndicator(page)).toHaveText(indicator);
      await expectChecked(page, caption);
    }
    await page.reload();
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 12');
    await expectChecked(page, 'nicht beurteilbar');
  });

  test('P3-VIEW: axe finds nothing with the details collapsed and expanded', async ({ page }) => {
    await signIn(page, 'P3VIEW001', 'DETAILVIEW4711');
    await page.goto('/questionnaire');
    await hydrated(page);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 12');
    const button = detailsButton(page);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations(page);
    await button.click();
    await expect(page.getByText(DEFINITION_1)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const width of [390, 320]) {
    test(`P3-VIEW at ${width} px: no horizontal page scroll, group captions over the radios, touch targets of 24 px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await signIn(page, 'P3VIEW001', 'DETAILVIEW4711');
      await page.goto('/questionnaire');
      await hydrated(page);
      const question = questions(page).first();
      await detailsButton(page).click();
      await expect(page.getByText(DEFINITION_1)).toBeVisible();
      const scroll = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
      expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.innerWidth);

      // Each radio's target (the radio with its caption) is at least 24 px both ways and inside the page.
      const targets = await question.locator('fieldset label').evaluateAll((labels) =>
        labels.map((label) => {
          const box = label.getBoundingClientRect();
          return { width: box.width, height: box.height, right: box.right };
        }),
      );
      expect(targets).toHaveLength(5);
      for (const target of targets) {
        expect(target.width).toBeGreaterThanOrEqual(24);
        expect(target.height).toBeGreaterThanOrEqual(24);
        expect(target.right).toBeLessThanOrEqual(width);
      }

      // The group captions moved above the radios: 'weniger wichtig' over 'unwichtig' and 'eher unwichtig'.
      const centre = async (locator: ReturnType<Page['locator']>) => {
        const box = (await locator.boundingBox())!;
        return { x: box.x + box.width / 2, y: box.y };
      };
      const group = await centre(question.getByText('weniger wichtig', { exact: true }));
      const low = await centre(question.getByRole('radio', { name: 'unwichtig', exact: true }));
      const lowish = await centre(question.getByRole('radio', { name: 'eher unwichtig', exact: true }));
      expect(group.y).toBeLessThan(low.y);
      expect(Math.abs(group.x - (low.x + lowish.x) / 2)).toBeLessThan(24);
      await expectNoAxeViolations(page);
      await context.close();
    });
  }

  test('P3-VIEW before its scripts: a rating chosen and the info button pressed before hydration are kept', async ({ page }) => {
    const problems = watchPageProblems(page);
    await signIn(page, 'P3VIEW001', 'DETAILVIEW4711');
    // The rating would be a draft a second later: P3-VIEW stays as the demo made it.
    await keepDraftsUnsaved(page);
    const scripts = await holdScripts(page);
    await scripts.goto('/questionnaire');
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 12');
    await questions(page).first().getByRole('radio', { name: 'wichtig', exact: true }).check();
    await detailsButton(page).click();
    await expectNotHydrated(page);
    scripts.release();
    await hydrated(page);
    await expectChecked(page, 'wichtig');
    await expect(detailsButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(DEFINITION_1)).toBeVisible();
    await expect(page.getByText('Bewertet: 1 von 1')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

/**
 * The product-2 grid in details mode with several items a question (questionnaire grid-details:
 * 3 questions of 2 or 3 items, one a page). P2-DETAILS-VIEW is only looked at: nothing is chosen,
 * so no draft is saved, and no page is sent.
 */
test.describe('@assessment grid in details mode with several items a question (product 2)', () => {
  const TEAM_DEFINITION = 'Arbeitet konstruktiv mit anderen zusammen und stellt gemeinsame Ziele über eigene.';
  const ITEMS = [
    'a) Bringt eigene Ideen aktiv in Besprechungen ein.',
    'b) Unterstützt Kolleginnen und Kollegen, wenn diese Hilfe benötigen.',
    'c) Teilt Informationen und Wissen offen mit dem Team.',
  ];

  /** The button's name: Chromium puts a space before the visually hidden part (as the one-item tests allow). */
  const detailsName = (item: string) => new RegExp(`^Details ?: Teamfähigkeit, ${item.replace(/[.)]/g, '\\$&')}$`);

  test('P2-DETAILS-VIEW: every item has its info button with a name of its own; each shows the question\'s details under its item, one place at a time; axe finds nothing with them open', async ({ page }) => {
    await signIn(page, 'P2DETV001', 'GRIDDETAIL4711');
    await page.goto('/questionnaire');
    await hydrated(page);
    await expect(pageIndicator(page)).toHaveText('Seite 1 von 3');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Arbeitsstil mit Erläuterungen');
    const question = questions(page).first();
    const buttons = question.getByRole('button', { name: /^Details/ });
    await expect(buttons).toHaveCount(3);
    for (const [index, item] of ITEMS.entries()) {
      const button = buttons.nth(index);
      await expect(button).toHaveAccessibleName(detailsName(item));
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // Each button is in its own item's radio group.
      await expect(question.getByRole('group', { name: item.slice(3) }).getByRole('button')).toHaveAccessibleName(detailsName(item));
    }
    const shownDefinitions = page.getByText(TEAM_DEFINITION).filter({ visible: true });
    await expect(shownDefinitions).toHaveCount(0);
    await expectNoAxeViolations(page);

    const regionOf = async (index: number) => page.locator(`#${await buttons.nth(index).getAttribute('aria-controls')}`);

    // b), by keyboard: the question's details under b), and only there.
    await buttons.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'true');
    const underB = await regionOf(1);
    await expect(underB.getByText(TEAM_DEFINITION)).toBeVisible();
    await expect(underB.getByRole('term')).toHaveText(['Definition', 'Erläuterung', 'Übertreibung', 'Synonyme']);
    await expect(underB.getByRole('listitem')).toHaveText(['Kooperationsbereitschaft', 'Teamgeist']);
    await expect(question.getByRole('group', { name: ITEMS[1]!.slice(3) }).locator(`#${await underB.getAttribute('id')}`)).toBeVisible();
    await expect(shownDefinitions).toHaveCount(1);
    await expectNoAxeViolations(page);

    // c) moves them: b) closes, c) is the one expanded.
    await buttons.nth(2).click();
    await expect(buttons.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(underB).toBeHidden();
    await expect((await regionOf(2)).getByText(TEAM_DEFINITION)).toBeVisible();
    await expect(shownDefinitions).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Pressed again, c) hides them: no details open anywhere.
    await buttons.nth(2).click();
    await expect(buttons.nth(2)).toHaveAttribute('aria-expanded', 'false');
    await expect(shownDefinitions).toHaveCount(0);
  });
});
