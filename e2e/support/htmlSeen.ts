import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';

/**
 * The HTML the journeys saw, kept for the Nu HTML Checker (lib/scripts/check-html.ts, run by
 * `npm test` after the journeys): every page a journey's browser loaded, as the server sent it, and
 * the document as it stood at each accessibility scan (modals open, questionnaire views, messages),
 * which is where the journeys reach the states worth checking. Each distinct document is kept once.
 */
export const HTML_SEEN_DIR = path.join(process.cwd(), 'test-results', 'html-seen');

/** Per-request values that make two copies of one page differ (the CSP nonce, React's ids). */
function normalised(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, '').replace(/«[^»]*»/g, '').replace(/self\.__next_f\.push\(.*?\)<\/script>/gs, '</script>');
}

function keep(html: string, source: string, testInfo: TestInfo): void {
  const hash = createHash('sha256').update(normalised(html)).digest('hex').slice(0, 16);
  const file = path.join(HTML_SEEN_DIR, `${hash}.html`);
  if (fs.existsSync(file)) return;
  fs.mkdirSync(HTML_SEEN_DIR, { recursive: true });
  fs.writeFileSync(file, html);
  // Where it was seen, for the checker's report: the page's address and the journey.
  fs.writeFileSync(`${file}.json`, JSON.stringify({ source, test: testInfo.titlePath.slice(1).join(' › ') }));
}

/** Keeps every HTML document the context's pages load (main frame, as sent). */
export function recordDocuments(context: BrowserContext, testInfo: TestInfo): void {
  context.on('response', async (response) => {
    const request = response.request();
    if (request.resourceType() !== 'document' || request.frame().parentFrame() !== null) return;
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
    const html = await response.text().catch(() => undefined);
    if (html) keep(html, response.url(), testInfo);
  });
}

/**
 * The document as the checker should read it. A serialised DOM is not bytes off the wire: scripts
 * that Next adds to the head on the client come before the <meta charset> the server sent first, so
 * it is put back first, where the rule that it lie within the first 1,024 bytes is about the wire.
 */
function asSent(html: string): string {
  const charset = /<meta charset="utf-8">/i;
  if (!charset.test(html)) return html;
  return html.replace(charset, '').replace(/<head>/i, '<head><meta charset="utf-8">');
}

/** Keeps the document as it stands now (after scripts: what the participant sees). */
export async function recordDocumentNow(page: Page, testInfo: TestInfo): Promise<void> {
  const html = await page.content().catch(() => undefined);
  if (html) keep(asSent(html), `${page.url()} (as shown)`, testInfo);
}
