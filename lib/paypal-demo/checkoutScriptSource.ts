import fs from 'node:fs';
import path from 'node:path';

/**
 * The demo checkout script (checkoutScript.js), as the browser gets it: plain JavaScript, read
 * from the app's folder once (as the bundled questionnaires are, lib/content/files.ts), never
 * bundled, so that what the tests load is byte for byte what the page loads.
 */
export const CHECKOUT_SCRIPT_FILE = path.join('lib', 'embedded-api', 'payments', 'demo', 'checkoutScript.js');

let cached: string | undefined;

export function checkoutScript(): string {
  cached ??= fs.readFileSync(path.join(process.cwd(), CHECKOUT_SCRIPT_FILE), 'utf8');
  return cached;
}
