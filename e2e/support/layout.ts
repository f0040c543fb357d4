import type { Page } from '@playwright/test';

export type ButtonLines = { label: string; lines: number };

/**
 * How many lines the label of every visible button takes (buttons, button-styled links): the
 * button's inner height, without padding and border, in multiples of its line height.
 */
export async function buttonLines(page: Page): Promise<ButtonLines[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a.button, [role="button"]')]
      .filter((button) => button.getClientRects().length > 0 && getComputedStyle(button).visibility !== 'hidden')
      .map((button) => {
        const style = getComputedStyle(button);
        const px = (value: string) => parseFloat(value) || 0;
        const lineHeight = px(style.lineHeight) || px(style.fontSize) * 1.2;
        const inner =
          button.getBoundingClientRect().height - px(style.paddingTop) - px(style.paddingBottom) - px(style.borderTopWidth) - px(style.borderBottomWidth);
        return { label: button.innerText.replace(/\s+/g, ' ').trim(), lines: Math.round((inner / lineHeight) * 10) / 10 };
      }),
  );
}
