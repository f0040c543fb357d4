import type { Page } from 'playwright';

/**
 * The page turn's clock, inside the page, for every benchmark that turns pages (`npm run bench`,
 * `npm run bench:phone`): from the click event on the button to the DOM mutation that shows the
 * next page, and to the first frame painted with it.
 *
 * Why both: the DOM change comes before the style, layout and paint that make it visible, and what
 * runs in React's commit (a focus move forces the layout there) lands before or after it by where
 * the code runs, not by when the participant sees the page. "Painted" is the end of the frame after
 * the change: a requestAnimationFrame callback runs before that frame's rendering, and a task it
 * posts runs once the frame is done (the usual way to time a paint from script).
 */
export type TurnTiming = { dom: number; painted: number };

/** What the page shows as "where am I": the page indicator of a questionnaire, the heading of the portal. */
export type Shown = 'indicator' | 'heading';

/** In-page JavaScript for the text of what is shown, read without forcing a layout. */
const SHOWN_TEXT = `(shown) => shown === 'heading'
  ? (document.querySelector('main h1')?.textContent?.trim() ?? '')
  : ([...document.querySelectorAll('p[aria-live]')].map((p) => p.textContent?.trim() ?? '').find((text) => /^Seite \\d+ von \\d+$/.test(text)) ?? '')`;

/** The text of the page indicator ("Seite 2 von 6") or the portal's heading. */
export async function shownText(page: Page, shown: Shown): Promise<string> {
  // Strings, not functions: tsx would wrap a function's named helpers in a __name the page lacks.
  return (await page.evaluate(`(${SHOWN_TEXT})(${JSON.stringify(shown)})`)) as string;
}

/**
 * Arms the clock on the button labelled `label` (the next click on it starts it) and answers what is
 * shown now; `turnTiming` then waits for what is shown to change and be painted.
 */
export async function armTurnTimer(page: Page, label: string, shown: Shown): Promise<string> {
  const before = await shownText(page, shown);
  await page.evaluate(`(() => {
    const [label, before, shown] = ${JSON.stringify([label, before, shown])};
    const shownText = ${SHOWN_TEXT};
    window.__benchTurn = new Promise((resolve) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === label);
      if (!button) throw new Error('no button ' + label);
      let started = 0;
      button.addEventListener('click', () => (started = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const now = shownText(shown);
        if (started && now && now !== before) {
          observer.disconnect();
          const dom = performance.now() - started;
          requestAnimationFrame(() => setTimeout(() => resolve({ dom, painted: performance.now() - started }), 0));
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  })()`);
  return before;
}

/** The armed turn's times in ms, once the next page is painted. */
export async function turnTiming(page: Page): Promise<TurnTiming> {
  return (await page.evaluate('window.__benchTurn')) as TurnTiming;
}
