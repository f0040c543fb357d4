/**
 * npm run bench:console — the operator console's first-load JavaScript, page by page: a production
 * server on a fresh data folder, an owner created through the admin channel and signed in, then
 * each console page loaded cold in Chromium. Counts the scripts as they travelled (brotli) and as
 * gzip -9 of their bodies, as the participant pages' budget counts them (npm run test:budget), and
 * how much of that is Next's runtime, which every page of the app loads. Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright';
import { freePort, startServer } from '../fuzz/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/admin/signin', '/admin', '/admin/assessments', '/admin/groupcodes', '/admin/questionnaires', '/admin/exports', '/admin/mail', '/admin/portal', '/admin/privacy', '/admin/audit', '/admin/account'];
const PASSWORD = 'bench console password';

function admin(dataDir: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['lib/admin/bin.mjs', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`admin ${args.join(' ')} exited ${code}`))));
  });
}

type Figures = { page: string; files: number; wireKB: number; gzipKB: number; runtimeGzipKB: number };

async function measure(page: Page, target: string, runtime: Set<string>): Promise<Figures> {
  const scripts: Array<{ url: string; wire: number; body: Buffer }> = [];
  const seen = (response: import('playwright').Response) => {
    if (response.request().resourceType() !== 'script') return;
    const pending = Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => scripts.push({ url: response.url(), wire: sizes.responseBodySize, body }));
    waits.push(pending.catch(() => undefined));
  };
  const waits: Array<Promise<unknown>> = [];
  page.on('response', seen);
  await page.goto(target, { waitUntil: 'networkidle' });
  await Promise.all(waits);
  page.off('response', seen);
  const gzip = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const isRuntime = (url: string) => runtime.has(new URL(url).pathname.replace(/^\//, ''));
  return {
    page: target.replace(/^https?:\/\/[^/]+/, ''),
    files: scripts.length,
    wireKB: kb(scripts.reduce((sum, s) => sum + s.wire, 0)),
    gzipKB: kb(scripts.reduce((sum, s) => sum + gzip(s.body), 0)),
    runtimeGzipKB: kb(scripts.filter((s) => isRuntime(s.url)).reduce((sum, s) => sum + gzip(s.body), 0)),
  };
}

async function main(): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync('.next/build-manifest.json', 'utf8')) as { rootMainFiles?: string[] };
  const runtime = new Set((manifest.rootMainFiles ?? []).map((file) => `_next/${file}`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-console-'));
  const port = await freePort();
  const server = await startServer({ port, dataDir, logFile: path.join(os.tmpdir(), 'bench-console-server.log'), env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const link = new URL((await admin(dataDir, 'operator', 'create', '--email', 'bench@example.org', '--role', 'owner')).trim());
    const context = await browser.newContext({ locale: 'de-DE' });
    const setup = await context.newPage();
    await setup.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await setup.getByLabel('Neues Passwort').fill(PASSWORD);
    await setup.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await setup.getByRole('button', { name: 'Passwort festlegen' }).click();
    await setup.waitForURL(/\/admin\/signin/);
    await setup.getByLabel('E-Mail-Adresse').fill('bench@example.org');
    await setup.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await setup.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await setup.waitForURL(/\/admin$/);
    await setup.close();
    const rows: Figures[] = [];
    for (const target of PAGES) {
      // Cold: a new page in a context with the session's cookies but an empty cache.
      const cold = await browser.newContext({ locale: 'de-DE', storageState: await context.storageState() });
      const page = await cold.newPage();
      rows.push(await measure(page, `${server.baseUrl}${target}`, runtime));
      await cold.close();
    }
    console.log('console first-load JavaScript (cold, signed in as owner)');
    console.log('page                    files  brotli KB  gzip KB  of it Next runtime gzip KB');
    for (const row of rows) console.log(`${row.page.padEnd(24)}${String(row.files).padStart(5)}${String(row.wireKB).padStart(11)}${String(row.gzipKB).padStart(9)}${String(row.runtimeGzipKB).padStart(12)}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
