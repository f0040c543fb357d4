import zlib from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright';
import { DEMO_PORTAL } from '../../support/portal';
import { bodyWireBytes, type NetworkLog } from './conditions';

/** The page kinds the benchmark measures; 'login' is /home and /accesscode. */
export const KINDS = ['ranking', 'grid', 'slider', 'portal', 'login'] as const;
export type Kind = (typeof KINDS)[number];
export type QuestionKind = 'ranking' | 'grid' | 'slider';

/** The demo rows (README, Demo data) each questionnaire kind signs in with; a fresh data folder has them unused. */
export const ROWS: Record<QuestionKind, { identCode: string; accessCode: string; row: string }> = {
  ranking: { identCode: 'P1DEMO01', accessCode: 'RANK4711', row: 'P1-READY (competency-24, 6 pages of 4 ranking questions)' },
  grid: { identCode: 'P2DEMO01', accessCode: 'GRID4711', row: 'P2-READY (grid-10, 10 pages of 3 items)' },
  slider: { identCode: 'P4SLIDE01', accessCode: 'SLIDE4711', row: 'P4-SLIDER (kodew-strengths, product 4, 8 pages with pictures)' },
};
/** A row only looked at: its ident code leads to /accesscode. */
export const LOGIN_ROW = 'P1VIEW001';
export const PORTAL_PATH = DEMO_PORTAL;

export const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 120_000 });

/** Signs in with ident code and access code through the pages, as a participant does (unthrottled: not measured). */
export async function signIn(context: BrowserContext, base: string, identCode: string, accessCode: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/home/${identCode}`);
  await page.waitForURL(/\/accesscode$/);
  await hydrated(page);
  await page.getByLabel('Persönlicher Zugangscode').fill(accessCode);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/accesscode'));
  await page.close();
}

/** Enters an ident code through its deep link (unthrottled: not measured); the session then shows /accesscode. */
export async function identCodeEntered(context: BrowserContext, base: string, identCode: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/home/${identCode}`);
  await page.waitForURL(/\/accesscode$/);
  await page.close();
}

/**
 * One response of a load. gzip9Bytes: gzip -9 of the decoded body (as `npm run bench` counts);
 * gzipBytes / gzipEncoding: the body as the server sends it to a gzip-only client (phone/sizes.ts).
 */
export type Resource = {
  url: string;
  type: string;
  wireBytes: number;
  bodyWireBytes: number;
  decodedBytes: number;
  gzip9Bytes?: number;
  gzipBytes?: number;
  gzipEncoding?: string;
  contentEncoding?: string;
  fromCache: boolean;
};

export type LoadFigures = {
  url: string;
  /** From the navigation's start to <html data-hydrated> (React ran: the page is usable). */
  usableMs: number;
  firstContentfulPaintMs?: number;
  domContentLoadedMs?: number;
  requests: number;
  /** Every byte received for the load (headers and encoded bodies), until the network was quiet. */
  transferredBytes: number;
  js: { files: number; bodyWireBytes: number; wireBytes: number; decodedBytes: number; gzip9Bytes: number };
  css: { files: number; bodyWireBytes: number; wireBytes: number; decodedBytes: number; gzip9Bytes: number };
  resources: Resource[];
};

export function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

/**
 * Navigates to url and measures: time to usable (hydrated) from the navigation's start, and what
 * the browser fetched for it (each response's bytes as they travelled, and gzip -9 of the bodies of
 * scripts and style sheets, which `npm run bench` reports).
 */
export async function measureLoad(page: Page, network: NetworkLog, url: string, mode: 'goto' | 'reload' = 'goto'): Promise<LoadFigures> {
  const bodies = new Map<string, Promise<number | undefined>>();
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.set(
      response.url(),
      response.body().then(
        (body) => zlib.gzipSync(body, { level: 9 }).length,
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  const mark = network.mark();
  if (mode === 'reload') await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await hydrated(page);
  await network.settle(mark, 500, 30_000);
  page.off('response', onResponse);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      hydrated: (window as unknown as { __benchHydratedAt?: number }).__benchHydratedAt,
      fcp: paint?.startTime,
      dcl: navigation?.domContentLoadedEventEnd,
    };
  });
  if (timing.hydrated === undefined) throw new Error(`${url}: the hydration probe did not note the time`);
  const entries = network.since(mark).filter((entry) => !entry.url.startsWith('data:'));
  const resources: Resource[] = [];
  for (const entry of entries) {
    const type = entry.type ?? 'Other';
    resources.push({
      url: entry.url,
      type,
      wireBytes: entry.wireBytes,
      bodyWireBytes: bodyWireBytes(entry),
      decodedBytes: entry.decodedBytes,
      gzip9Bytes: await bodies.get(entry.url),
      contentEncoding: entry.contentEncoding,
      fromCache: entry.fromCache,
    });
  }
  const group = (type: string) => {
    const files = resources.filter((resource) => resource.type === type);
    return {
      files: files.length,
      bodyWireBytes: sum(files, (file) => file.bodyWireBytes),
      wireBytes: sum(files, (file) => file.wireBytes),
      decodedBytes: sum(files, (file) => file.decodedBytes),
      gzip9Bytes: sum(files, (file) => file.gzip9Bytes ?? 0),
    };
  };
  return {
    url,
    usableMs: Math.round(timing.hydrated),
    firstContentfulPaintMs: timing.fcp === undefined ? undefined : Math.round(timing.fcp),
    domContentLoadedMs: timing.dcl === undefined ? undefined : Math.round(timing.dcl),
    requests: resources.length,
    transferredBytes: sum(resources, (resource) => resource.wireBytes),
    js: group('Script'),
    css: group('Stylesheet'),
    resources,
  };
}
