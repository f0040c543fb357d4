import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { chromiumBackend } from '../chromium';
import { Engine } from '../engine';
import { expect, test } from '../fixtures';
import { signIn } from '../journeys';

/**
 * The main screens on a phone (390 px) in WebKit, as on an iPhone, beside the same screens in
 * Chromium: in both nothing scrolls sideways, no control leaves the screen or cuts its label, every
 * target is at least 24 px (WCAG 2.5.8), and WebKit shows the same controls as Chromium. Both
 * screenshots of each screen are kept in the test's folder of test-results/ and attached to the
 * report, to be looked at side by side. The slider
 * view's range inputs are drawn alike: the filled and the empty track and the thumb have the
 * same colours in both engines (components/questionnaire/views/Slider.module.css styles the
 * -webkit- parts, which WebKit and Chromium share, and the -moz- ones).
 * Rows P1-VIEW, P4-VIEW and P3-VIEW are only looked at.
 */
const PHONE = { width: 390, height: 844 };

type Control = { name: string; kind: string; left: number; right: number; width: number; height: number; cut: boolean };
type Layout = { innerWidth: number; overflow: number; controls: Control[] };

/** In the page: what a participant would notice of the layout. */
const MEASURE = `() => {
  const doc = document.documentElement;
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  // Visually hidden texts (1 px, clipped) are for screen readers, not targets.
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 2 && r.height > 2; };
  const controls = Array.from(document.querySelectorAll('button, a.button, [role="button"], select, input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="range"]), textarea'))
    .filter((el) => visible(el) && shown(el) && !el.closest('[aria-hidden="true"]'))
    .map((el) => {
      const r = el.getBoundingClientRect();
      const label = (el.getAttribute('aria-label') || (el.tagName === 'INPUT' ? (el.labels?.[0]?.textContent ?? el.name) : el.textContent) || '').trim().replace(/\\s+/g, ' ');
      const text = el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' ? false : el.scrollWidth > el.clientWidth + 1;
      return { name: label.slice(0, 60), kind: el.tagName.toLowerCase(), left: r.left, right: r.right, width: r.width, height: r.height, cut: text };
    });
  return { innerWidth: window.innerWidth, overflow: doc.scrollWidth - doc.clientWidth, controls };
}`;

type Screen = { name: string; reach: (engine: Engine) => Promise<void> };

async function questionnaire(engine: Engine): Promise<void> {
  await engine.goto('/questionnaire');
  await engine.waitForPath(/^\/questionnaire$/);
  await engine.hydrated();
}

const SCREENS: Screen[] = [
  // The screens without a session first: the error page clears a session after it renders, and
  // the header's sign-out button would be measured in one engine and gone in the other.
  {
    name: 'error page',
    reach: async (engine) => {
      await engine.goto('/home/P1DONE001');
      await engine.seeText('main [role="alert"]', /bereits abgeschlossen/);
    },
  },
  {
    name: 'group code',
    reach: async (engine) => {
      await engine.goto('/kodew/KWDEMO01');
      await engine.hydrated();
    },
  },
  {
    name: 'portal',
    reach: async (engine) => {
      await engine.goto('/portal/PTDEMO01/1');
      await engine.hydrated();
    },
  },
  {
    name: 'access code',
    reach: async (engine) => {
      await engine.goto('/home/P1VIEW001');
      await engine.waitForPath(/^\/accesscode$/);
      await engine.hydrated();
    },
  },
  { name: 'manual', reach: (engine) => signIn(engine, 'P1VIEW001', 'VIEW4711') },
  { name: 'ranking', reach: questionnaire },
  { name: 'slider', reach: async (engine) => (await signIn(engine, 'P4VIEW001', 'SLIDEVIEW4711'), questionnaire(engine)) },
  { name: 'grid with details', reach: async (engine) => (await signIn(engine, 'P3VIEW001', 'DETAILVIEW4711'), questionnaire(engine)) },
];

/** Colours of the page's screenshot at the given points, decoded by Chromium (a blank page has no policy against data: images). */
async function coloursAt(decoder: Page, png: Buffer, points: { x: number; y: number }[]): Promise<number[][]> {
  return decoder.evaluate(
    async ({ data, points }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return points.map(({ x, y }) => Array.from(context.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)));
    },
    { data: png.toString('base64'), points },
  );
}

/** Where a set slider's filled track, empty track and thumb are drawn, in viewport pixels. */
const SLIDER_POINTS = `() => {
  const range = document.querySelector('main input[type="range"]');
  range.scrollIntoView({ block: 'center' });
  range.blur();
  const r = range.getBoundingClientRect();
  const thumb = 28;
  const y = r.top + r.height / 2;
  const at = r.left + thumb / 2 + ((r.width - thumb) * Number(range.value)) / 100;
  return [{ x: r.left + 6, y }, { x: r.right - 6, y }, { x: at, y }];
}`;

test.describe('@engines phone layout in WebKit beside Chromium', () => {
  test('the main screens at 390 px: no sideways scrolling, no control off screen or cut, targets of 24 px, the same controls as Chromium', async ({ engine: webkit, page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const chromium = new Engine(chromiumBackend(page), baseURL!);
    await webkit.backend.setViewport(PHONE.width, PHONE.height);
    await chromium.backend.setViewport(PHONE.width, PHONE.height);
    const problems: string[] = [];
    for (const screen of SCREENS) {
      const layouts: Partial<Record<'webkit' | 'chromium', Layout>> = {};
      for (const engine of [webkit, chromium]) {
        await screen.reach(engine);
        const layout = await engine.run<Layout>(MEASURE);
        layouts[engine.name as 'webkit' | 'chromium'] = layout;
        // Kept in test-results/ (and the report) to be looked at side by side.
        const file = testInfo.outputPath(`${screen.name.replace(/ /g, '-')}-${engine.name}.png`);
        fs.writeFileSync(file, await engine.backend.screenshot());
        await testInfo.attach(`${screen.name} (${engine.name})`, { path: file, contentType: 'image/png' });
        expect(layout.innerWidth, `${engine.name}: the viewport of ${screen.name}`).toBe(PHONE.width);
        if (layout.overflow > 1) problems.push(`${engine.name}, ${screen.name}: scrolls sideways by ${layout.overflow} px`);
        for (const control of layout.controls) {
          const what = `${engine.name}, ${screen.name}: ${control.kind} '${control.name}'`;
          if (control.left < -1 || control.right > layout.innerWidth + 1) problems.push(`${what} leaves the screen (${Math.round(control.left)}–${Math.round(control.right)} px)`);
          if (control.cut) problems.push(`${what} cuts its label`);
          if (control.width < 24 || control.height < 24) problems.push(`${what} is ${Math.round(control.width)}×${Math.round(control.height)} px, under 24 px`);
        }
      }
      const names = (layout: Layout) => layout.controls.map((c) => `${c.kind} ${c.name}`).sort();
      expect(names(layouts.webkit!), `the controls of ${screen.name} in WebKit and Chromium`).toEqual(names(layouts.chromium!));
    }
    expect(problems).toEqual([]);
  });

  test('the slider view\'s range inputs are drawn alike: filled track, empty track and thumb in the same colours as in Chromium (P4-VIEW)', async ({ engine: webkit, page, baseURL, browser }) => {
    test.setTimeout(60_000);
    const chromium = new Engine(chromiumBackend(page), baseURL!);
    const colours: number[][][] = [];
    const decoder = await browser.newPage();
    for (const engine of [webkit, chromium]) {
      await engine.backend.setViewport(PHONE.width, PHONE.height);
      await signIn(engine, 'P4VIEW001', 'SLIDEVIEW4711');
      await questionnaire(engine);
      // Set by keyboard to 60 (a value, not the hollow 'unset' thumb); the page is never saved.
      await engine.focusNth('main input[type="range"]', 0);
      await engine.press('Home');
      for (let k = 0; k < 6; k++) await engine.press('PageUp');
      await engine.until('the slider at 60', () => engine.run<boolean>(`() => document.querySelector('main input[type="range"]').value === '60'`));
      const points = await engine.run<{ x: number; y: number }[]>(SLIDER_POINTS);
      colours.push(await coloursAt(decoder, await engine.backend.screenshot(), points));
    }
    await decoder.close();
    const [inWebKit, inChromium] = colours as [number[][], number[][]];
    const parts = ['filled track', 'empty track', 'thumb'];
    for (let i = 0; i < parts.length; i++) {
      const difference = Math.max(...inWebKit[i]!.map((channel, c) => Math.abs(channel - inChromium[i]![c]!)));
      expect(difference, `${parts[i]}: WebKit rgb(${inWebKit[i]}) against Chromium rgb(${inChromium[i]})`).toBeLessThanOrEqual(24);
    }
    // The filled track and the thumb are the primary colour, the empty track is not.
    expect(inChromium[0]).toEqual(inChromium[2]);
    expect(inChromium[0]).not.toEqual(inChromium[1]);
  });
});
