import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { LAYOUT_SHIFT_PROBE } from './pictures';

/**
 * The conditions of Lighthouse's mobile preset ("slow 4G" and a mid-range phone), applied through
 * Chromium's DevTools protocol: Network.emulateNetworkConditions (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up, throughputs in bytes per second), Emulation.setCPUThrottlingRate 4, and a 390 px wide
 * mobile viewport at device scale factor 3 with touch (Playwright's context options, which set
 * Emulation.setDeviceMetricsOverride and Emulation.setTouchEmulationEnabled).
 */
export const CONDITIONS = {
  latencyMs: 150,
  downloadBytesPerSecond: 1.6e6 / 8,
  uploadBytesPerSecond: 750e3 / 8,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
} as const;

export const CONDITIONS_TEXT =
  `network ${CONDITIONS.latencyMs} ms round trip, 1.6 Mbps down, 750 kbps up; CPU ${CONDITIONS.cpuSlowdown}× slower; ` +
  `viewport ${CONDITIONS.viewport.width}×${CONDITIONS.viewport.height} mobile, scale ${CONDITIONS.deviceScaleFactor}, touch`;

/** A phone-sized browser context; its pages run the scripts that note when the page hydrated and sum its layout shifts. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: CONDITIONS.viewport,
    deviceScaleFactor: CONDITIONS.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(HYDRATION_PROBE);
  await context.addInitScript(LAYOUT_SHIFT_PROBE);
  return context;
}

/**
 * Runs before the page's own scripts: notes performance.now() (from the navigation's start) when
 * <html data-hydrated="true"> appears, which components/chrome/HydrationMark sets once React runs.
 */
const HYDRATION_PROBE = `(() => {
  const note = () => {
    if (document.documentElement && document.documentElement.dataset.hydrated === 'true') {
      window.__benchHydratedAt = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (note()) observer.disconnect(); });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
})();`;

export type Entry = {
  seq: number;
  url: string;
  method: string;
  type?: string;
  status?: number;
  contentEncoding?: string;
  /** The response's Cache-Control header (the slider's pictures: may the browser keep them). */
  cacheControl?: string;
  /** Bytes received with the response headers (CDP's response.encodedDataLength at responseReceived). */
  headerBytes: number;
  /** All bytes received for the request, headers and encoded body (CDP's loadingFinished.encodedDataLength). */
  wireBytes: number;
  /** The body as the page got it, decoded (sum of dataReceived.dataLength). */
  decodedBytes: number;
  fromCache: boolean;
  done: boolean;
  failed?: string;
};

/** The page's network as the DevTools protocol reports it, request by request, in the order they were sent. */
export class NetworkLog {
  private readonly byId = new Map<string, Entry>();
  private readonly entries: Entry[] = [];
  private seq = 0;

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      // A redirect reuses the request id: the hop before it counts as finished.
      const previous = this.byId.get(event.requestId);
      if (previous && event.redirectResponse) {
        previous.wireBytes = Math.max(previous.wireBytes, event.redirectResponse.encodedDataLength);
        previous.done = true;
      }
      const entry: Entry = { seq: this.seq++, url: event.request.url, method: event.request.method, type: event.type, headerBytes: 0, wireBytes: 0, decodedBytes: 0, fromCache: false, done: false };
      this.byId.set(event.requestId, entry);
      this.entries.push(entry);
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = this.byId.get(event.requestId);
      if (!entry) return;
      entry.type = event.type;
      entry.status = event.response.status;
      entry.headerBytes = event.response.encodedDataLength;
      entry.fromCache = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker);
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]));
      entry.contentEncoding = headers['content-encoding'];
      entry.cacheControl = headers['cache-control'];
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const entry = this.byId.get(event.requestId);
      if (entry) entry.fromCache = true;
    });
    cdp.on('Network.dataReceived', (event) => {
      const entry = this.byId.get(event.requestId);
      if (entry) entry.decodedBytes += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = this.byId.get(event.requestId);
      if (!entry) return;
      entry.wireBytes = event.encodedDataLength;
      entry.done = true;
    });
    cdp.on('Network.loadingFailed', (event) => {
      const entry = this.byId.get(event.requestId);
      if (!entry) return;
      entry.failed = event.errorText;
      entry.done = true;
    });
  }

  /** A mark: the requests sent after it are since(mark). */
  mark(): number {
    return this.seq;
  }

  since(mark: number): Entry[] {
    return this.entries.filter((entry) => entry.seq >= mark);
  }

  /** Waits until every request sent since the mark has finished and none new came for quietMs (at most timeoutMs). */
  async settle(mark: number, quietMs = 300, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let count = -1;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      const entries = this.since(mark);
      if (entries.length !== count || entries.some((entry) => !entry.done)) {
        count = entries.length;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= quietMs) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Throttles a page (network and CPU) and starts its network log. Call before its first navigation. */
export async function throttle(page: Page): Promise<{ cdp: CDPSession; network: NetworkLog }> {
  const cdp = await page.context().newCDPSession(page);
  const network = new NetworkLog(cdp);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: CONDITIONS.latencyMs,
    downloadThroughput: CONDITIONS.downloadBytesPerSecond,
    uploadThroughput: CONDITIONS.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CONDITIONS.cpuSlowdown });
  return { cdp, network };
}

/** Bytes of a response's encoded body as it travelled (all bytes received less the header bytes). */
export function bodyWireBytes(entry: Entry): number {
  return Math.max(0, entry.wireBytes - entry.headerBytes);
}
