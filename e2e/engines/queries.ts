import { buildSync } from 'esbuild';

/**
 * @testing-library/dom, bundled for the page: its getByRole and getByLabelText find elements as a
 * participant's assistive technology names them, as Playwright's locators do in the Chromium
 * journeys. WebDriver and puppeteer have no such locators in every engine, so the journeys of
 * Firefox and WebKit inject this into each document they query (window.__engineQueries).
 */
let bundle: string | undefined;

export function queriesBundle(): string {
  bundle ??= buildSync({
    stdin: { contents: "export * from '@testing-library/dom';", resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: '__engineQueries',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
  return bundle;
}
