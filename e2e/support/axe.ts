import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { recordDocumentNow } from './htmlSeen';

/**
 * WCAG 2.1 A and AA: zero violations, with the rule ids in the failure message.
 *
 * axe runs in the page itself (legacy mode), not in each frame with the results merged in a blank
 * page the builder opens for every scan: that page took almost half of each scan's time. Legacy
 * mode cannot test frames from another origin, and the app has none; should one appear, the scan
 * fails here rather than pass without it.
 *
 * Only violations are gathered in full (resultTypes): the passes, the incomplete and the inapplicable
 * keep one node per rule, which nobody reads here: a fifth less time per scan of the questionnaire page
 * (306 → 244 ms). options() replaces what withTags() set, so it comes first.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const otherOrigins = page.frames().map((frame) => frame.url()).filter((url) => url.startsWith('http') && new URL(url).origin !== origin);
  expect(otherOrigins, 'frames from another origin, which axe in legacy mode cannot scan').toEqual([]);
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // A state worth scanning is worth checking as HTML too (npm run test:html); not one the scan
  // refused, which a journey may make on purpose to prove that the scan finds it.
  await recordDocumentNow(page, test.info());
}
