import type { Page } from 'playwright';
import type { Entry, NetworkLog } from './conditions';

/**
 * The slider view's pictures (sized for the screen, cached, never blocking the
 * first paint, no layout shift when they arrive). The pictures are <img> elements whose address is
 * the image route (/questionnaire-image/<key>?v=<fingerprint>, components/questionnaire/views/SliderView).
 */
const PICTURES = 'main img[src*="/questionnaire-image/"]';

/**
 * Runs before the page's own scripts: sums the layout shifts without recent input (as CLS counts
 * them; a shift within 500 ms of a click or key press is the answer to it, not a surprise).
 */
export const LAYOUT_SHIFT_PROBE = `(() => {
  window.__benchShift = { sum: 0, count: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__benchShift.sum += entry.value;
        window.__benchShift.count += 1;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

/** The layout shift summed so far on the page (see LAYOUT_SHIFT_PROBE). */
export async function layoutShiftSoFar(page: Page): Promise<number> {
  // Let the observer's callbacks for the last frames run first.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(100);
  return page.evaluate(() => (window as unknown as { __benchShift?: { sum: number } }).__benchShift?.sum ?? 0);
}

export type PictureShown = { url: string; naturalWidth: number; naturalHeight: number; cssWidth: number; cssHeight: number; devicePixelRatio: number };

/** The pictures on screen, once each has arrived and been decoded. */
export async function picturesShown(page: Page): Promise<PictureShown[]> {
  const pictures = page.locator(PICTURES);
  const count = await pictures.count();
  for (let i = 0; i < count; i++) {
    await pictures.nth(i).evaluate((img: HTMLImageElement) => (img.complete ? undefined : img.decode().catch(() => undefined)), undefined, { timeout: 30_000 });
  }
  return page.locator(PICTURES).evaluateAll((imgs: HTMLImageElement[]) =>
    imgs.map((img) => {
      const box = img.getBoundingClientRect();
      return { url: img.currentSrc || img.src, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, cssWidth: Math.round(box.width), cssHeight: Math.round(box.height), devicePixelRatio: window.devicePixelRatio };
    }),
  );
}

/** How a picture's request went: fetched over the network, taken from the disk cache, or revalidated (304). */
type RequestKind = 'network' | 'cache' | '304';
const requestKind = (entry: Entry): RequestKind => (entry.fromCache ? 'cache' : entry.status === 304 ? '304' : 'network');

export type PictureVisit = PictureShown & {
  /** The turn after which it was shown (-1: the cold load). */
  turn: number;
  direction?: 'forward' | 'back';
  /** Requests for it sent during that turn ('none': the browser did not ask, memory cache or fetched earlier). */
  requests: RequestKind[] | 'none';
};

export type PictureFigures = {
  url: string;
  cacheControl?: string;
  status?: number;
  /** Bytes of its first response as they travelled (headers and body) and decoded. */
  wireBytes?: number;
  decodedBytes?: number;
  naturalWidth: number;
  naturalHeight: number;
  cssWidth: number;
  cssHeight: number;
  devicePixelRatio: number;
  /** naturalWidth / (CSS width × devicePixelRatio): 1 is exactly the screen's pixels, above 1 more than it can show. */
  widthRatio: number;
  visits: number;
  /** Every request for it from the cold load to the end of the turns, in order. */
  requests: RequestKind[];
  /** Later visits that did not fetch it over the network again (no request, the disk cache, or a 304). */
  revisitsFromCache: number;
};

export type ColdPicture = {
  url?: string;
  firstContentfulPaintMs?: number;
  pictureStartMs?: number;
  pictureResponseEndMs?: number;
  /** The first paint came before the picture's last byte: the picture did not hold it back. */
  paintedBeforePicture?: boolean;
};

/** On the cold load: the first contentful paint against the first picture's responseEnd (Resource Timing, both from the navigation's start). */
export async function coldPicture(page: Page): Promise<ColdPicture> {
  await picturesShown(page);
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const picture = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => entry.name.includes('/questionnaire-image/'));
    return { fcp: paint?.startTime, url: picture?.name, start: picture?.startTime, end: picture?.responseEnd };
  });
  const round = (value: number | undefined) => (value === undefined ? undefined : Math.round(value));
  return {
    url: timing.url ? new URL(timing.url).pathname + new URL(timing.url).search : undefined,
    firstContentfulPaintMs: round(timing.fcp),
    pictureStartMs: round(timing.start),
    pictureResponseEndMs: round(timing.end),
    paintedBeforePicture: timing.fcp !== undefined && timing.end !== undefined ? timing.fcp < timing.end : undefined,
  };
}

/**
 * A cold load with every picture held back holdMs before its request goes out: if the first paint
 * still comes before the picture's last byte, the picture is not what the first paint waits for
 * (in the plain cold load the small picture may simply arrive before the style sheets and scripts).
 * Playwright's routing turns the HTTP cache off, so this load is cold whatever came before.
 */
export async function coldPictureHeldBack(page: Page, url: string, holdMs: number): Promise<ColdPicture & { holdMs: number }> {
  await page.route('**/questionnaire-image/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const figures = await coldPicture(page);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return { ...figures, holdMs };
}

/** Notes the pictures shown after the cold load and after each turn, with the requests each turn sent for them. */
export class PictureWatch {
  readonly visits: PictureVisit[] = [];

  constructor(
    private readonly page: Page,
    private readonly network: NetworkLog,
    /** The mark before the cold load: every request for a picture since then counts. */
    private readonly loadMark: number,
  ) {}

  async shown(turn: number, mark: number, direction?: 'forward' | 'back'): Promise<void> {
    const shown = await picturesShown(this.page);
    for (const picture of shown) {
      const requests = this.network.since(mark).filter((entry) => entry.url === picture.url);
      this.visits.push({ ...picture, turn, direction, requests: requests.length ? requests.map(requestKind) : 'none' });
    }
  }

  /** One row per picture: its first response, its size against the screen, and how its later visits were served. */
  figures(): PictureFigures[] {
    const urls = [...new Set(this.visits.map((visit) => visit.url))];
    const entries = this.network.since(this.loadMark);
    return urls.map((url) => {
      const visits = this.visits.filter((visit) => visit.url === url);
      const first = visits[0]!;
      const requests = entries.filter((entry) => entry.url === url);
      const response = requests[0];
      const fetched = requests.filter((entry) => requestKind(entry) === 'network').length;
      return {
        url: new URL(url).pathname + new URL(url).search,
        cacheControl: response?.cacheControl,
        status: response?.status,
        wireBytes: response?.wireBytes,
        decodedBytes: response?.decodedBytes,
        naturalWidth: first.naturalWidth,
        naturalHeight: first.naturalHeight,
        cssWidth: first.cssWidth,
        cssHeight: first.cssHeight,
        devicePixelRatio: first.devicePixelRatio,
        widthRatio: +(first.naturalWidth / (first.cssWidth * first.devicePixelRatio)).toFixed(2),
        visits: visits.length,
        requests: requests.map(requestKind),
        revisitsFromCache: Math.max(0, visits.length - Math.max(1, fetched)),
      };
    });
  }
}
