/**
 * npm run bench — measures, in production mode with the embedded API on loopback:
 *   1. page turns of /questionnaire: time from the click on next (or previous) to the first frame
 *      painted with the next page (and, apart, to the DOM change that shows it), and the HTTP
 *      requests each turn makes;
 *   2. the first-load JavaScript of /questionnaire, gzip-compressed as it would travel.
 * Needs `npm run build` first. Starts its own server on a fresh data folder and stops it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright';
import { percentile } from './support/stats';
import { armTurnTimer, shownText, turnTiming } from './support/turnTimer';

const PORT = Number(process.env.BENCH_PORT ?? 3150);
const TURNS = Number(process.env.BENCH_TURNS ?? 60);
const BASE = `http://localhost:${PORT}`;

async function waitForServer(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

async function rankPage(page: Page, shift: number) {
  const sections = page.locator('main section[id^="question-"]');
  const count = await sections.count();
  for (let q = 0; q < count; q++) {
    const rows = sections.nth(q).locator('fieldset');
    for (let r = 0; r < 4; r++) await rows.nth(r).locator('input[type=radio]').nth((r + shift) % 4).check();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const server = spawn(process.execPath, ['server.mjs', '-p', String(PORT)], {
    env: { ...process.env, DEMO_MODE: 'on', DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await waitForServer(Date.now() + 60_000);
    const page = await browser.newPage();

    // First-load JavaScript: every script the browser fetches for a fresh load of /questionnaire.
    await page.goto(`${BASE}/home/P1DEMO01`);
    await page.waitForURL(/accesscode/);
    await page.getByLabel('Persönlicher Zugangscode').fill('RANK4711');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/questionnairemanual/);
    const fresh = await browser.newContext();
    await fresh.addCookies(await page.context().cookies());
    const probe = await fresh.newPage();
    const scripts: Array<{ url: string; raw: number; gzip: number }> = [];
    probe.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.push({ url: response.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    });
    await probe.goto(`${BASE}/questionnaire`, { waitUntil: 'networkidle' });
    const gzipTotal = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const rawTotal = scripts.reduce((sum, s) => sum + s.raw, 0);
    await fresh.close();

    // Page turns: forward through the six pages and back again, repeatedly.
    await page.goto(`${BASE}/questionnaire`);
    const turns: number[] = [];
    const domTurns: number[] = [];
    const requestsPerTurn: number[] = [];
    let forward = true;
    for (let i = 0; i < TURNS; i++) {
      const current = Number(/Seite (\d+)/.exec(await shownText(page, 'indicator'))?.[1]);
      if (current === 6) forward = false;
      if (current === 1) forward = true;
      await rankPage(page, i);
      let requests = 0;
      const count = (request: { url: () => string }) => {
        if (!request.url().includes('/_next/static')) requests++;
      };
      page.on('request', count);
      const label = forward ? 'Weiter' : 'Zurück';
      // Measured inside the page (support/turnTimer.ts): to the first frame painted with the next page, and to the DOM change alone.
      await armTurnTimer(page, label, 'indicator');
      await page.getByRole('button', { name: label, exact: true }).click();
      const timed = await turnTiming(page);
      turns.push(timed.painted);
      domTurns.push(timed.dom);
      page.off('request', count);
      requestsPerTurn.push(requests);
    }

    const result = {
      turns: TURNS,
      pageTurnMs: { p50: Math.round(percentile(turns, 50)), p95: Math.round(percentile(turns, 95)), max: Math.round(Math.max(...turns)) },
      pageTurnToDomChangeMs: { p50: Math.round(percentile(domTurns, 50)), p95: Math.round(percentile(domTurns, 95)), max: Math.round(Math.max(...domTurns)) },
      requestsPerTurn: { min: Math.min(...requestsPerTurn), max: Math.max(...requestsPerTurn) },
      firstLoadJs: { scripts: scripts.length, gzipKB: +(gzipTotal / 1024).toFixed(1), rawKB: +(rawTotal / 1024).toFixed(1) },
    };
    if (process.env.BENCH_VERBOSE) for (const s of scripts) console.error(`${s.gzip}\t${s.url}`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
