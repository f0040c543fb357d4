import { test } from '@playwright/test';
import { hydrated, signIn } from './support/api';

for (const [w, h] of [[1280, 900], [390, 844], [320, 700]]) {
  test(`shot ${w}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    await signIn(page, 'P3VIEW001', 'DETAILVIEW4711');
    await page.goto('/questionnaire');
    await hydrated(page);
    await page.screenshot({ path: `/tmp/gridshots/p3-${w}-collapsed.png`, fullPage: true });
    await page.getByRole('button', { name: /^Details/ }).click();
    await page.screenshot({ path: `/tmp/gridshots/p3-${w}-expanded.png`, fullPage: true });
    await signIn(page, 'P2DEMO01', 'GRID4711');
    await page.goto('/questionnaire');
    await hydrated(page);
    await page.screenshot({ path: `/tmp/gridshots/p2-${w}.png`, fullPage: true });
    await context.close();
  });
}
