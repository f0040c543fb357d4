import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated } from './api';

/**
 * The slider view (product 4) as journeys use it: by keyboard, the way a participant without a
 * mouse does (components/questionnaire/views/SliderView.tsx). Any flow that reaches a slider page
 * (the group flows, the P4 demo rows) can answer it with answerSliderPage.
 */

/** The sliders of the page on screen, in order. */
export const sliders = (page: Page) => page.locator('main input[type="range"]');

/** An item's slider by its text (its label). */
export const sliderOf = (page: Page, item: string | RegExp) => page.getByRole('slider', { name: item });

/** An item's 'not rated' checkbox: its accessible name is the caption with the item in brackets. */
export const notRatedOf = (page: Page, item: string) => page.getByRole('checkbox', { name: new RegExp(`\\(${item}\\)$`) });

/**
 * Sets a focused slider to a value by keyboard: Home (0 on any slider, set or not), then Page Up
 * for the tens and the right arrow for the rest, on a scale of 0–100.
 */
export async function setSliderByKeyboard(page: Page, slider: Locator, value: number): Promise<void> {
  await slider.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < Math.floor(value / 10); i++) await page.keyboard.press('PageUp');
  for (let i = 0; i < value % 10; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue(String(value));
}

/**
 * Answers every slider of the page on screen (one question a page) by keyboard, the n-th slider
 * with values[n] (default: 50 each). Leaves the page unsent: press Next yourself.
 */
export async function answerSliderPage(page: Page, values: readonly number[] = []): Promise<void> {
  await hydrated(page);
  const count = await sliders(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await setSliderByKeyboard(page, sliders(page).nth(i), values[i] ?? 50);
}
