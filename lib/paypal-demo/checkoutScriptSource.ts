import fs from 'node:fs';
import path from 'node:path';

/**
 * The demo checkout script (checkoutScript/), as the browser gets it: plain JavaScript, read from
 * the app's folder once (as the bundled questionnaires are, lib/content/files.ts), never bundled,
 * so that what the tests load is byte for byte what the page loads. Its parts share one function
 * scope, as one file did: nothing of it leaks onto the page but window.paypal.
 */
export const CHECKOUT_SCRIPT_PARTS = ['page.js', 'dialog.js', 'buttons.js'].map((part) => path.join('lib', 'paypal-demo', 'checkoutScript', part));

let cached: string | undefined;

export function checkoutScript(): string {
  cached ??= `(function () {\n'use strict';\n\n${CHECKOUT_SCRIPT_PARTS.map((part) => fs.readFileSync(path.join(process.cwd(), part), 'utf8')).join('\n')}})();\n`;
  return cached;
}
