import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { chromium } from 'playwright';
import { hydrated, identCodeEntered, signIn } from './pages';

/**
 * Lighthouse 12 with its default configuration: mobile form factor and screen, simulated throttling
 * (150 ms, 1.6 Mbps, CPU 4×). Chromium comes from chrome-launcher (CHROME_PATH or /usr/bin/chromium,
 * headless, no sandbox, no GPU). Before a page that needs a session (LighthouseTarget) the cookies
 * are cleared; /accesscode is measured after its ident code was entered, a page behind the login
 * after a sign-in through the pages: Playwright connects to that Chromium over its DevTools port and signs
 * in within the default profile, so the session cookie is in the browser's own cookie jar; Lighthouse
 * opens its tab in that profile and by default clears no cookies (clearStorageTypes leaves them).
 * Lighthouse itself runs in plain node (lighthouse-run.mjs; see there why not under tsx).
 */
export type LighthouseFigures = {
  url: string;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  cumulativeLayoutShift?: number;
  firstContentfulPaintMs?: number;
  largestContentfulPaintMs?: number;
  totalBlockingTimeMs?: number;
  speedIndexMs?: number;
  finalUrl?: string;
  runtimeError?: string;
  warnings?: string[];
  failedAudits?: Array<{ category: string; id: string; score: number; displayValue?: string }>;
  lighthouseVersion?: string;
  formFactor?: string;
  throttlingMethod?: string;
  error?: string;
};

/** Run from the repository (npm run), as the other benchmarks are. */
const RUNNER = path.resolve('e2e', 'benchmarks', 'phone', 'lighthouse-run.mjs');
const run = promisify(execFile);

/**
 * A page for Lighthouse and the session it needs: signed in (signIn), an ident code accepted and the
 * access code asked for (identCode: /accesscode), or none at all (signedOut: /home). Targets with
 * none of them are measured in whatever session the browser has.
 */
export type LighthouseTarget = { name: string; path: string; signIn?: { identCode: string; accessCode: string }; identCode?: string; signedOut?: boolean };

export async function runLighthouse(base: string, targets: readonly LighthouseTarget[], log: (line: string) => void): Promise<Record<string, LighthouseFigures>> {
  const results: Record<string, LighthouseFigures> = {};
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({
      chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
      logLevel: 'silent',
    });
    for (const target of targets) {
      const url = `${base}${target.path}`;
      try {
        if (target.signIn || target.identCode || target.signedOut) {
          const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
          const context = browser.contexts()[0];
          if (!context) throw new Error('the launched Chromium has no default context');
          // Each page starts from the session it needs, not from the one the target before left.
          await context.clearCookies();
          if (target.signIn) await signIn(context, base, target.signIn.identCode, target.signIn.accessCode);
          else if (target.identCode) await identCodeEntered(context, base, target.identCode);
          // The page loads there once before Lighthouse, as the participant's browser would (also checks the session).
          const check = await context.newPage();
          await check.goto(url);
          await hydrated(check);
          const landed = new URL(check.url()).pathname;
          await check.close();
          // Disconnects Playwright; the browser launched by chrome-launcher stays.
          await browser.close();
          if (landed !== target.path) throw new Error(`${target.path} led to ${landed} before Lighthouse`);
        }
        log(`  lighthouse ${target.name}: ${url}`);
        const { stdout } = await run(process.execPath, [RUNNER, String(chrome.port), url], { maxBuffer: 16 * 1024 * 1024, timeout: 300_000 });
        const figures = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LighthouseFigures;
        const round = (value: number | undefined, digits = 0) => (value === undefined ? undefined : +value.toFixed(digits));
        results[target.name] = {
          ...figures,
          url,
          cumulativeLayoutShift: round(figures.cumulativeLayoutShift, 3),
          firstContentfulPaintMs: round(figures.firstContentfulPaintMs),
          largestContentfulPaintMs: round(figures.largestContentfulPaintMs),
          totalBlockingTimeMs: round(figures.totalBlockingTimeMs),
          speedIndexMs: round(figures.speedIndexMs),
        };
      } catch (error) {
        results[target.name] = { url, error: error instanceof Error ? error.message : String(error) };
      }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const target of targets) results[target.name] ??= { url: `${base}${target.path}`, error: `Chromium for Lighthouse did not start: ${message}` };
  } finally {
    chrome?.kill();
  }
  return results;
}
