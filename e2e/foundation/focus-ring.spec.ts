import type { Page } from '@playwright/test';
import { expect, test } from '../support/deployed';
import { hydrated, signIn } from '../support/api';

/**
 * Focus visible, for people who see less well: every control Tab reaches shows a ring of at least
 * 2 px that stands out at least 3:1 from what it is drawn on (WCAG 2.1, 1.4.11 non-text contrast,
 * which covers the focus indicator). axe does not look at focus. Rows: P1-VIEW, P3-VIEW, P4-VIEW
 * (only looked at, never saved).
 */

type Ring = { control: string; width: number; ratio: number };

/** Presses Tab `steps` times and measures, each time, the ring around what took focus. */
async function ringsByTab(page: Page, steps: number): Promise<Ring[]> {
  const rings: Ring[] = [];
  for (let step = 0; step < steps; step++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) =>
        [r!, g!, b!]
          .map((v) => v / 255)
          .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
          .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
      // The ring is the focused control's outline, or that of the option around a radio (label:has(:focus-visible)).
      const drawsRing = (element: Element) => getComputedStyle(element).outlineStyle !== 'none' && parseFloat(getComputedStyle(element).outlineWidth) > 0;
      const ringElement = [focused, focused.parentElement, focused.closest('label')].find((element) => element && drawsRing(element)) ?? focused;
      const style = getComputedStyle(ringElement);
      // The ring is drawn outside the control (outline-offset ≥ 0): on the first painted background around it.
      let behind: Element | null = ringElement.parentElement;
      let background = [255, 255, 255];
      while (behind) {
        const colour = rgb(getComputedStyle(behind).backgroundColor);
        if (colour.length === 3 || (colour.length === 4 && colour[3]! > 0)) {
          background = colour.slice(0, 3);
          break;
        }
        behind = behind.parentElement;
      }
      const [light, dark] = [luminance(rgb(style.outlineColor)), luminance(background)].sort((a, b) => b - a);
      const name = focused.getAttribute('aria-label') ?? (focused as HTMLInputElement).labels?.[0]?.textContent ?? focused.textContent ?? '';
      return {
        control: `${focused.tagName.toLowerCase()}${(focused as HTMLInputElement).type ? `[${(focused as HTMLInputElement).type}]` : ''} "${name.trim().slice(0, 40)}"`,
        width: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
        ratio: Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100,
      };
    });
    if (ring) rings.push(ring);
  }
  return rings;
}

function expectVisibleRings(rings: Ring[]): void {
  expect(rings.length).toBeGreaterThan(3);
  expect(rings.filter((ring) => ring.width < 2 || ring.ratio < 3)).toEqual([]);
}

test.describe('@foundation focus ring', () => {
  test('the start page: skip link, language, code field, button, imprint', async ({ page }) => {
    await page.goto('/home');
    await hydrated(page);
    // The code field has autofocus; from the top of the document instead.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expectVisibleRings(await ringsByTab(page, 8));
  });

  test('the ranking view: instructions, every rank radio, previous and next (P1-VIEW)', async ({ page }) => {
    await signIn(page, 'P1VIEW001', 'VIEW4711');
    await page.goto('/questionnaire');
    await hydrated(page);
    const rings = await ringsByTab(page, 14);
    expect(rings.some((ring) => ring.control.startsWith('input[radio]'))).toBe(true);
    expectVisibleRings(rings);
  });

  test('the grid in details mode and the slider view: info button, radios, sliders, not rated (P3-VIEW, P4-VIEW)', async ({ page }) => {
    await signIn(page, 'P3VIEW001', 'DETAILVIEW4711');
    await page.goto('/questionnaire');
    await hydrated(page);
    const grid = await ringsByTab(page, 8);
    expect(grid.some((ring) => ring.control.startsWith('button') && ring.control.includes('Details'))).toBe(true);

    await signIn(page, 'P4VIEW001', 'SLIDEVIEW4711');
    await page.goto('/questionnaire');
    await hydrated(page);
    const slider = await ringsByTab(page, 10);
    expect(slider.some((ring) => ring.control.startsWith('input[range]'))).toBe(true);
    expectVisibleRings([...grid, ...slider]);
  });
});
